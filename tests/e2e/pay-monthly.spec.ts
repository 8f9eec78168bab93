// Paying monthly (docs/decisions/pay-monthly.md): a guest books 3 months paying monthly with 4242, the
// host accepts, the stand-in's scheduler clock moves a month and the second payment is charged (receipt,
// "2 of 3 paid", the host's split in the Stripe double); a second stay saved with 4000 0000 0000 0341 fails
// its second payment, the dashboard shows the banner, and Pay now with 4242 pays it.
import { expect, test, type Page } from '@playwright/test';
import { api, json, runSchedulerOn } from './support/backend-api.ts';
import { backendStatus } from './support/backend.ts';
import { bookingCard, chooseOption, dayFromToday, payOnCheckoutPage, pickCheckIn, signInAt, toasts } from './support/booking-card.ts';
import { accessToken } from './support/backend-api.ts';
import { deleteOwnListing, newConnectedHost, newGuest, type ConnectedHost, type NewGuest } from './support/own-data.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

interface Payment {
  id: string;
  sequence: number;
  amount_cents: number;
  due_date: string;
  status: string;
}

const payments = async (bookingId: string): Promise<Payment[]> =>
  json<Payment[]>(await api(`/rest/v1/booking_payments?booking_id=eq.${bookingId}&order=sequence&select=id,sequence,amount_cents,due_date,status`, { useServiceKey: true }));

/** Books the host's room for 3 months from `checkIn`, paying monthly with `card`; returns the booking id. */
async function bookMonthly(page: Page, guest: NewGuest, host: ConnectedHost, checkIn: Date, card: string, options: { screenshot?: boolean } = {}): Promise<string> {
  const bookingCardOf = bookingCard(page);
  await chooseOption(page, bookingCardOf, 'Room', 'Sea Room · $300/week');
  await pickCheckIn(page, checkIn);
  await chooseOption(page, bookingCardOf, 'Duration', '3 months');
  await bookingCardOf.getByRole('radio', { name: /Pay monthly/ }).check();
  // round(3 × 4.33 × $300) = $3,897: three payments of $1,299, the first today.
  const schedule = bookingCardOf.getByRole('list', { name: 'Payment schedule' });
  await expect(schedule.getByRole('listitem')).toHaveCount(3);
  await expect(schedule.getByText('Today')).toBeVisible();
  if (options.screenshot) await screenshotBothWidths(page, 'pay-monthly-card');
  await bookingCardOf.getByRole('button', { name: 'Book Now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Your Booking' });
  await expect(confirm.getByText('Pay $1,299 now', { exact: false })).toBeVisible();
  if (options.screenshot) await screenshotBothWidths(page, 'pay-monthly-confirm');
  await confirm.getByRole('button', { name: 'Proceed to Secure Payment' }).click();
  await expect(page.getByText('$1,299.00').first()).toBeVisible({ timeout: 20_000 });
  await payOnCheckoutPage(page, guest, card);
  // Verified on the dashboard, then the confirmation page (docs/product.md §2.12).
  await expect(page).toHaveURL(/\/booking-confirmed\?booking=[0-9a-f-]{36}$/, { timeout: 30_000 });
  const bookingId = new URL(page.url()).searchParams.get('booking') ?? '';
  await expect.poll(async () => (await payments(bookingId)).map((p) => p.status), { timeout: 15_000 }).toEqual(['paid', 'scheduled', 'scheduled']);
  // The host accepts (paid requests only; the host's dashboard is dashboard.spec's).
  const accepted = await api(`/rest/v1/bookings?id=eq.${bookingId}`, { method: 'PATCH', token: await accessToken(host.email), body: JSON.stringify({ status: 'accepted' }) });
  expect(accepted.status).toBe(204);
  return bookingId;
}

