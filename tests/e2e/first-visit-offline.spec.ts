import { expect, test, type Page } from '@playwright/test';
import { signInThroughRedirect } from './support/sign-in-redirect.ts';

// A first visit, then the signal drops: the service worker installed on this visit serves the screens not
// opened yet (it takes control of the page that installed it), and a screen whose code cannot be loaded
// offline says so with a way to try again, never the crash screen.

const leo = { email: 'leo.guest@nomadnest.test' };

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const crashScreen = (page: Page) => page.getByRole('heading', { name: 'Something went wrong' });

/** Resolves once this page's service worker has finished activating (its activate handlers are done). */
function serviceWorkerActivated(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state === 'activated') return;
    await new Promise<void>((done) => worker.addEventListener('statechange', () => worker.state === 'activated' && done()));
  });
}

test('on a first visit, once the service worker is active, a screen not opened yet opens offline', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signInThroughRedirect(page, leo, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await serviceWorkerActivated(page);

  await context.setOffline(true);
  await mainNav(page).getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(crashScreen(page)).toHaveCount(0);
  // Served by the worker this visit installed, with no reload.
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(false);
});

test('without a service worker, a screen whose code cannot load offline says so, and opens once back online', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInThroughRedirect(page, leo, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The chrome's own lazy parts (badges, notices) load once the page is idle: this is about a route's code.
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await mainNav(page).getByRole('link', { name: 'Messages' }).click();
  const offline = page.getByRole('heading', { level: 1, name: "This page isn't available offline" });
  await expect(offline).toBeVisible();
  await expect(crashScreen(page)).toHaveCount(0);

  // A screen already loaded still opens: one failed screen does not stick to the others.
  await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Dashboard/ })).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Messages' }).click();
  await expect(offline).toBeVisible();

  // The signal returns: the screen loads by itself.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(crashScreen(page)).toHaveCount(0);
  await context.close();
});

test('a screen whose code failed to load on a dropped connection opens on Try again', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInThroughRedirect(page, leo, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const profileChunk = /\/assets\/profile-page-[^/]*\.js$/;
  await page.route(profileChunk, (route) => route.abort('connectionreset'));
  await mainNav(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "This page couldn't be loaded" })).toBeVisible();
  await expect(crashScreen(page)).toHaveCount(0);

  await page.unroute(profileChunk);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
  await context.close();
});
