import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { bookingTotal, formatDollars } from '../../src/domain/pricing.ts';
import { addDaysToDate, checkoutDate, toDateOnly } from '../../src/domain/stay-dates.ts';
import { backendStatus, demoPassword } from './support/backend.ts';
import { api, bookingStatus, paidBooking, unpaidBooking } from './support/backend-api.ts';
import { deleteListing, insertBookingAsService, maya, newGuest, newListing, unique, type NewGuest, type NewListing } from './support/own-data.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

// /dashboard (docs/product.md §2, §4, §5, §7, §8, §9; docs/architecture.md §1). The seeded demo stays are only
// read here: every booking a test accepts, declines, completes, reviews or cancels is its own, on a listing
// of Maya's made for the test and deleted after it, so other specs' seeded stays stay as seeded and the
// specs run in any order.

const test = base.extend<{ listing: NewListing }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
  listing: async ({}, provide) => {
    const listing = await newListing(unique('Dashboard Villa'));
    await provide(listing);
    await deleteListing(listing.propertyId);
  },
});

const inDays = (days: number) => addDaysToDate(toDateOnly(new Date()), days);
/** The total of a 2-month stay in a new listing's room ($310 a week). */
const twoMonthTotal = formatDollars(bookingTotal(2, 310));

/** A 2-month stay of `guest` in the listing's room from `checkInDaysAgo` days ago, written as the payment functions write it. */
function stayAsService(guest: NewGuest, listing: NewListing, checkInDaysAgo: number, status: 'accepted' | 'completed'): Promise<string> {
  const checkIn = inDays(-checkInDaysAgo);
  return insertBookingAsService({
    user_id: guest.id, property_id: listing.propertyId, room_id: listing.roomId, check_in: checkIn, check_out: checkoutDate(checkIn, 2),
    total_price: bookingTotal(2, 310), status, guest_email: guest.email, stripe_payment_intent_id: `pi_${unique('dashboard').replace(/\W/g, '')}`,
  });
}
const listingRoom = (listing: NewListing) => ({ id: listing.roomId, propertyId: listing.propertyId });

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(demoPassword);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function dismissToasts(page: Page): Promise<void> {
  const close = toasts(page).getByRole('button', { name: 'Close notification' });
  // Toasts also close by themselves: one may vanish between the count and the click.
  while ((await close.count()) > 0) await close.first().click({ timeout: 2_000 }).catch(() => undefined);
}

/** A booking card: the list item holding all of the given texts. */
function bookingCard(page: Page, ...texts: (string | RegExp)[]): Locator {
  let card = page.getByRole('listitem');
  for (const text of texts) card = card.filter({ hasText: text });
  return card;
}

/** Clicks a star as a person would (the radio input itself is visually hidden). */
async function chooseRating(page: Page, dialog: Locator, stars: string): Promise<void> {
  // `has` is matched inside each label, so the inner locator starts from the page, not the dialog.
  await dialog.locator('label').filter({ has: page.getByRole('radio', { name: stars }) }).click();
  await expect(dialog.getByRole('radio', { name: stars })).toBeChecked();
}

