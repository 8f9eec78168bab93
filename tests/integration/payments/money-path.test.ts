// The whole money path through the real functions on the stand-in: a guest books, pays on the Stripe
// double with 4242, the webhook and verify-booking-payment mark it paid (10% platform fee, the rest
// transferred to the host), the host accepts (e-mails in the mailbox) or declines (full refund with
// the transfer reversed and the fee refunded).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';
import {
  bookRoom,
  bookingRow,
  connectHost,
  createListing,
  invoke,
  mailTo,
  payWithCard,
  sessionIdOf,
  signUpAs,
  stay,
  stripeState,
  waitFor,
  waitForStatus,
  type Listing,
} from './payments-support.ts';

const weeklyPrice = 250;
// round(2 months × 4.33 × $250) = $2,165 (docs/product.md §5): 216,500 cents, of which 10% is the platform's.
const totalDollars = 2165;
const totalCents = 216_500;
const feeCents = 21_650;

describe.each(testEngines)('payments money path on %s', (engine) => {
  let t: TestServer;
  let host: TestUser;
  let hostAccount: string;
  let listing: Listing;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    host = await signUpAs(t, 'host', 'Hana Host');
    hostAccount = await connectHost(t, host);
    listing = await createListing(host, 2, weeklyPrice);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Books, opens checkout, pays with 4242 and waits for the webhook: returns ids for the assertions. */
  async function paidBooking(guest: TestUser, roomId: string, daysAhead: number) {
    const bookingId = await bookRoom(guest, listing, roomId, stay(daysAhead, 2), 1);
    const checkout = await invoke(guest.client, 'create-checkout-session-v2', { booking_id: bookingId, user_id: guest.id });
    expect(checkout.status).toBe(200);
    const sessionId = sessionIdOf(String(checkout.body.url));
    const paid = await payWithCard(t, sessionId);
    expect(paid.status).toBe(200);
    expect(paid.body.redirect_url).toBe(`http://localhost:5173/dashboard?payment=success&booking=${bookingId}`);
    await waitForStatus(t, bookingId, ['paid']);
    return { bookingId, sessionId, paymentIntentId: String((paid.body.payment_intent as { id: string }).id) };
  }

  it('connects the host: the connected account is stored and reused', async () => {
    expect(hostAccount).toMatch(/^acct_/);
    const again = await invoke(host.client, 'create-connect-account');
    expect(again.status).toBe(200);
    expect(String(again.body.url)).toMatch(/\/stripe\/connect\//);
    const { data } = await t.service().from('profiles').select('stripe_account_id').eq('id', host.id).single();
    expect(data?.stripe_account_id).toBe(hostAccount);
    const guest = await signUpAs(t, 'guest', 'Not A Host');
    expect(await invoke(guest.client, 'create-connect-account')).toMatchObject({ status: 403, body: { code: 'not_a_host' } });
  });

  it('pays, verifies, splits 10% and lets the host accept, with e-mails to both', async () => {
    const guest = await signUpAs(t, 'guest', 'Gita Guest');
    const { bookingId, sessionId, paymentIntentId } = await paidBooking(guest, listing.roomIds[0]!, 10);

    expect(await invoke(guest.client, 'verify-booking-payment', { bookingId })).toEqual({ status: 200, body: { paid: true, status: 'paid' } });
    const booking = await bookingRow(t, bookingId);
    expect(booking).toMatchObject({ status: 'paid', total_price: totalDollars, stripe_payment_intent_id: paymentIntentId });
    const { data: dates } = await t.anon().from('booked_dates').select('status').eq('booking_id', bookingId);
    expect(dates).toEqual([{ status: 'paid' }]);

    const state = await stripeState(t);
    const session = state.checkout_sessions.find((s) => s.id === sessionId)!;
    expect(session).toMatchObject({ amount_total: totalCents, status: 'complete', metadata: { booking_id: bookingId } });
    const intent = state.payment_intents.find((p) => p.id === paymentIntentId)!;
    expect(intent).toMatchObject({ amount: totalCents, application_fee_amount: feeCents, transfer_data: { destination: hostAccount }, metadata: { booking_id: bookingId } });
    const charge = state.charges.find((c) => c.payment_intent === paymentIntentId)!;
    expect(state.application_fees.find((f) => f.charge === charge.id)).toMatchObject({ amount: feeCents, amount_refunded: 0 });
    expect(state.transfers.find((tr) => tr.source_transaction === charge.id)).toMatchObject({ amount: totalCents - feeCents, destination: hostAccount });

    // Host accepts with a plain REST update (the trigger allows paid → accepted), then asks for the e-mails.
    const { error: acceptError } = await host.client.from('bookings').update({ status: 'accepted' }).eq('id', bookingId);
    expect(acceptError).toBeNull();
    expect(await invoke(host.client, 'sendBookingEmails', { bookingId, status: 'accepted' })).toEqual({ status: 200, body: { sent: true, duplicate: false } });
    expect(await invoke(guest.client, 'sendBookingEmails', { bookingId, status: 'accepted' })).toEqual({ status: 200, body: { sent: false, duplicate: true } });
    // The client's "paid" call after the webhook already sent it: no second mail.
    expect(await invoke(guest.client, 'sendBookingEmails', { bookingId, status: 'paid' })).toEqual({ status: 200, body: { sent: false, duplicate: true } });

    // The booking's mails (sign-up's "Confirm Your Signup" came first: docs/decisions/email-confirmation.md).
    const guestMail = (await mailTo(t, guest.email)).filter((m) => m.subject !== 'Confirm Your Signup');
    expect(guestMail.map((m) => m.subject).sort()).toEqual(['Booking confirmed! Casa Azul – Garden room 1', 'Booking request sent: Casa Azul – Garden room 1']);
    expect(guestMail[0]!.text).toContain('Total: $2,165');
    expect(guestMail[0]!.text).toContain(`Booking reference: ${bookingId}`);
    const hostMail = (await mailTo(t, host.email)).filter((m) => m.text?.includes(bookingId));
    expect(hostMail.map((m) => m.subject).sort()).toEqual(['New booking request: Casa Azul – Garden room 1', 'You accepted a booking: Casa Azul – Garden room 1']);
  });

  it('declines with a full refund: transfer reversed, fee refunded, dates released; declining again changes nothing', async () => {
    const guest = await signUpAs(t, 'guest', 'Dora Declined');
    const { bookingId, paymentIntentId } = await paidBooking(guest, listing.roomIds[1]!, 12);

    const declined = await invoke(host.client, 'decline-booking', { bookingId });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', refund: { amount: totalCents, status: 'succeeded' } });
    const refundId = (declined.body.refund as { id: string }).id;
    expect(await bookingRow(t, bookingId)).toMatchObject({ status: 'declined', host_decision: 'declined' });
    const { data: dates } = await t.anon().from('booked_dates').select('id').eq('booking_id', bookingId);
    expect(dates).toEqual([]);

    const state = await stripeState(t);
    const refunds = state.refunds.filter((r) => r.payment_intent === paymentIntentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ id: refundId, amount: totalCents, status: 'succeeded' });
    expect(refunds[0]!.transfer_reversal).toMatch(/^trr_/);
    const charge = state.charges.find((c) => c.payment_intent === paymentIntentId)!;
    expect(charge).toMatchObject({ amount: totalCents, amount_refunded: totalCents });
    expect(state.application_fees.find((f) => f.charge === charge.id)).toMatchObject({ amount: feeCents, amount_refunded: feeCents });
    expect(state.transfers.find((tr) => tr.source_transaction === charge.id)).toMatchObject({ amount: totalCents - feeCents, amount_reversed: totalCents - feeCents });

    const again = await invoke(host.client, 'decline-booking', { bookingId });
    expect(again.body).toMatchObject({ status: 'declined', refund: { id: refundId, amount: totalCents } });
    expect((await stripeState(t)).refunds.filter((r) => r.payment_intent === paymentIntentId)).toHaveLength(1);

    const { data: recorded } = await guest.client.from('booking_refunds').select('reason, amount_cents, stripe_refund_id').eq('booking_id', bookingId);
    expect(recorded).toEqual([{ reason: 'declined', amount_cents: totalCents, stripe_refund_id: refundId }]);
    const mail = await waitFor(() => mailTo(t, guest.email), (list) => list.some((m) => m.subject.startsWith('Booking declined')));
    expect(mail.find((m) => m.subject.startsWith('Booking declined'))!.text).toContain('refunded in full');
  });

  it('lets the guest cancel an unpaid checkout: the session expires and the dates are free again', async () => {
    const guest = await signUpAs(t, 'guest', 'Carl Cancel');
    const dates = stay(200, 1);
    const bookingId = await bookRoom(guest, listing, listing.roomIds[0]!, dates, 1);
    const checkout = await invoke(guest.client, 'create-booking-checkout', { bookingId });
    expect(checkout.status).toBe(200);
    const sessionId = sessionIdOf(String(checkout.body.url));

    expect(await invoke(guest.client, 'cancel-booking', { bookingId })).toEqual({ status: 200, body: { status: 'cancelled' } });
    expect(await invoke(guest.client, 'cancel-booking', { bookingId })).toEqual({ status: 200, body: { status: 'cancelled' } });
    expect((await stripeState(t)).checkout_sessions.find((s) => s.id === sessionId)?.status).toBe('expired');
    expect((await payWithCard(t, sessionId)).status).toBe(400);
    const { data: conflict } = await t.anon().rpc('check_booking_conflict', { p_property_id: listing.propertyId, p_room_id: listing.roomIds[0], p_start_date: dates.checkIn, p_end_date: dates.checkOut });
    expect(conflict).toBe(false);
  });
});
