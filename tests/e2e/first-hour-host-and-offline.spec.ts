import { expect, test, type Page } from '@playwright/test';
import { propertyIds, signInAt } from './support/booking-card.ts';
import { readStore } from './support/device-data.ts';
import { newGuest } from './support/own-data.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

// A new guest and a new host in their first hour: a guest is not offered the host-only property form
// (docs/product.md §6), the nav names the user offline from the local mirror, Explore's cards offline show
// the photo the property page cached (sw/routes.ts cachedRendition), and the host dashboard's notification
// offer keeps its distance from the stat cards. Read-only against the demo seed (the guest is new).

const leo = { email: 'leo.guest@nomadnest.test' };
const maya = { email: 'maya.host@nomadnest.test' };

/** Resolves once this page's service worker has activated and controls the page. */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state !== 'activated') await new Promise<void>((done) => worker.addEventListener('statechange', () => worker.state === 'activated' && done()));
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('a signed-in guest opening /property/new is told why and how to host, not shown the form', async ({ page }) => {
  await signInAt(page, leo.email, '/property/new');
  await expect(page.getByRole('heading', { name: 'Listing a villa needs a host account' })).toBeVisible();
  await expect(page.getByText('create a host account with another e-mail address')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Explore Villas' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Property name/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save and Continue' })).toHaveCount(0);
  await screenshotBothWidths(page, 'guest-property-new');
});

test('offline, the nav avatar shows the named user from the mirror, not "U"', async ({ page, context }) => {
  test.setTimeout(90_000);
  const guest = await newGuest('Olga Nomad');
  await signInAt(page, guest.email, '/dashboard');
  const avatar = page.getByRole('navigation', { name: 'Main' }).getByRole('img', { name: guest.name });
  await expect(avatar.first()).toBeVisible();
  await expect.poll(async () => ((await readStore<{ id: string; name: string }>(page, guest.dbName, 'profiles')) ?? []).some((row) => row.id === guest.id)).toBe(true);
  await serviceWorkerInControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(avatar.first()).toBeVisible();
  await expect(avatar.first()).toHaveText('ON');
  await screenshotBothWidths(page, 'offline-nav-avatar');
  await context.setOffline(false);
});

test("offline, Explore's card shows the photo the property page cached, not the placeholder", async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/property/${propertyIds.ubud}`);
  await serviceWorkerInControl(page);
  // Now through the worker: the gallery's rendition lands in its photo cache.
  await page.reload();
  const gallery = page.getByRole('region', { name: /^Photos of / }).locator('img').first();
  await expect.poll(() => gallery.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const name = await page.getByRole('heading', { level: 1 }).innerText();

  await context.setOffline(true);
  await page.goto('/properties');
  const cardPhoto = page.getByRole('listitem', { name }).locator('img').first();
  await expect(cardPhoto).toBeAttached();
  await expect.poll(() => cardPhoto.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  // The card's own width of the photo was never fetched: the worker answers it with the cached one.
  const type = await cardPhoto.evaluate((img: HTMLImageElement) =>
    fetch(img.currentSrc || img.src, { mode: 'cors' }).then((response) => response.headers.get('content-type'), () => 'no answer'),
  );
  expect(type).toMatch(/^image\/(?!svg)/);
  await screenshotBothWidths(page, 'offline-explore-cached-photo');
  await context.setOffline(false);
});

test("the host dashboard's notification offer keeps a gap to the stat cards", async ({ page }) => {
  await signInAt(page, maya.email, '/dashboard');
  const offer = page.getByRole('region', { name: 'Get notified of new booking requests and messages' });
  const stats = page.getByRole('region', { name: 'Overview' });
  await expect(offer).toBeVisible();
  await expect(stats).toBeVisible();
  const [offerBox, statsBox] = [await offer.boundingBox(), await stats.boundingBox()];
  expect(statsBox!.y - (offerBox!.y + offerBox!.height)).toBeGreaterThanOrEqual(12);
  await screenshotBothWidths(page, 'host-dashboard-offer');
});
