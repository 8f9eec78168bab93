import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { propertyIds, signInAt } from './support/booking-card.ts';
import { screenshotBothWidths, viewports } from './support/screenshots.ts';
import { signInNewAccount } from './support/new-account.ts';

// The web manifest's screenshots and shortcuts are real, and every route of src/app/routes.tsx
// passes axe (WCAG 2.0/2.1 A and AA, 2.2 AA) at phone and desktop width, signed out, as a guest and as a
// host. Full-page screenshots of each route land in test-results/screenshots. This spec only reads the
// seeded data (the new accounts it signs up are its own), so the specs after it see the seed unchanged.

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

interface Route {
  path: string;
  /** Screenshot name: test-results/screenshots/a11y-<name>-{phone,desktop}.png */
  name: string;
  /** What the page shows once its content is there (not a spinner or skeleton). */
  ready: (page: Page) => Locator[];
}

/** Axe's violations: rule, help and up to 8 elements, each with its tag and axe's first reason, so a failure says what to fix. */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  const shown = 8;
  return violations
    .map((violation) => {
      const nodes = violation.nodes.slice(0, shown).map((node) => {
        const reason = (node.failureSummary ?? '').split('\n').find((line) => line.startsWith('  '))?.trim() ?? '';
        // React Aria's generated ids say little: the element's opening tag says which control it is.
        const tag = node.html.slice(0, node.html.indexOf('>') + 1).slice(0, 160);
        return `    ${node.target.join(' ')} ${tag}: ${reason}`;
      });
      if (violation.nodes.length > shown) nodes.push(`    (+${violation.nodes.length - shown} more)`);
      return `  ${violation.id} (${violation.impact ?? 'n/a'}, ${violation.nodes.length}x): ${violation.help} ${violation.helpUrl}\n${nodes.join('\n')}`;
    })
    .join('\n');
}

async function waitUntilReady(page: Page, route: Route): Promise<void> {
  for (const signal of route.ready(page)) await expect(signal).toBeVisible({ timeout: 15_000 });
}

/** Opens the route, runs axe at both widths, then keeps full-page screenshots of both. */
async function checkRoute(page: Page, route: Route): Promise<void> {
  await page.goto(route.path);
  await waitUntilReady(page, route);
  const found: string[] = [];
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await waitUntilReady(page, route);
    const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
    if (violations.length > 0) found.push(`at ${label} width (${size.width} px):\n${describeViolations(violations)}`);
  }
  await screenshotBothWidths(page, `a11y-${route.name}`);
  expect(found, `axe violations on ${route.path}\n${found.join('\n')}`).toEqual([]);
}

async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close notification' });
  // Toasts also close by themselves: one may vanish between the count and the click.
  while ((await close.count()) > 0) await close.first().click({ timeout: 2_000 }).catch(() => undefined);
}

/** A context of its own (reduced motion, so no fade is measured half-way) for one role's routes. */
async function newRoleContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  return { context, page: await context.newPage() };
}

/** A new account that has not finished onboarding, signed in on its onboarding page. */
async function signUp(page: Page, role: 'Find a villa' | 'List my villa'): Promise<void> {
  const name = role === 'Find a villa' ? 'Alex Access' : 'Harper Host';
  await signInNewAccount(page, name, { role: role === 'Find a villa' ? 'guest' : 'host', onboarded: false, label: 'a11y' });
}

/** One test per route, all sharing the role's signed-in page (signing in once per role keeps it fast). */
function describeRole(title: string, signIn: ((page: Page) => Promise<void>) | null, routes: Route[]): void {
  test.describe(title, () => {
    test.describe.configure({ timeout: 60_000 });
    let shared: { context: BrowserContext; page: Page };

    test.beforeAll(async ({ browser }) => {
      shared = await newRoleContext(browser);
      if (signIn) {
        await signIn(shared.page);
        await dismissToasts(shared.page);
      }
    });
    test.afterAll(async () => {
      await shared?.context.close();
    });

    for (const route of routes) {
      test(`${route.path} has no axe violations`, async () => {
        await checkRoute(shared.page, route);
      });
    }
  });
}

