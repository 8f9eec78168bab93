// Photos without Image Transformations (docs/decisions/photo-renditions.md): the app built with
// VITE_IMAGE_TRANSFORMATIONS off (the default, as a new hosted project) never asks Storage's image renderer
// and every photo it shows loads: the demo data's renditions, a host's new upload with the renditions the
// browser made, and a photo stored without renditions (its original instead).
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { renditionPath, renditionWidths } from '../../src/lib/photo-renditions.ts';
import { accessToken, api } from './support/backend-api.ts';
import { backendStatus } from './support/backend.ts';
import { propertyIds, signInAt } from './support/booking-card.ts';
import { deleteListing, newListing, unique } from './support/own-data.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

test.skip(process.env.VITE_IMAGE_TRANSFORMATIONS === 'on', 'checks the build without Image Transformations');

const leo = 'leo.guest@nomadnest.test';
const maya = 'maya.host@nomadnest.test';

/** Every request to the image renderer the page makes (there must be none). */
function renderRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/render/image/')) urls.push(request.url());
  });
  return urls;
}

/**
 * Each <img> on the page, brought into view (lazy ones load then), has loaded a picture. SVG icons (the brand
 * mark) are left out: an SVG without a size of its own has naturalWidth 0 once loaded.
 */
async function everyImageLoads(page: Page): Promise<number> {
  const images = page.locator('img:visible:not([src$=".svg"])');
  const count = await images.count();
  for (let index = 0; index < count; index += 1) {
    const image = images.nth(index);
    await image.scrollIntoViewIfNeeded();
    const src = await image.evaluate((node: HTMLImageElement) => node.currentSrc || node.src);
    await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0), { message: `${src} loads` }).toBe(true);
  }
  return count;
}

const storedPhotos = (page: Page) =>
  page.locator('img').evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).currentSrc).filter((src) => src.includes('/storage/v1/object/public/')));

test.describe('photos without Image Transformations', () => {
  test('landing, Explore and a property page show every photo from the stored renditions', async ({ page }) => {
    test.setTimeout(120_000);
    const rendered = renderRequests(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await everyImageLoads(page);

    await page.goto('/properties');
    const cards = page.getByRole('list', { name: 'Properties' }).getByRole('listitem');
    // The server's answer (its count) has arrived: the cards are the ones read from the mirror, not the
    // document's first read they replace.
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: /^\d+ villas$/ })).toBeVisible({ timeout: 20_000 });
    await expect(cards.first()).toBeVisible();
    const ubudCard = cards.filter({ hasText: 'Rice Terrace Coliving Villa' });
    await expect(ubudCard.locator('img').first()).toHaveAttribute('src', /\/storage\/v1\/object\/public\/property-photos\/.+\.w1200\.webp$/);
    expect(await everyImageLoads(page)).toBeGreaterThan(5);
    expect(await storedPhotos(page)).toEqual(expect.arrayContaining([expect.stringMatching(/\.w(?:480|800|1200)\.webp$/)]));
    await page.evaluate(() => scrollTo(0, 0));
    await screenshotBothWidths(page, 'renditions-explore');

    await page.goto(`/property/${propertyIds.ubud}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Rice Terrace Coliving Villa' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Photos of Rice Terrace Coliving Villa' }).locator('img').first()).toHaveAttribute('src', /\.w1200\.webp$/);
    await everyImageLoads(page);
    await page.evaluate(() => scrollTo(0, 0));
    await screenshotBothWidths(page, 'renditions-property');
    expect(rendered).toEqual([]);
  });

  test('signed in, the avatars of the nav and of messages load from their renditions', async ({ page }) => {
    const rendered = renderRequests(page);
    await signInAt(page, leo, '/messages');
    const conversations = page.getByRole('main').locator('img:visible');
    await expect(conversations.first()).toBeVisible({ timeout: 20_000 });
    await everyImageLoads(page);
    expect(await storedPhotos(page)).toEqual(expect.arrayContaining([expect.stringMatching(/\/profile-photos\/.+\.w256\.webp(?:\?|$)/)]));
    expect(rendered).toEqual([]);
  });

  test("a host's upload stores its renditions beside it, and the new photo shows from them", async ({ page }) => {
    test.setTimeout(120_000);
    const listing = await newListing(unique('Rendition Villa'));
    try {
      const rendered = renderRequests(page);
      await signInAt(page, maya, `/property/${listing.propertyId}`);
      const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#0e7490' } }).jpeg().toBuffer();
      await page.locator('input[type="file"]').setInputFiles({ name: 'pool.jpg', mimeType: 'image/jpeg', buffer: photo });
      const grid = page.getByRole('grid', { name: `Photos of ${listing.name}` });
      await expect(grid.getByRole('row')).toHaveCount(1, { timeout: 30_000 });
      const shown = grid.locator('img:not([aria-hidden])').first();
      await expect(shown).toHaveAttribute('src', /\/property-photos\/[0-9a-f-]{36}\/\d+-pool\.jpg\.w1200\.webp$/);
      await expect.poll(() => shown.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0)).toBe(true);

      // Every rendition the bucket keeps is stored, as WebP, at most its width.
      const stored = (await shown.getAttribute('src'))!.replace(/\.w1200\.webp$/, '');
      for (const width of renditionWidths('property-photos')) {
        const response = await fetch(renditionPath(stored, width));
        expect(response.status, `w${width}`).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/webp');
        expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(width);
      }
      await everyImageLoads(page);
      expect(rendered).toEqual([]);
    } finally {
      await deleteListing(listing.propertyId);
    }
  });

  test('a photo stored without renditions (an older upload) shows as its original', async ({ page }) => {
    const listing = await newListing(unique('Older Villa'));
    try {
      const token = await accessToken(maya);
      const path = `${listing.propertyId}/1-older.jpg`;
      const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#b45309' } }).jpeg().toBuffer();
      // The photo alone, as an app without renditions stored it.
      const upload = await fetch(`${backendStatus().api_url}/functions/v1/upload-photo?bucket=property-photos&path=${encodeURIComponent(path)}`, {
        method: 'POST',
        body: new Uint8Array(bytes),
        headers: { apikey: backendStatus().anon_key, authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
      });
      expect(upload.status).toBe(200);
      const { path: photo } = (await upload.json()) as { path: string };
      expect((await api(`/rest/v1/properties?id=eq.${listing.propertyId}`, { method: 'PATCH', token, body: JSON.stringify({ photos: [photo] }) })).status).toBe(204);

      const rendered = renderRequests(page);
      await page.goto(`/property/${listing.propertyId}`);
      const gallery = page.getByRole('region', { name: `Photos of ${listing.name}` }).locator('img').first();
      await expect(gallery).toBeVisible({ timeout: 20_000 });
      await expect.poll(() => gallery.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0)).toBe(true);
      expect(await gallery.evaluate((node: HTMLImageElement) => node.currentSrc)).toBe(`${backendStatus().api_url}${photo}`);
      expect(rendered).toEqual([]);
    } finally {
      await deleteListing(listing.propertyId);
    }
  });
});
