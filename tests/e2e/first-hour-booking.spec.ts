import { expect, test, type Page } from '@playwright/test';
import { bookingCard, chooseOption, dayFromToday, pickCheckIn, propertyIds, signInAt } from './support/booking-card.ts';
import { screenshotBothWidths, viewports } from './support/screenshots.ts';

// A new user's first hour, booking, at phone (390 px) and desktop (1280 px)
// widths against the demo seed. Read-only: nothing here pays, accepts or completes anything.

test.describe.configure({ timeout: 90_000 });

const widths = Object.entries(viewports) as [keyof typeof viewports, (typeof viewports)[keyof typeof viewports]][];

/** Opens a property page and waits for it to render (the machine may be busy: the first load can be slow). */
async function openProperty(page: Page, id: string): Promise<void> {
  await page.goto(`/property/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Rooms' }).first()).toBeVisible({ timeout: 30_000 });
}

const roomCard = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Rooms' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

for (const [label, size] of widths) {
  test.describe(`first hour at ${label} width`, () => {
    test.use({ viewport: size });

    test('a villa shows its own amenities, not the fixed seven', async ({ page }) => {
      await openProperty(page, propertyIds.ubud);
      const amenities = page.getByRole('region', { name: 'Amenities' });
      await expect(amenities.getByText('Yoga deck')).toBeVisible();
      await expect(amenities.getByText('Cook 3 days a week')).toBeVisible();
      await expect(amenities.getByText('Sea view')).toHaveCount(0);
      // A seaside house lists the sea view its host ticked.
      await openProperty(page, propertyIds.danang);
      await expect(page.getByRole('region', { name: 'Amenities' }).getByText('Sea view')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Amenities' }).getByText('Yoga deck')).toHaveCount(0);
    });

    test('prices say what they are: per week, a month as the monthly plan charges it, and a breakdown summing to the total', async ({ page }) => {
      await page.goto('/properties');
      await expect(page.getByRole('status', { name: 'Loading properties' })).toBeHidden({ timeout: 30_000 });
      const first = page.getByRole('list').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }).first();
      await expect(first.getByText(/^from ~\$[\d,]+\/month$/)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(/per 4 weeks/)).toHaveCount(0);

      await openProperty(page, propertyIds.danang);
      const loft = roomCard(page, 'Lantern Loft');
      await expect(loft.getByText('$130/week')).toBeVisible();
      await expect(loft.getByText('~$563/month')).toBeVisible();
      await expect(page.getByText(/per 4 weeks/)).toHaveCount(0);

      await loft.getByRole('button', { name: 'Request to Book' }).click();
      const card = bookingCard(page);
      await chooseOption(page, card, 'Duration', '2 months');
      const breakdown = card.getByTestId('price-breakdown');
      await expect(breakdown.getByText('2 months × 4.33 weeks = 8.66 weeks × $130/week')).toBeVisible();
      await expect(card.getByRole('definition').filter({ hasText: /^\$/ })).toHaveText('$1,126'); // round(8.66 × 130) = 1125.8
      // The month the room field names is the one the monthly plan charges.
      await expect(card.getByText('$130/week · $563/month')).toBeVisible();
      await card.getByRole('radio', { name: /Pay monthly/ }).check();
      await pickCheckIn(page, dayFromToday(120));
      await expect(card.getByRole('list', { name: 'Payment schedule' }).getByRole('listitem')).toHaveText([/^Today\s*\$563$/, /\$563$/]);
      await chooseOption(page, card, 'Duration', '1.5 months');
      await expect(breakdown.getByText('1.5 months × 4.33 weeks = 6.495 weeks × $130/week')).toBeVisible();
      await expect(breakdown.getByText(/half month counts as 15 days/)).toBeVisible();
      await expect(card.getByRole('definition').filter({ hasText: /^\$/ })).toHaveText('$844'); // round(6.495 × 130) = 844.35
      await screenshotBothWidths(page, 'first-hour-booking-card');
    });

    test('the confirm dialog shows the same breakdown', async ({ page }) => {
      await signInAt(page, 'ana.guest@nomadnest.test', `/property/${propertyIds.danang}`);
      await page.setViewportSize(size);
      await roomCard(page, 'Lantern Loft').getByRole('button', { name: 'Request to Book' }).click();
      const card = bookingCard(page);
      await pickCheckIn(page, dayFromToday(120)); // after the stay booking.spec.ts pays for from day 5
      await chooseOption(page, card, 'Duration', '2 months');
      await card.getByRole('button', { name: 'Book Now' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm Your Booking' });
      await expect(confirm.getByText('2 months × 4.33 weeks = 8.66 weeks × $130/week')).toBeVisible();
      await expect(confirm.getByLabel('Booking summary').getByText('$1,126')).toBeVisible();
      await expect(confirm.getByText('= $1,126')).toBeVisible();
      await screenshotBothWidths(page, 'first-hour-confirm');
      await confirm.getByRole('button', { name: 'Back' }).click();
      await expect(confirm).toBeHidden();
    });

    test('room cards give stays in months', async ({ page }) => {
      await openProperty(page, propertyIds.ubud);
      const nook = roomCard(page, 'Studio Nook');
      await expect(nook.getByText('Stay: 1–6 months')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Rooms' }).getByText(/\d+–\d+ weeks/)).toHaveCount(0);
    });

    test('Book Now with nothing chosen marks the fields and focuses the room', async ({ page }) => {
      await openProperty(page, propertyIds.ubud);
      const card = bookingCard(page);
      await card.getByRole('button', { name: 'Book Now' }).click();
      const room = card.getByRole('button', { name: /Room$/ });
      await expect(room).toHaveAttribute('aria-invalid', 'true');
      await expect(room).toBeFocused();
      await expect(room).toHaveAccessibleDescription('Select a room');
      await expect(card.getByText('Select a check-in date')).toBeVisible();
      await expect(card.getByText('Select a duration')).toBeVisible();
      await expect(card.getByRole('spinbutton', { name: /Check-in/ }).first()).toHaveAttribute('aria-invalid', 'true');
      // Choosing the room clears its error; the next Book Now focuses the first field still missing.
      await chooseOption(page, card, 'Room', 'Studio Nook · $170/week');
      await expect(room).not.toHaveAttribute('aria-invalid', 'true');
      await card.getByRole('button', { name: 'Book Now' }).click();
      await expect(card.getByRole('spinbutton').first()).toBeFocused();
      await screenshotBothWidths(page, 'first-hour-book-now-errors');
    });
  });
}

test('a Book Now before the booking fields have loaded focuses the room once they have', async ({ page }) => {
  // The fields' chunk is held back until after the click (a slow phone, a slow network).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/booking-fields-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openProperty(page, propertyIds.ubud);
  const card = bookingCard(page);
  await card.getByRole('button', { name: 'Book Now' }).click();
  release();
  const room = card.getByRole('button', { name: /Room$/ });
  await expect(room).toHaveAttribute('aria-invalid', 'true');
  await expect(room).toBeFocused();
});

test.describe('the phone booking bar', () => {
  test('on a phone it shows the price and brings the booking card into view', async ({ page }) => {
    await page.setViewportSize(viewports.phone);
    await openProperty(page, propertyIds.ubud);
    const bar = page.getByRole('region', { name: 'Book this place' });
    await expect(bar).toBeVisible();
    await expect(bar.getByText(/^from ~\$[\d,]+\/month$/)).toBeVisible();
    await expect(bookingCard(page)).not.toBeInViewport();
    await page.screenshot({ path: 'test-results/screenshots/first-hour-sticky-bar-phone.png' });
    await bar.getByRole('button', { name: 'Check availability' }).click();
    await expect(bookingCard(page).getByRole('heading', { name: 'Book Your Stay' })).toBeInViewport();
    await expect(bookingCard(page).getByRole('button', { name: /Room$/ })).toBeFocused();
    // The bar never hides the end of the page: the last content scrolls clear of it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const barBox = await bar.boundingBox();
    // The page content is the element before the bar's spacer.
    const contentBottom = await bar.evaluate((element) => element.previousElementSibling?.previousElementSibling?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY);
    expect(barBox).not.toBeNull();
    expect(contentBottom).toBeLessThanOrEqual((barBox?.y ?? 0) + 1);
  });

  test('on a desktop there is no bar', async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await openProperty(page, propertyIds.ubud);
    await expect(bookingCard(page)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Book this place' })).toBeHidden();
  });

  test('the owner sees no bar', async ({ page }) => {
    await signInAt(page, 'maya.host@nomadnest.test', `/property/${propertyIds.ubud}`);
    await page.setViewportSize(viewports.phone);
    await expect(page.getByRole('heading', { name: 'Rooms' }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Book this place' })).toHaveCount(0);
  });
});

test.describe('host actions are offered only when they can succeed', () => {
  for (const [label, size] of widths) {
    test(`an unpaid request has no Accept and says why; a future stay says when it can be completed (${label})`, async ({ page }) => {
      await page.setViewportSize(size);
      await signInAt(page, 'maya.host@nomadnest.test', '/dashboard');
      await page.getByRole('tab', { name: 'Bookings' }).click();
      const card = (...texts: string[]) => {
        let item = page.getByRole('listitem');
        for (const text of texts) item = item.filter({ hasText: text });
        return item;
      };
      const unpaid = card('Sam Okafor', 'Batu Bolong Surf House', 'Pending');
      await expect(unpaid.getByText("Waiting for the guest's payment")).toBeVisible();
      await expect(unpaid.getByRole('button', { name: 'Accept' })).toHaveCount(0);
      await expect(unpaid.getByRole('button', { name: 'Decline' })).toHaveCount(0);
      const paid = card('Jonas Weber', 'Awaiting Acceptance');
      await expect(paid.getByRole('button', { name: 'Accept' })).toBeVisible();
      const future = card('Priya Nair', 'Rice Terrace Coliving Villa', 'Confirmed');
      await expect(future.getByText(/^Can be completed from [A-Z][a-z]{2} \d{2}, \d{4}$/)).toBeVisible();
      await expect(future.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0);
      await screenshotBothWidths(page, `first-hour-host-bookings-${label}`);
    });
  }
});
