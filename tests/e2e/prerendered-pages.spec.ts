// docs/decisions/prerendered-public-pages.md: the landing page, and Explore's and the property page's
// shells, arrive as HTML (painted before any script runs), each route gets its own page's document (no
// page hydrates another's HTML), and hydration matches the HTML for visitors signed out and signed in.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { propertyIds, signInAt } from './support/booking-card.ts';
import { waitUntilHydrated } from './support/hydrated.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const guestEmail = 'leo.guest@nomadnest.test';
const property = `/property/${propertyIds.ubud}`;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, serviceWorkers: 'block' });

  test('the landing page is all there: nav, hero, sections, footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'NomadNest' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /Live and work from a villa/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Long stays for remote workers');
    await screenshotBothWidths(page, 'prerendered-landing');
  });

  test('Explore shows its heading, filters and the cards’ skeleton', async ({ page }) => {
    await page.goto('/properties');
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Villas' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading properties' })).toBeAttached();
    await screenshotBothWidths(page, 'prerendered-explore');
  });

  test('a property page shows its skeleton inside the app shell', async ({ page }) => {
    await page.goto(property);
    await expect(page.getByRole('status', { name: 'Loading property' })).toBeAttached();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await screenshotBothWidths(page, 'prerendered-property');
  });

  test('each document paints with its stylesheets inline: no stylesheet is fetched', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') fetched.push(request.url());
    });
    for (const path of ['/', '/properties', property]) {
      await page.goto(path);
      // Styled: the nav's brand is the theme's link colour on the theme's background, not the browser's.
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'NomadNest' })).not.toHaveCSS('text-decoration-line', 'underline');
      await expect(page.locator('body')).toHaveCSS('margin', '0px');
    }
    expect(fetched).toEqual([]);
  });

  test('other routes get the plain shell, not a prerendered page', async ({ page }) => {
    for (const path of ['/dashboard', '/property/new', '/auth']) {
      await page.goto(path);
      await expect(page.locator('#root')).toBeEmpty();
    }
  });
});

/** Errors React reports when hydration does not match (production builds name them by number). */
const hydrationError = /hydrat|Minified React error #(418|419|421|422|423|425)/i;

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Layout shifts of the page so far (CLS without the session windows: every shift counts). */
const layoutShiftRecorder = `if (window.__layoutShift === undefined) {
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}`;

async function expectHydrated(page: Page, path: string, heading: RegExp | string): Promise<void> {
  const errors = collectErrors(page);
  await page.addInitScript({ content: layoutShiftRecorder });
  await page.goto(path);
  // The property's heading waits for its data from the stand-in, slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 45_000 });
  // The nav's menu button reacts once hydrated: the page is React's now.
  await page.waitForFunction(() => document.querySelector('#root [data-react-aria-pressable], #root a[href="/properties"]') !== null);
  await page.waitForLoadState('networkidle');
  expect(errors.filter((error) => hydrationError.test(error))).toEqual([]);
  // Hydration keeps the prerendered HTML: nothing jumps (a boundary thrown away for its fallback would).
  // Explore with a query is rendered, not hydrated (its HTML is the unfiltered page): not measured here.
  if (path === '/properties' || !path.startsWith('/properties')) expect(await page.evaluate(() => (window as { __layoutShift?: number }).__layoutShift ?? 0), `layout shift on ${path}`).toBeLessThanOrEqual(0.02);
}

test.describe('hydration', () => {
  // Four page loads each, to network idle, plus a sign-in: slow on a busy shared machine.
  test.describe.configure({ timeout: 240_000 });

  test('signed out, each prerendered page hydrates without a mismatch', async ({ page }) => {
    await expectHydrated(page, '/', /Live and work from a villa/);
    await expectHydrated(page, '/properties', 'Explore Villas');
    await expectHydrated(page, '/properties?location=Lisbon', 'Explore Villas');
    await expectHydrated(page, property, 'Rice Terrace Coliving Villa');
    await screenshotBothWidths(page, 'hydrated-property');
  });

  test('the route’s scripts do not fetch again the stylesheets its document inlined', async ({ page }) => {
    for (const path of ['/', '/properties', property]) {
      const fetched: string[] = [];
      const record = (request: { resourceType(): string; url(): string }) => {
        if (request.resourceType() === 'stylesheet') fetched.push(new URL(request.url()).pathname);
      };
      page.on('request', record);
      await page.goto(path);
      await waitUntilHydrated(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'NomadNest' }));
      await page.waitForLoadState('networkidle');
      page.off('request', record);
      const inlined = await page.locator('link[rel="stylesheet"][disabled]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
      expect(inlined.length, `${path} inlines its stylesheets`).toBeGreaterThan(2);
      expect(fetched.filter((stylesheet) => inlined.includes(stylesheet)), `${path} fetched again`).toEqual([]);
    }
  });

  test('signed in, each prerendered page hydrates without a mismatch and shows the signed-in nav', async ({ page }) => {
    await signInAt(page, guestEmail, '/properties');
    for (const [path, heading] of [['/', /Live and work from a villa/], ['/properties', 'Explore Villas'], [property, 'Rice Terrace Coliving Villa']] as const) {
      await expectHydrated(page, path, heading);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).first()).toBeAttached();
    }
    await page.goto('/');
    await screenshotBothWidths(page, 'hydrated-landing-signed-in');
  });
});
