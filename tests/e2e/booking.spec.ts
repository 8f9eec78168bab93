import { expect, test } from '@playwright/test';
import { bookingCard, chooseOption, dayFromToday, pickCheckIn, propertyIds, signInAt } from './support/booking-card.ts';
import { newGuest } from './support/own-data.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

test.describe('booking and payment', () => {
  test('a guest books 2.5 months, pays with the test card and lands on the dashboard', async ({ page }) => {
    test.setTimeout(90_000);
    // A guest of this test: no demo guest's bookings change.
    const guest = await newGuest('Bo Booker');
    await signInAt(page, guest.email, `/property/${propertyIds.danang}`);
    const card = bookingCard(page);
    const loft = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Lantern Loft' }) });
    await loft.getByRole('button', { name: 'Request to Book' }).click();
    await expect(loft.getByRole('button', { name: 'Selected' })).toBeVisible();
    await pickCheckIn(page, dayFromToday(5));
    await chooseOption(page, card, 'Duration', '2.5 months');
    await expect(card.getByText('$1,407', { exact: true })).toBeVisible(); // round(2.5 × 4.33 × 130)
    await expect(card.getByText('2.5 months × 4.33 weeks = 10.825 weeks × $130/week')).toBeVisible();
    await card.getByRole('button', { name: 'Book Now' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm Your Booking' });
    await expect(confirm.getByText('Lantern Loft')).toBeVisible();
    await expect(confirm.getByText('$1,407', { exact: true })).toBeVisible();
    await screenshotBothWidths(page, 'booking-confirm');
    await confirm.getByRole('button', { name: 'Proceed to Secure Payment' }).click();

    // The stand-in's hosted checkout page.
    await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('$1,407.00').first()).toBeVisible();
    const email = page.locator('#email');
    if (await email.isEditable()) await email.fill(guest.email);
    await page.locator('#number').fill('4242 4242 4242 4242');
    await page.locator('input[name="expiry"]').fill('12 / 34');
    await page.locator('input[name="cvc"]').fill('123');
    await page.locator('#name').fill(guest.name);
    await page.getByRole('button', { name: /^Pay / }).click();

    await expect(page).toHaveURL(/\/dashboard\?payment=success&booking=[0-9a-f-]{36}$/, { timeout: 20_000 });
  });

  test('the dates just paid for are no longer offered to the next guest', async ({ page }) => {
    // Runs after the payment above (workers: 1, file order): Lantern Loft is paid from day 5.
    await signInAt(page, 'ana.guest@nomadnest.test', `/property/${propertyIds.danang}`);
    const card = bookingCard(page);
    await chooseOption(page, card, 'Room', 'Lantern Loft · $130/week');
    await pickCheckIn(page, dayFromToday(1));
    await chooseOption(page, card, 'Duration', '1 month');
    await card.getByRole('button', { name: 'Book Now' }).click();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Dates unavailable')).toBeVisible();
  });
});