test.describe('host dashboard', () => {
  test.describe.configure({ timeout: 90_000 });

  test('shows income and pending requests; a paid request is accepted and the guest gets an e-mail', async ({ page, listing }) => {
    const guest = await newGuest('Gia Accepted');
    const { bookingId } = await paidBooking(guest.email, listingRoom(listing));
    await signIn(page, maya.email);
    await expect(page.getByRole('heading', { name: 'Host Dashboard', level: 1 })).toBeVisible();
    const overview = page.getByRole('region', { name: 'Overview' });
    await expect(overview.getByText('Monthly income')).toBeVisible();
    await expect(overview.getByText(/^\$[\d,]+$/)).toBeVisible();
    const pendingStat = overview.getByText('Pending requests').locator('..');
    // The page renders from the mirror at once (0 before the first pull brings the requests): wait for them.
    const pendingCount = async () => Number((await pendingStat.textContent())?.replace(/\D/g, ''));
    await expect.poll(pendingCount, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

    // Listings tab first: Maya's villas with photos and room counts, Add Property, and the Profile link.
    await expect(page.getByRole('tab', { name: 'Listings' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: 'Rice Terrace Coliving Villa' })).toHaveAttribute('href', '/property/b0000000-0000-4000-8000-000000000001');
    await expect(bookingCard(page, 'Rice Terrace Coliving Villa')).toContainText('5 rooms');
    await expect(page.getByRole('link', { name: 'Add Property' })).toHaveAttribute('href', '/property/new');
    await expect(page.getByRole('link', { name: 'Profile', exact: true }).last()).toHaveAttribute('href', '/profile');
    await dismissToasts(page);
    await screenshotBothWidths(page, 'dashboard-host-listings');

    await page.getByRole('tab', { name: 'Rooms' }).click();
    await expect(page.getByRole('region', { name: 'Rooms at Batu Bolong Surf House' })).toContainText('Garden Room');
    await expect(page.getByRole('switch', { name: 'Terrace Suite available for booking' })).toBeChecked();

    await page.getByRole('tab', { name: 'Bookings' }).click();
    const request = bookingCard(page, guest.name, listing.name, 'Awaiting Acceptance');
    await expect(request).toContainText(guest.email);
    await expect(request).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4} – [A-Z][a-z]{2} \d{2}, \d{4}/);
    await expect(request).toContainText(twoMonthTotal);
    const pendingBefore = await pendingCount();
    await screenshotBothWidths(page, 'dashboard-host-bookings');

    await request.getByRole('button', { name: 'Accept' }).click();
    await expect(toasts(page).getByText('Booking accepted')).toBeVisible();
    await expect(bookingCard(page, guest.name, listing.name)).toContainText('Confirmed');
    await expect.poll(async () => (await api(`/rest/v1/bookings?id=eq.${bookingId}&select=status,host_decision`, { useServiceKey: true }).then((r) => r.json())) as unknown).toEqual([
      { status: 'accepted', host_decision: 'accepted' },
    ]);
    const { mailbox_url } = backendStatus();
    await expect
      .poll(async () => ((await (await fetch(`${mailbox_url}/api/messages?to=${encodeURIComponent(guest.email)}`)).json()) as { subject: string }[]).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect(pendingStat).toHaveText(`Pending requests${pendingBefore - 1}`);
  });

  test('an unpaid request offers no Accept and says why; a stay is completed and a guest rated', async ({ page, listing }) => {
    const current = await newGuest('Cora Current');
    const past = await newGuest('Pim Past');
    await stayAsService(current, listing, 5, 'accepted');
    const pastStayId = await stayAsService(past, listing, 130, 'completed');
    await signIn(page, maya.email);
    await page.getByRole('tab', { name: 'Bookings' }).click();

    // Sam's request at the surf house is pending (checkout opened, payment not verified).
    const unpaid = bookingCard(page, 'Sam Okafor', 'Batu Bolong Surf House', 'Pending');
    await expect(unpaid.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await expect(unpaid.getByText("Waiting for the guest's payment")).toBeVisible();
    await expect(unpaid).toContainText('Pending');

    // Priya arrives in 7 days: her stay has not begun, so it cannot be completed yet (the database refuses too).
    const priya = bookingCard(page, 'Priya Nair', 'Rice Terrace Coliving Villa', 'Confirmed');
    await expect(priya.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0);
    await expect(priya.getByText(/^Can be completed from [A-Z][a-z]{2} \d{2}, \d{4}$/)).toBeVisible();
    // This stay began 5 days ago: it can be marked completed.
    const stay = bookingCard(page, current.name, listing.name, 'Confirmed');
    await stay.getByRole('button', { name: 'Mark as Completed' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Mark as Completed' }).click();
    await expect(toasts(page).getByText('Stay completed')).toBeVisible();
    const completed = bookingCard(page, current.name, listing.name, 'Completed');
    await expect(completed.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0);
    await dismissToasts(page);

    // A past stay: Rate Guest (host to guest), rating required, counter n/500.
    const pastCard = bookingCard(page, past.name, listing.name, 'Completed');
    await pastCard.getByRole('button', { name: 'Rate Guest' }).click();
    const dialog = page.getByRole('dialog', { name: `Rate ${past.name}` });
    await expect(dialog.getByRole('button', { name: 'Submit Review' })).toBeDisabled();
    await dialog.getByRole('textbox').fill('Quiet, tidy and kind to the other guests.');
    await expect(dialog.getByText('41/500 characters')).toBeVisible();
    await chooseRating(page, dialog, '4 stars');
    await screenshotBothWidths(page, 'dashboard-host-rate-guest');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(toasts(page).getByText('Thanks for your feedback!')).toBeVisible();
    await expect(pastCard).toContainText('You rated this guest');
    await expect
      .poll(async () => (await api(`/rest/v1/reviews?review_type=eq.host_to_guest&booking_id=eq.${pastStayId}&select=rating,text`, { useServiceKey: true }).then((r) => r.json())) as unknown)
      .toEqual([{ rating: 4, text: 'Quiet, tidy and kind to the other guests.' }]);
  });

  test('declining a paid request refunds the guest in the payment provider', async ({ page, listing }) => {
    const guest = await newGuest('Dev Declined');
    const { bookingId, paymentIntent } = await paidBooking(guest.email, listingRoom(listing));
    await signIn(page, maya.email);
    await page.getByRole('tab', { name: 'Bookings' }).click();
    const request = bookingCard(page, guest.name, listing.name, 'Awaiting Acceptance');
    await request.getByRole('button', { name: 'Decline' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Decline this request?' });
    await expect(confirm).toContainText('refunded');
    await confirm.getByRole('button', { name: 'Decline and refund' }).click();
    await expect(toasts(page).getByText('Booking declined')).toBeVisible();
    await expect(bookingCard(page, guest.name, listing.name)).toContainText('Declined');
    expect(await bookingStatus(bookingId)).toBe('declined');
    const state = (await (await fetch(`${backendStatus().stripe_url}/test/state`)).json()) as { refunds: { payment_intent: string; status: string }[] };
    expect(state.refunds.filter((refund) => refund.payment_intent === paymentIntent)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });

  test('payout onboarding results and the Connect payouts link', async ({ page, context }) => {
    await signIn(page, maya.email);
    await page.goto('/dashboard?stripe_connected=true');
    await expect(toasts(page).getByText('Stripe Connected')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard?stripe_error=true');
    await expect(toasts(page).getByText('Connection Failed')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    const newTab = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Connect payouts' }).click();
    const onboarding = await newTab;
    await expect(onboarding).toHaveURL(/\/stripe\/connect\//);
    await onboarding.close();
  });
});

test.describe('guest dashboard', () => {
  test.describe.configure({ timeout: 90_000 });

  test('lists bookings newest first with guest labels; house chat opens only for confirmed stays', async ({ page }) => {
    await signIn(page, 'kenji.guest@nomadnest.test');
    await expect(page.getByRole('heading', { name: 'Your bookings' })).toBeVisible();
    const paid = bookingCard(page, 'Cape Town', 'Awaiting Host Confirmation');
    await expect(paid).toContainText('$2,013');
    await expect(paid.getByRole('button', { name: 'Join House Chat' })).toBeDisabled();
    await expect(paid).toContainText('(Available after confirmation)');

    const current = bookingCard(page, 'Alfama Rooftop House', 'Confirmed');
    await expect(current.getByRole('link', { name: 'Join House Chat' })).toHaveAttribute('href', '/messages?house=b0000000-0000-4000-8000-000000000004');
    await expect(current.getByRole('link', { name: 'View property' })).toHaveAttribute('href', '/property/b0000000-0000-4000-8000-000000000004');

    const unpaid = bookingCard(page, 'Rice Terrace Coliving Villa', 'Awaiting Payment');
    await expect(unpaid.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    await expect(unpaid.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(bookingCard(page, 'Cancelled').first().getByRole('button', { name: 'Join House Chat' })).toHaveCount(0);

    // Newest first: the seed created the current Lisbon stay 44 days ago, the others 14 days ago.
    const titles = await page.getByRole('listitem').getByRole('heading', { level: 3 }).allTextContents();
    expect(titles.at(-1)).toBe('Alfama Rooftop House');
    await dismissToasts(page);
    await screenshotBothWidths(page, 'dashboard-guest');
  });

  test('a completed stay is reviewed (guest to host)', async ({ page, listing }) => {
    const guest = await newGuest('Rhea Reviewer');
    await stayAsService(guest, listing, 100, 'completed');
    await signIn(page, guest.email);
    const stay = bookingCard(page, listing.name, 'Completed');
    await stay.getByRole('button', { name: 'Review your stay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review your stay' });
    await expect(dialog.getByRole('button', { name: 'Submit Review' })).toBeDisabled();
    await chooseRating(page, dialog, '5 stars');
    await dialog.getByRole('textbox').fill('Great desk, great host.');
    await expect(dialog.getByText('23/500 characters')).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(toasts(page).getByText('Thanks for your feedback!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(stay).toContainText('You reviewed this stay');
  });

  test('payment=cancelled tells the guest and releases the unpaid booking', async ({ page, listing }) => {
    const guest = await newGuest('Cal Cancelled');
    const { bookingId } = await unpaidBooking(guest.email, listingRoom(listing));
    await signIn(page, guest.email);
    await page.goto(`/dashboard?payment=cancelled&booking=${bookingId}`);
    await expect(toasts(page).getByText('Payment cancelled')).toBeVisible();
    await expect(toasts(page).getByText('Your booking was not completed. You can try again anytime.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect.poll(() => bookingStatus(bookingId), { timeout: 10_000 }).toBe('cancelled');
    await expect(bookingCard(page, listing.name, 'Cancelled')).toBeVisible();
    await expect(bookingCard(page, listing.name).getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  });

  test('payment=success verifies the payment and goes to the confirmation', async ({ page, listing }) => {
    const guest = await newGuest('Sia Success');
    const { bookingId } = await paidBooking(guest.email, listingRoom(listing));
    await signIn(page, guest.email);
    await page.goto(`/dashboard?payment=success&booking=${bookingId}`);
    await expect(toasts(page).getByText('Payment confirmed')).toBeVisible();
    await expect(toasts(page).getByText('Payment successful, booking sent to host')).toBeVisible();
    await expect(page).toHaveURL(/\/booking-confirmed/);
  });
});
