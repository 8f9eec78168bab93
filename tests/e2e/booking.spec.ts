import { expect, test } from '@playwright/test';
import { bookingCard, chooseOption, dayFromToday, payOnCheckoutPage, pickCheckIn, propertyIds, signInAt } from './support/booking-card.ts';
import { api, paidBooking } from './support/backend-api.ts';
import { json, newGuest } from './support/own-data.ts';
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
    await expect(page.getByText('$1,407.00').first()).toBeVisible({ timeout: 20_000 });
    // Checkout returns to the dashboard (a navigation, caught as it commits: the dashboard takes the query
    // parameters off the address at once), which confirms the payment and opens the confirmation.
    const returned = page.waitForURL(/\/dashboard\?payment=success&booking=[0-9a-f-]{36}$/, { waitUntil: 'commit', timeout: 20_000 });
    await payOnCheckoutPage(page, guest);
    await returned;
    await expect(page).toHaveURL(/\/booking-confirmed\?booking=[0-9a-f-]{36}$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Booking request sent!' })).toBeVisible();
  });

  test('dates another guest paid for are no longer offered to the next guest', async ({ page }) => {
    // Its own paid stay (Lantern Loft, 2 months from day 220), clear of the stays other specs book there.
    const [loft] = await json<{ id: string }[]>(await api(`/rest/v1/rooms?property_id=eq.${propertyIds.danang}&name=eq.Lantern%20Loft&select=id`), 200);
    await paidBooking((await newGuest('Pia Payer')).email, { id: loft!.id, propertyId: propertyIds.danang }, 220);
    const next = await newGuest('Ned Next');
    await signInAt(page, next.email, `/property/${propertyIds.danang}`);
    const card = bookingCard(page);
    await chooseOption(page, card, 'Room', 'Lantern Loft · $130/week');
    await pickCheckIn(page, dayFromToday(216));
    await chooseOption(page, card, 'Duration', '1 month');
    await card.getByRole('button', { name: 'Book Now' }).click();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Dates unavailable')).toBeVisible();
  });
});