async function subjectsTo(email: string): Promise<string[]> {
  const response = await fetch(`${backendStatus().api_url}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { subject: string }[]).map((mail) => mail.subject);
}

test('a guest pays a 3-month stay monthly; a declined month is paid with Pay now', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const host = await newConnectedHost('Hugo Harbour', `Casa Mensal ${Date.now().toString(36)}`);
  try {
    const guest = await newGuest('Mia Monthly');
    await signInAt(page, guest.email, `/property/${host.propertyId}`);

    // 1. The first month at booking with 4242; the next one charged when the clock reaches its date.
    const first = await bookMonthly(page, guest, host, dayFromToday(5), '4242 4242 4242 4242', { screenshot: true });
    const [, second] = await payments(first);
    expect(second?.amount_cents).toBe(129_900);
    expect(await runSchedulerOn(second!.due_date)).toContainEqual({ paymentId: second!.id, outcome: 'paid' });
    await expect.poll(() => subjectsTo(guest.email), { timeout: 15_000 }).toContain(`Payment received: ${host.name} – Sea Room`);
    await page.goto('/dashboard');
    await expect(page.getByText('2 of 3 paid')).toBeVisible({ timeout: 15_000 });
    const { payment_intents: intents } = await json<{ payment_intents: { amount: number; application_fee_amount: number | null; transfer_data: { destination: string } | null; metadata: Record<string, string> }[] }>(
      await api('/stripe/test/state'),
    );
    expect(intents.find((pi) => pi.metadata.booking_payment_id === second!.id)).toMatchObject({
      amount: 129_900,
      application_fee_amount: 12_990,
      transfer_data: { destination: host.account },
    });

    // 2. A card that pays at Checkout but is declined later: the banner, then Pay now with 4242.
    await page.goto(`/property/${host.propertyId}`);
    const declined = await bookMonthly(page, guest, host, dayFromToday(120), '4000 0000 0000 0341');
    const [, due] = await payments(declined);
    expect(await runSchedulerOn(due!.due_date)).toContainEqual({ paymentId: due!.id, outcome: 'failed', code: 'card_declined' });
    await expect.poll(() => subjectsTo(guest.email), { timeout: 15_000 }).toContain(`Payment failed: ${host.name} – Sea Room`);
    await page.goto('/dashboard');
    // The banner names the room and dates: two stays in one house must tell apart.
    const banner = page.getByText(new RegExp(`^Your payment of \\$1,299 for Sea Room at ${host.name} \\(\\w{3} \\d{2}, \\d{4} – \\w{3} \\d{2}, \\d{4}\\) didn't go through\\.$`));
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await screenshotBothWidths(page, 'pay-monthly-banner');
    // Offline the schedule still reads from the device, and Pay now says why it waits.
    await page.context().setOffline(true);
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeDisabled();
    await expect(page.getByText("You're offline. Paying needs a connection.")).toBeVisible();
    await expect(page.getByText('1 of 3 paid')).toBeVisible();
    await page.context().setOffline(false);
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    // The host sees each stay's payments, the failed one among them.
    const hostPage = await browser.newPage();
    await signInAt(hostPage, host.email, '/dashboard');
    await hostPage.getByRole('tab', { name: 'Bookings' }).click();
    await expect(hostPage.getByText('1 of 3 paid')).toBeVisible({ timeout: 15_000 });
    await expect(hostPage.getByText(/^Failed — next try/)).toBeVisible();
    await screenshotBothWidths(hostPage, 'pay-monthly-host');
    await hostPage.close();
    await page.getByRole('button', { name: 'Pay now' }).click();
    // The return is a navigation, caught as it commits: the dashboard takes the query off the address at once.
    const returned = page.waitForURL(/\/dashboard\?payment=success/, { waitUntil: 'commit', timeout: 20_000 });
    await payOnCheckoutPage(page, guest);
    await returned;
    await expect(toasts(page).getByText('Payment received')).toBeVisible({ timeout: 20_000 });
    await expect(banner).toBeHidden();
    expect((await payments(declined)).map((p) => p.status)).toEqual(['paid', 'paid', 'scheduled']);
  } finally {
    await deleteOwnListing(host, host.propertyId);
  }
});