test.describe('web app manifest', () => {
  test('screenshots are PNGs of the declared size; the shortcuts open real pages', async ({ page, request }) => {
    // The manifest the production build links from its HTML.
    await page.goto('/');
    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestUrl).not.toBeNull();
    const manifestResponse = await request.get(manifestUrl!);
    expect(manifestResponse.status()).toBe(200);
    const manifest = (await manifestResponse.json()) as {
      screenshots: { src: string; sizes: string; type: string; form_factor?: string }[];
      shortcuts: { name: string; short_name: string; url: string; icons: { src: string; type: string }[] }[];
    };

    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of manifest.screenshots) {
      const response = await request.get(shot.src);
      expect(response.status(), shot.src).toBe(200);
      expect(response.headers()['content-type'], shot.src).toMatch(/^image\/png/);
      expect(shot.type).toBe('image/png');
      const png = await response.body();
      // The PNG signature, then the IHDR chunk: its width and height are big-endian at bytes 16 and 20.
      expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), `${shot.src} is a PNG`).toBe(true);
      expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, shot.src).toBe(shot.sizes);
    }

    expect(manifest.shortcuts.map(({ short_name, url }) => ({ short_name, url }))).toEqual([
      { short_name: 'Explore', url: '/properties' },
      { short_name: 'Messages', url: '/messages' },
      { short_name: 'Dashboard', url: '/dashboard' },
    ]);
    for (const shortcut of manifest.shortcuts) {
      expect(shortcut.name).not.toBe('');
      for (const icon of shortcut.icons) {
        const response = await request.get(icon.src);
        expect(response.status(), icon.src).toBe(200);
        expect(response.headers()['content-type'], icon.src).toMatch(/^image\/png/);
      }
    }
    for (const shortcut of manifest.shortcuts) {
      const response = await request.get(shortcut.url);
      expect(response.status(), shortcut.url).toBe(200);
      expect(response.headers()['content-type'], shortcut.url).toMatch(/^text\/html/);
    }
    // The server answers every path with the app, so the app decides: Explore opens for anyone; Messages and
    // Dashboard are signed-in routes (not the 404 page), so a visitor is asked to sign in first.
    await page.goto('/properties');
    await expect(heading(page, 'Explore Villas')).toBeVisible();
    for (const url of ['/messages', '/dashboard']) {
      await page.goto(url);
      await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=${encodeURIComponent(url)}$`));
      await expect(heading(page, 'Welcome to NomadNest')).toBeVisible();
    }
  });

  test('with the service worker in control, opening a screenshot shows the image, not the app', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    for (const src of ['/screenshots/wide.png', '/screenshots/narrow.png']) {
      const response = await page.goto(src);
      expect(response?.headers()['content-type'], src).toMatch(/^image\/png/);
    }
  });
});

describeRole('signed out', null, [
  { path: '/', name: 'landing', ready: (page) => [heading(page, /Live and work from a villa/), page.getByRole('button', { name: 'Search' })] },
  { path: '/auth', name: 'auth', ready: (page) => [page.getByRole('form', { name: 'Sign In' })] },
  // The same route's other two screens, chosen by the URL.
  { path: '/auth?mode=signup', name: 'auth-sign-up', ready: (page) => [page.getByRole('form', { name: 'Sign Up' })] },
  { path: '/auth?mode=forgot', name: 'auth-forgot', ready: (page) => [heading(page, 'Reset your password'), page.getByRole('textbox', { name: /Email/ })] },
  { path: '/auth/reset', name: 'auth-reset', ready: (page) => [heading(page, 'Set a new password'), page.getByText(/This reset link is invalid or has expired/)] },
  {
    path: '/properties',
    name: 'explore',
    ready: (page) => [heading(page, 'Explore Villas'), page.getByRole('list', { name: 'Properties' }).getByRole('listitem').first()],
  },
  {
    path: `/property/${propertyIds.ubud}`,
    name: 'property',
    ready: (page) => [heading(page, 'Rice Terrace Coliving Villa'), page.getByRole('region', { name: 'Book Your Stay' })],
  },
  { path: '/no/such/page', name: 'not-found', ready: (page) => [heading(page, 'Oops! Page not found')] },
]);

// Leo (supabase/seed/README.md): a current stay in Ubud, an unpaid hold in Medellín, a completed Lisbon stay.
describeRole('signed in as a guest', (page) => signInAt(page, 'leo.guest@nomadnest.test', '/dashboard'), [
  { path: '/dashboard', name: 'guest-dashboard', ready: (page) => [heading(page, 'My Dashboard'), page.getByText('Rice Terrace Coliving Villa').first()] },
  { path: '/profile', name: 'guest-profile', ready: (page) => [heading(page, 'Your Profile'), page.getByRole('button', { name: 'Save Changes' })] },
  {
    path: '/messages',
    name: 'guest-messages',
    // On a phone the list stands alone until a conversation is chosen, so no "No conversation selected" here.
    ready: (page) => [heading(page, 'Messages'), page.getByRole('heading', { name: 'Conversations' }), page.getByRole('tabpanel').getByRole('link').first()],
  },
  // Leo's latest booking that counts is the accepted Ubud stay: "Booking confirmed!".
  { path: '/booking-confirmed', name: 'guest-booking-confirmed', ready: (page) => [heading(page, /booking/i), page.getByRole('link', { name: 'Return to Dashboard' })] },
]);

// /onboarding shows its wizard only to a guest who has not finished it (others go to /dashboard): a new one.
describeRole('signed in as a new guest', (page) => signUp(page, 'Find a villa'), [
  { path: '/onboarding', name: 'guest-onboarding', ready: (page) => [heading(page, "Welcome! Let's set up your profile"), page.getByRole('heading', { name: 'Add a Profile Photo' })] },
]);

// Maya hosts the Ubud, Canggu and Da Nang villas.
describeRole('signed in as a host', (page) => signInAt(page, 'maya.host@nomadnest.test', '/dashboard'), [
  { path: '/dashboard', name: 'host-dashboard', ready: (page) => [heading(page, 'Host Dashboard'), page.getByRole('link', { name: 'Rice Terrace Coliving Villa' })] },
  { path: '/property/new', name: 'host-property-new', ready: (page) => [heading(page, 'List your property'), page.getByRole('form', { name: 'New property' })] },
  {
    path: `/property/${propertyIds.ubud}/edit`,
    name: 'host-property-edit',
    ready: (page) => [heading(page, 'Edit property'), page.getByRole('form', { name: 'Edit property' })],
  },
  { path: `/room/new?property_id=${propertyIds.ubud}`, name: 'host-room-new', ready: (page) => [heading(page, 'Add a room'), page.getByRole('form', { name: 'New room' })] },
]);

// /host-onboarding, like /onboarding, is only for a host who has not finished it.
describeRole('signed in as a new host', (page) => signUp(page, 'List my villa'), [
  { path: '/host-onboarding', name: 'host-onboarding', ready: (page) => [heading(page, 'Become a Host'), page.getByRole('button', { name: 'Next' })] },
]);
