// docs/decisions/first-reads.md: the prerendered property and Explore documents read their data themselves
// (an inline script, before the app's scripts arrive) and ask for the largest photo, so a shared link or
// Explore shows listings without waiting for supabase-js, and nothing is read twice.
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Page, type Request } from '@playwright/test';
import { e2eBackend } from './support/backend.ts';
import { propertyIds } from './support/booking-card.ts';
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
  return request.method() === 'GET' && url.pathname.endsWith('/rest/v1/properties') && url.searchParams.get('order') === 'created_at.desc';
};

const cards = (page: Page) => page.getByRole('list', { name: 'Properties' }).getByRole('listitem');

const isPropertyRead = (request: Request) => {
  const url = new URL(request.url());
  return request.method() === 'GET' && url.pathname.endsWith('/rest/v1/properties') && url.searchParams.get('id') === `eq.${propertyIds.ubud}`;
};

test('with supabase-js never arriving, a property link still shows the listing, its photo and rooms', async ({ page }) => {
  await withoutSupabaseJs(page);
  await page.goto(property);
  await expect(page.getByRole('heading', { level: 1, name: 'Rice Terrace Coliving Villa' })).toBeVisible();
  const photo = page.getByRole('img', { name: 'Rice Terrace Coliving Villa, photo 1 of', exact: false }).first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole('region', { name: 'Book Your Stay' })).toBeVisible();
  // The photo was asked for by the document's script, as the gallery's rendition (no second download).
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  const preloaded = await preload.evaluate((link: HTMLLinkElement) => link.imageSrcset);
  expect(preloaded).toBe(await photo.getAttribute('srcset'));
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

test('with supabase-js never arriving, Explore still lists the listings, the first card’s photo preloaded', async ({ page }) => {
  await withoutSupabaseJs(page);
  await page.goto('/properties');
  await expect(cards(page).first()).toBeVisible();
  expect(await cards(page).count()).toBeGreaterThan(5);
  const photo = cards(page).first().getByRole('img').first();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  expect(await preload.evaluate((link: HTMLLinkElement) => link.imageSrcset)).toBe(await photo.getAttribute('srcset'));
  await screenshotBothWidths(page, 'explore-first-read');
});

test('signed out, Explore reads the catalogue once; with filters in the URL it preloads no photo', async ({ page }) => {
  const reads: Request[] = [];
  page.on('request', (request) => {
    if (isCatalogueRead(request)) reads.push(request);
  });
  await page.goto('/properties');
  // The cards come from the mirror the app's refresh wrote: every read of that refresh has gone out.
  await expect(cards(page).first()).toBeVisible();
  expect(reads).toHaveLength(1);
  await page.goto('/properties?location=lisbon');
  await expect(cards(page).first()).toBeVisible();
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(0);
});
