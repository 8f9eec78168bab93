// docs/decisions/first-reads.md: the prerendered property and Explore documents read their data themselves
// (an inline script, before the app's scripts arrive) and show the largest photos in the skeleton, so a
// shared link or Explore shows its photos before the app has run and its listings without waiting for
// supabase-js, and nothing is read or downloaded twice.
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Page, type Request } from '@playwright/test';
import { e2eBackend } from './support/backend.ts';
import { propertyIds, signInAt } from './support/booking-card.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 90_000 });
test.use({ serviceWorkers: 'block' });

const property = `/property/${propertyIds.ubud}`;

/** supabase-js's chunk in this build (the remote client module), from the build's manifest. */
function supabaseJsChunk(): string {
  const manifest = JSON.parse(readFileSync(`${e2eBackend.outDir}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest['src/remote/client.ts'];
  if (!chunk) throw new Error('the build has no chunk for src/remote/client.ts');
  return `/${chunk.file}`;
}

/** supabase-js never arrives: what shows came from the documents' reads. */
async function withoutSupabaseJs(page: Page): Promise<void> {
  const blocked = supabaseJsChunk();
  await page.route((url) => url.pathname === blocked, (route) => route.abort());
}

const isCatalogueRead = (request: Request) => {
  const url = new URL(request.url());
  return request.method() === 'GET' && url.pathname.endsWith('/rest/v1/properties') && url.searchParams.get('order') === 'created_at.desc,id.desc';
};

/** None of the app's scripts ever arrive: what shows is the document and its inlined script's doing. */
async function withoutAppScripts(page: Page): Promise<void> {
  await page.route((url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'), (route) => route.abort());
}

/** The photos the page downloads (the renderer's or the uploaded renditions, docs/decisions/photo-renditions.md), by URL, in request order. */
function recordPhotoDownloads(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image' && /\/storage\/v1\/(?:render\/image|object)\/public\//.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** Waits until the document's read has answered and its script has handled the answer (it subscribed first). */
async function firstReadHandled(page: Page): Promise<void> {
  await page.evaluate(() => (globalThis as { __nomadnestFirstRead?: { rows: Promise<unknown> } }).__nomadnestFirstRead?.rows);
}

const earlyPhoto = (page: Page, slot: string) => page.locator(`img[data-early-photo="${slot}"]`);
const isLoaded = (image: HTMLImageElement) => image.complete && image.naturalWidth > 0;

const cards = (page: Page) => page.getByRole('list', { name: 'Properties' }).getByRole('listitem');

const isPropertyRead = (request: Request) => {
  const url = new URL(request.url());
  return request.method() === 'GET' && url.pathname.endsWith('/rest/v1/properties') && url.searchParams.get('id') === `eq.${propertyIds.ubud}`;
};

test('before any of the app’s scripts run, a property link shows the gallery’s first photo in its skeleton', async ({ page }) => {
  await withoutAppScripts(page);
  await page.goto(property);
  await expect(page.getByRole('status', { name: 'Loading property' })).toBeAttached();
  await expect(earlyPhoto(page, 'gallery')).toBeVisible();
  await expect.poll(() => earlyPhoto(page, 'gallery').evaluate(isLoaded)).toBe(true);
  await screenshotBothWidths(page, 'property-early-photo');
});

test('with supabase-js never arriving, a property link still shows the listing, its photo and rooms', async ({ page }) => {
  const downloads = recordPhotoDownloads(page);
  await withoutSupabaseJs(page);
  await page.goto(property);
  await expect(page.getByRole('heading', { level: 1, name: 'Rice Terrace Coliving Villa' })).toBeVisible();
  const photo = page.getByRole('img', { name: 'Rice Terrace Coliving Villa, photo 1 of', exact: false }).first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole('region', { name: 'Book Your Stay' })).toBeVisible();
  // The skeleton showed the gallery's own rendition: the gallery reused it (no second download).
  expect(downloads).toContain(await photo.evaluate((img: HTMLImageElement) => img.currentSrc));
  expect(downloads.length, downloads.join('\n')).toBe(new Set(downloads).size);
  await screenshotBothWidths(page, 'property-first-read');
});

test('signed out, the listing is read once: the app takes the document’s read instead of asking again', async ({ page }) => {
  const reads: Request[] = [];
  page.on('request', (request) => {
    if (isPropertyRead(request)) reads.push(request);
  });
  await page.goto(property);
  await expect(page.getByRole('heading', { level: 1, name: 'Rice Terrace Coliving Villa' })).toBeVisible();
  // The app's later reads for this page (reviews, then the host) show its own fetch has run.
  await page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/rest/v1/profiles'));
  expect(reads).toHaveLength(1);
  // Read with the public key only, as a signed-out visitor.
  expect(reads[0]?.headers().authorization).toBe(`Bearer ${reads[0]?.headers().apikey}`);
});

test('a missing listing read by the document still leaves for Explore with the not-found message', async ({ page }) => {
  await page.goto('/property/b0000000-0000-4000-8000-0000000000ff');
  await expect(page).toHaveURL(/\/properties$/);
});

test('before any of the app’s scripts run, Explore’s skeleton shows the first row’s photos; with filters, none', async ({ page }) => {
  await withoutAppScripts(page);
  await page.goto('/properties');
  await expect(page.getByRole('status', { name: 'Loading properties' })).toBeAttached();
  for (const slot of ['card-0', 'card-1', 'card-2']) await expect.poll(() => earlyPhoto(page, slot).evaluate(isLoaded)).toBe(true);
  await expect(page.locator('img[data-early-photo]:visible')).toHaveCount(3);
  await screenshotBothWidths(page, 'explore-early-photos');
  // Filters put other listings first: the document cannot know which, so it shows none.
  await page.goto('/properties?location=lisbon');
  await firstReadHandled(page);
  await expect(page.locator('img[data-early-photo]')).toHaveCount(3);
  await expect(page.locator('img[data-early-photo]:visible')).toHaveCount(0);
  expect(await page.locator('img[data-early-photo][src]').count()).toBe(0);
});

test('with supabase-js never arriving, Explore still lists the listings, each photo downloaded once', async ({ page }) => {
  const downloads = recordPhotoDownloads(page);
  await withoutSupabaseJs(page);
  await page.goto('/properties');
  await expect(cards(page).first()).toBeVisible();
  expect(await cards(page).count()).toBeGreaterThan(5);
  const photo = cards(page).first().getByRole('img').first();
  await expect.poll(() => photo.evaluate(isLoaded)).toBe(true);
  // The first card's <img> reused the rendition its skeleton showed.
  expect(downloads[0]).toBe(await photo.evaluate((img: HTMLImageElement) => img.currentSrc));
  expect(downloads.length, downloads.join('\n')).toBe(new Set(downloads).size);
  await screenshotBothWidths(page, 'explore-first-read');
});

test('signed out, Explore reads the catalogue once', async ({ page }) => {
  const reads: Request[] = [];
  page.on('request', (request) => {
    if (isCatalogueRead(request)) reads.push(request);
  });
  await page.goto('/properties');
  // The cards come from the mirror the app's refresh wrote: every read of that refresh has gone out.
  await expect(cards(page).first()).toBeVisible();
  expect(reads).toHaveLength(1);
});

test('signed in, Explore’s document reads nothing anonymously: the app reads the catalogue with the user’s token', async ({ page }) => {
  await signInAt(page, 'leo.guest@nomadnest.test', '/properties');
  const reads: Request[] = [];
  page.on('request', (request) => {
    if (isCatalogueRead(request)) reads.push(request);
  });
  await page.goto('/properties');
  await expect(cards(page).first()).toBeVisible();
  await expect.poll(() => reads.length).toBeGreaterThan(0);
  for (const read of reads) expect(read.headers().authorization).not.toBe(`Bearer ${read.headers().apikey}`);
  expect(await page.evaluate(() => '__nomadnestFirstRead' in globalThis)).toBe(false);
});
