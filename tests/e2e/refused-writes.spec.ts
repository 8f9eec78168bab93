import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { bookingTotal } from '../../src/domain/pricing.ts';
import { addDaysToDate, checkoutDate, toDateOnly } from '../../src/domain/stay-dates.ts';
import { api } from './support/backend-api.ts';
import { signInAt } from './support/booking-card.ts';
import { deleteListing, insertBookingAsService, json, newGuest, newListing, unique, type NewListing } from './support/own-data.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

// A write the server refuses (docs/decisions/refused-and-conflicting-writes.md): the optimistic row is
// rolled back (the booking no longer says it was reviewed), and the sync badge's "not sent" opens the list
// of unsent changes, each in words with why it was refused, Delete, and Retry where a retry can succeed.

const test = base.extend<{ listing: NewListing }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
  listing: async ({}, provide) => {
    const listing = await newListing(unique('Casa Azul'));
    await provide(listing);
    await deleteListing(listing.propertyId);
  },
});

const syncStatus = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^Sync status: ${label}\\.`) });
const card = (page: Page, name: string): Locator => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3 }) });

async function serverReviews(bookingId: string): Promise<unknown[]> {
  return json<unknown[]>(await api(`/rest/v1/reviews?booking_id=eq.${bookingId}&select=id`, { useServiceKey: true }));
}

test.describe('a refused write', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a review queued offline for a stay cancelled meanwhile is rolled back and listed under Unsent changes with Delete', async ({ page, context, listing }) => {
    const guest = await newGuest('Rita Refused');
    const checkIn = addDaysToDate(toDateOnly(new Date()), -100);
    const bookingId = await insertBookingAsService({
      user_id: guest.id, property_id: listing.propertyId, room_id: listing.roomId, check_in: checkIn, check_out: checkoutDate(checkIn, 2),
      total_price: bookingTotal(2, 310), status: 'completed', guest_email: guest.email, stripe_payment_intent_id: `pi_${unique('refused').replace(/\W/g, '')}`,
    });
    await signInAt(page, guest.email, '/dashboard');
    const stay = card(page, listing.name);
    await expect(stay.getByRole('button', { name: 'Review your stay' })).toBeVisible();
    // Offline, the review dialog's code comes from the service worker's precache: wait until it serves this page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

    // Offline, the guest reviews the stay: it is queued and shown as done.
    await context.setOffline(true);
    await stay.getByRole('button', { name: 'Review your stay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review your stay' });
    await dialog.locator('label').filter({ has: page.getByRole('radio', { name: '4 stars' }) }).click();
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(dialog).toBeHidden();
    await expect(stay).toContainText('You reviewed this stay');

    // Meanwhile the server cancels the stay; back online, the review is refused.
    await json(await api(`/rest/v1/bookings?id=eq.${bookingId}`, { method: 'PATCH', useServiceKey: true, body: JSON.stringify({ status: 'cancelled' }) }), 204);
    await context.setOffline(false);
    await expect(syncStatus(page, '1 not sent')).toBeVisible({ timeout: 20_000 });
    expect(await serverReviews(bookingId)).toEqual([]);
    await expect(stay).not.toContainText('You reviewed this stay');

    // The badge opens what was refused, in words, and why.
    await syncStatus(page, '1 not sent').click();
    const unsent = page.getByRole('dialog', { name: 'Unsent changes' });
    const item = unsent.getByRole('listitem').filter({ hasText: `Review of ${listing.name}` });
    await expect(item).toContainText('this stay can no longer be reviewed');
    // The stay cannot be reviewed any more: a retry could not succeed, so only Delete is offered.
    await expect(item.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await screenshotBothWidths(page, 'unsent-changes');
    await item.getByRole('button', { name: 'Delete' }).click();
    await expect(unsent.getByText('Nothing is waiting to be sent.')).toBeVisible();
    await unsent.getByRole('button', { name: 'Close' }).click();
    await expect(syncStatus(page, 'Synced')).toBeVisible({ timeout: 15_000 });
  });
});
