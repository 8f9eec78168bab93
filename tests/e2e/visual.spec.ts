import { expect, test, type Locator, type Page } from '@playwright/test';
import { propertyIds, signInAt } from './support/booking-card.ts';
import { viewports } from './support/screenshots.ts';

// Visual regressions of the key screens (issue 19, item 6): each is compared with a reviewed baseline in
// tests/e2e/visual.spec.ts-snapshots/ at phone (390 px) and desktop (1280 px) width, with a small tolerance.
// The screens show seeded rows no spec changes; what changes from day to day (dates relative to today,
// "last synced", toasts) is masked, animations are finished, fonts and the images in view are loaded.
//
// After an intended change to one of these screens, look at the diff in the HTML report, then rewrite the
// baselines and look at each new image before committing it:
//   CI=1 npm run test:e2e -- tests/e2e/visual.spec.ts --update-snapshots

/** Up to 1% of the pixels may differ (anti-aliasing, a photo decoded a little differently). */
const maxDiffPixelRatio = 0.01;
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

interface Screen {
  name: string;
  path: string;
  /** Signed in as this demo account, or signed out. */
  as?: string;
  /** What the screen shows once its content is there (not a skeleton). */
  ready: (page: Page) => Locator[];
  /** Parts whose content depends on today's date or on timing. */
  mask?: (page: Page) => Locator[];
}

/** Shown on every screen that may change with time: toasts, the sync badge and any `<time>`. */
const alwaysMasked = (page: Page) => [page.getByRole('region', { name: /Notifications/ }), page.getByRole('button', { name: /^Sync status:/ }), page.locator('time')];

const screens: Screen[] = [
  { name: 'landing', path: '/', ready: (page) => [heading(page, /Live and work from a villa/), page.getByRole('button', { name: 'Search' })] },
  {
    name: 'explore',
    path: '/properties',
    ready: (page) => [heading(page, 'Explore Villas'), page.getByRole('list', { name: 'Properties' }).getByRole('listitem').first()],
  },
  {
    name: 'property',
    path: `/property/${propertyIds.ubud}`,
    ready: (page) => [heading(page, 'Rice Terrace Coliving Villa'), page.getByRole('region', { name: 'Book Your Stay' })],
  },
  // Kenji's bookings (paid, current, unpaid, cancelled) are only read by the specs.
  {
    name: 'guest-dashboard',
    path: '/dashboard',
    as: 'kenji.guest@nomadnest.test',
    ready: (page) => [heading(page, 'My Dashboard'), page.getByText('Alfama Rooftop House').first()],
    // Booking dates are relative to today.
    mask: (page) => [page.getByText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/)],
  },
  {
    name: 'messages',
    path: '/messages',
    as: 'kenji.guest@nomadnest.test',
    ready: (page) => [heading(page, 'Messages'), page.getByRole('tabpanel').getByRole('link').first()],
  },
];

/** Every image inside the viewport has loaded (lazy ones below it never load without a scroll). */
async function imagesInViewLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
      })
      .every((image) => image.complete && image.naturalWidth > 0),
  );
}

async function settle(page: Page, screen: Screen): Promise<void> {
  for (const signal of screen.ready(page)) await expect(signal).toBeVisible({ timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect.poll(() => imagesInViewLoaded(page), { timeout: 15_000 }).toBe(true);
}

for (const screen of screens) {
  test(`${screen.name} looks as reviewed at phone and desktop width`, async ({ browser }) => {
    test.setTimeout(90_000);
    // Reduced motion: no fade or carousel caught half-way.
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: viewports.desktop });
    const page = await context.newPage();
    if (screen.as) await signInAt(page, screen.as, screen.path);
    else await page.goto(screen.path);
    for (const [label, size] of Object.entries(viewports)) {
      await page.setViewportSize(size);
      await settle(page, screen);
      await expect(page).toHaveScreenshot(`${screen.name}-${label}.png`, {
        animations: 'disabled',
        mask: [...alwaysMasked(page), ...(screen.mask?.(page) ?? [])],
        maxDiffPixelRatio,
      });
    }
    await context.close();
  });
}
