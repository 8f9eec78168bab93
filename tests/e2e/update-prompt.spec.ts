import { expect, test, type Page } from '@playwright/test';
import { checkForUpdate, controllerBuild, isMarkedDocument, markDocument, NEW_INDEX_REVISION, twoBuilds, type TwoBuilds } from './support/two-builds.ts';

// The update prompt appearing when a new build is served. Two copies of this run's production build
// are served from one origin (support/two-builds.ts): build A, then build B, whose service worker differs.

/** URLs in the precache (workbox keys entries with a revision as `url?__WB_REVISION__=…`). */
function precachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test.describe('update prompt', () => {
  let builds: TwoBuilds;

  test.beforeAll(async () => {
    builds = await twoBuilds();
  });

  test.afterAll(async () => {
    await builds?.dispose();
  });

  test('a new build shows "New version available · Reload"; Reload restarts the app under the new worker', async ({ page }) => {
    test.setTimeout(90_000);
    const { server, buildA, buildB } = builds;
    server.serve(buildA);
    // /properties reads the stand-in from another port: CORS works for this origin too.
    await page.goto(`${server.origin}/properties`);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Villas' })).toBeVisible();
    await expect(page.getByText('Rice Terrace Coliving Villa').first()).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => controllerBuild(page)).toBe('A');
    await expect(toasts(page).getByText('New version available')).toHaveCount(0);

    // The new build is deployed; the app looks for it (as its hourly check would) and asks before switching.
    server.serve(buildB);
    await checkForUpdate(page);
    await expect(toasts(page).getByText('New version available')).toBeVisible({ timeout: 20_000 });
    const reload = toasts(page).getByRole('button', { name: 'Reload' });
    await expect(reload).toBeVisible();
    // Until the user chooses, the old worker keeps serving the page.
    expect(await controllerBuild(page)).toBe('A');

    // Reload: the waiting worker takes over and the page loads again under it.
    await markDocument(page);
    await reload.click();
    await expect.poll(() => isMarkedDocument(page), { timeout: 20_000 }).toBe(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Villas' })).toBeVisible();
    await expect.poll(() => controllerBuild(page).catch(() => null), { timeout: 15_000 }).toBe('B');
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${server.origin}/sw.js`);
    await expect.poll(() => precachedUrls(page)).toContainEqual(`${server.origin}/index.html?__WB_REVISION__=${NEW_INDEX_REVISION}`);

    // Nothing is waiting any more, so the prompt does not come back.
    await expect
      .poll(() => page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { active: Boolean(registration?.active), waiting: Boolean(registration?.waiting), installing: Boolean(registration?.installing) };
      }))
      .toEqual({ active: true, waiting: false, installing: false });
    await expect(toasts(page).getByText('New version available')).toHaveCount(0);
  });

  test('on a first visit (no worker controlled the page when it loaded), Reload still loads the new build', async ({ page }) => {
    test.setTimeout(90_000);
    const { server, buildA, buildB } = builds;
    server.serve(buildA);
    await page.goto(`${server.origin}/properties`);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Villas' })).toBeVisible();
    // No reload: the worker installed on this visit claims the page, which loaded uncontrolled.
    await expect.poll(() => controllerBuild(page), { timeout: 20_000 }).toBe('A');

    server.serve(buildB);
    await checkForUpdate(page);
    const reload = toasts(page).getByRole('button', { name: 'Reload' });
    await expect(reload).toBeVisible({ timeout: 20_000 });
    await markDocument(page);
    await reload.click();
    await expect.poll(() => isMarkedDocument(page), { timeout: 20_000 }).toBe(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Villas' })).toBeVisible();
    await expect.poll(() => controllerBuild(page).catch(() => null), { timeout: 15_000 }).toBe('B');
  });
});
