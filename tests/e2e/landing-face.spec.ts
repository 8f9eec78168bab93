// The landing page shows the product's face and one brand mark (docs/product.md §2.1): a listing photo
// fills the hero's right half on a desktop (under the text on a phone), loaded from a static webp at the
// size it is shown, and the nav, the footer, the favicon and the installed app's icons are the same mark.
// Read-only against the demo seed.
import { expect, test, type Page } from '@playwright/test';
import { viewports } from './support/screenshots.ts';

const heroOf = (page: Page) => page.locator('section[aria-labelledby="hero-title"]');
const heroPhotoOf = (page: Page) => heroOf(page).getByRole('img', { name: /villa with a pool/ });

/** The photo's file and decoded size, once the browser has decoded it. */
async function loadedPhoto(page: Page) {
  const photo = heroPhotoOf(page);
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return photo.evaluate((img: HTMLImageElement) => ({
    src: img.currentSrc,
    naturalWidth: img.naturalWidth,
    width: img.getAttribute('width'),
    height: img.getAttribute('height'),
  }));
}

test('on a desktop the hero photo fills the right half beside the headline', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await page.goto('/');
  const photo = await loadedPhoto(page);
  expect(photo.src).toMatch(/\/images\/landing-villa-\d+\.webp$/);
  expect([photo.width, photo.height]).toEqual(['1200', '900']);
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  const box = await heroPhotoOf(page).boundingBox();
  expect(box && heading).toBeTruthy();
  // Beside the headline, in the right half of the page, and in view at first paint.
  expect(box!.x).toBeGreaterThanOrEqual(viewports.desktop.width / 2);
  expect(box!.x).toBeGreaterThan(heading!.x + heading!.width);
  expect(box!.width).toBeGreaterThan(viewports.desktop.width / 3);
  await expect(heroPhotoOf(page)).toBeInViewport();
  await expect(heroOf(page).getByText('Rooms with desks, 150 Mbps Wi-Fi and housemates who work like you')).toBeVisible();
});

test('on a phone the photo comes under the headline at the column width, in the smaller file', async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  await page.goto('/');
  const photo = await loadedPhoto(page);
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  const box = await heroPhotoOf(page).boundingBox();
  expect(box!.y).toBeGreaterThan(heading!.y + heading!.height);
  expect(box!.width).toBeGreaterThan(viewports.phone.width * 0.8);
  // The browser picks the 640 px file for a 358 px slot at 1x (the test browser's density).
  expect(photo.src).toMatch(/\/images\/landing-villa-640\.webp$/);
});

test('one brand mark: the nav and the footer show the favicon\'s house (the app icons are rendered from it)', async ({ page }) => {
  await page.goto('/');
  const navBrand = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'NomadNest' });
  await expect(navBrand).toBeVisible();
  // No letter tile beside the name: the mark is the favicon's own file.
  await expect(navBrand).toHaveText('NomadNest');
  const markOf = async (scope: ReturnType<Page['locator']>) => scope.locator('img[data-brand-mark]').getAttribute('src');
  const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(favicon).toBe('/favicon.svg');
  expect(await markOf(navBrand)).toBe(favicon);
  expect(await markOf(page.locator('footer'))).toBe(favicon);
  await expect(navBrand.locator('img[data-brand-mark]')).toHaveJSProperty('complete', true);
});
