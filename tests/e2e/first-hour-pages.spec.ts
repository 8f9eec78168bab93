// A new user's first hour, every page, at phone (390 px) and desktop (1280 px) widths:
// a document title per page, focus on the new page's heading after navigation, 24 px carousel dots, a
// Skip to booking link, a 404 with search and links, the owner's page using the full width, and hosts
// offered a new listing instead of Become a Host. Read-only against the demo seed.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { properties as seededProperties } from '../../supabase/seed/demo-data.ts';
import { propertyIds, signInAt } from './support/booking-card.ts';
import { waitUntilHydrated } from './support/hydrated.ts';
import { screenshotBothWidths, viewports } from './support/screenshots.ts';

// Listings arrive from the stand-in after first paint; on a busy shared machine that can take a while.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const ubud = seededProperties.find((p) => p.key === 'ubud')!;
const lisbonVillas = seededProperties.filter((p) => p.city === 'Lisbon');
const cards = (page: Page) => page.getByRole('list', { name: 'Properties' }).getByRole('listitem');

for (const [width, size] of Object.entries(viewports)) {
  test.describe(`every page at ${width} width`, () => {
    test.use({ viewport: size });

    test('each route names its tab after its page', async ({ page }) => {
      const titles = new Map<string, string>();
      const visit = async (path: string, heading: RegExp | string, title: string) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page).toHaveTitle(title);
        titles.set(path, title);
      };
      await visit('/', /Live and work from a villa/, 'NomadNest · Long-stay villas for remote workers');
      await visit('/properties', 'Explore Villas', 'Explore Villas · NomadNest');
      await visit(`/property/${ubud.id}`, ubud.name, `${ubud.name} · NomadNest`);
      await visit('/auth', 'Welcome to NomadNest', 'Sign In · NomadNest');
      await visit('/auth?mode=signup', 'Welcome to NomadNest', 'Sign Up · NomadNest');
      await visit('/no-such-page', 'Oops! Page not found', 'Oops! Page not found · NomadNest');
      expect(new Set(titles.values()).size).toBe(titles.size);
    });

    test('after a navigation focus is on the new page heading', async ({ page }) => {
      await page.goto('/');
      const explore = page.getByRole('main').getByRole('link', { name: 'Explore Villas' }).first();
      // An in-app navigation: a click on the prerendered link before hydration loads a new document.
      await waitUntilHydrated(explore);
      await explore.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Explore Villas' })).toBeFocused();
      await cards(page).first().getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
      // Tab then continues from the page, not from the link that was clicked.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to booking' })).toBeFocused();
    });

    test('carousel dots are at least 24 by 24 px', async ({ page }) => {
      await page.goto('/properties');
      const dots = cards(page).first().getByRole('button', { name: /photo \d+ of \d+|Go to slide|slide \d+/i });
      await expect(dots.first()).toBeVisible();
      // Measured in one go in the page: the dots of one render, never a dot the next render has replaced.
      const sizes = await dots.evaluateAll((nodes) => nodes.map((node) => ({ width: node.getBoundingClientRect().width, height: node.getBoundingClientRect().height })));
      expect(sizes.length).toBeGreaterThan(1);
      for (const size of sizes) {
        expect(size.width).toBeGreaterThanOrEqual(24);
        expect(size.height).toBeGreaterThanOrEqual(24);
      }
    });

    test('Skip to booking is early in the tab order and moves focus to the booking card', async ({ page }) => {
      await page.goto(`/property/${propertyIds.ubud}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Rooms' }).first()).toBeVisible();
      const skip = page.getByRole('link', { name: 'Skip to booking' });
      // Before any photo, room or review control.
      let presses = 0;
      while (!(await skip.evaluate((link) => link === document.activeElement)) && presses < 15) {
        await page.keyboard.press('Tab');
        presses += 1;
      }
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('#booking-card')).toBeFocused();
      await expect(page.locator('#booking-card')).toBeInViewport();
    });

    test('an unknown page offers a villa search and the main places to go', async ({ page }) => {
      await page.goto('/not-a-real-page');
      await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go back home' })).toBeVisible();
      await screenshotBothWidths(page, 'first-hour-404');
      await page.setViewportSize(size);
      const search = page.getByRole('search', { name: 'Search villas' });
      await search.getByLabel('Where would you like to stay?').fill('Lisbon');
      await search.getByRole('button', { name: 'Search villas' }).click();
      await expect(page).toHaveURL(/\/properties\?location=Lisbon$/);
      await expect(cards(page)).toHaveCount(lisbonVillas.length);
    });

    test('a host is offered a new listing, not Become a Host; the owner page uses the full width', async ({ page }) => {
      await signInAt(page, 'maya.host@nomadnest.test', '/');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'List a Villa' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Become a Host' })).toHaveCount(0);

      await page.goto(`/property/${propertyIds.ubud}`);
      await expect(page.getByRole('heading', { level: 1, name: ubud.name })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Skip to booking' })).toHaveCount(0);
      // The details column spans the page frame: no empty booking column beside it.
      const frame = (await page.getByRole('main').locator('header').first().boundingBox())!;
      const gallery = (await page.getByRole('region', { name: /photos/i }).first().boundingBox())!;
      expect(gallery.width).toBeGreaterThan(frame.width * 0.9);
      await screenshotBothWidths(page, 'first-hour-owner-property');
    });
  });
}

test('a guest is still offered Become a Host', async ({ page }) => {
  await signInAt(page, 'leo.guest@nomadnest.test', '/');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Become a Host' })).toHaveAttribute('href', '/host-onboarding');
  await expect(page.getByRole('link', { name: 'List a Villa' })).toHaveCount(0);
});
