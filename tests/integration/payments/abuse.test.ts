// What the payment functions refuse or absorb: someone else's booking, a booking that is not awaiting
// payment, a tampered total, replayed and forged webhooks, and two guests paying for the same dates.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeDoubleConfig } from '../../../supabase/local/src/stripe/stripe-config.ts';
import { signatureHeader } from '../../../supabase/local/src/stripe/webhook-sender.ts';
import { stripeClientFor } from '../local/stripe-support.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';
import {
  bookRoom,
  bookingRow,
  connectHost,
  createListing,
  invoke,
  mailTo,
  payWithCard,
  requestBooking,
  sessionIdOf,
  signUpAs,
  stay,
  stripeState,
  waitFor,
  waitForStatus,
  type Listing,
} from './payments-support.ts';

const weeklyPrice = 300;
// round(1.5 months × 4.33 × $300) = $1,948.50 → $1,949 (docs/product.md §5 rounding): 194,900 cents.
const totalDollars = 1949;
const totalCents = 194_900;
const datesUnavailable = 'Those dates are no longer available. Please select different dates.';

describe.each(testEngines)('payments abuse on %s', (engine) => {
  let t: TestServer;
  let stripe: Stripe;
  let host: TestUser;
  let listing: Listing;
  let guest: TestUser;
  let stranger: TestUser;
  let nextRoom = 0;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    stripe = stripeClientFor(t.server);
    host = await signUpAs(t, 'host', 'Hugo Host');
    await connectHost(t, host);
    listing = await createListing(host, 8, weeklyPrice);
    guest = await signUpAs(t, 'guest', 'Gabi Guest');
    stranger = await signUpAs(t, 'guest', 'Sam Stranger');
  });
  afterAll(async () => {
    await t?.close();
  });

  const freshRoom = (): string => listing.roomIds[nextRoom++]!;

  async function openCheckout(who: TestUser, bookingId: string): Promise<string> {
    const checkout = await invoke(who.client, 'create-checkout-session-v2', { booking_id: bookingId, user_id: who.id });
    expect(checkout.status).toBe(200);
    return sessionIdOf(String(checkout.body.url));
  }

  async function postWebhook(payload: string, signature: string | null): Promise<number> {
    const response = await fetch(`${t.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      body: payload,
    });
    await response.text();
    return response.status;
  }

  const webhookSecret = () => stripeDoubleConfig(t.server.ctx).webhookSecret;

  it('refuses bad requests: wrong method, bad body, no user session', async () => {
    const response = await fetch(`${t.url}/functions/v1/create-checkout-session-v2`, { headers: { authorization: `Bearer ${guest.accessToken}` } });
    expect(response.status).toBe(405);
    const preflight = await fetch(`${t.url}/functions/v1/create-checkout-session-v2`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(await invoke(guest.client, 'create-checkout-session-v2', { booking_id: 'nope' })).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(await invoke(guest.client, 'sendBookingEmails', { bookingId: crypto.randomUUID(), status: 'refunded' })).toMatchObject({ status: 400 });
    expect(await invoke(t.anon(), 'verify-booking-payment', { bookingId: crypto.randomUUID() })).toMatchObject({ status: 401 });
  });

  it("refuses another user's booking everywhere, as if it did not exist", async () => {
    const bookingId = await bookRoom(guest, listing, freshRoom(), stay(20, 1.5), totalDollars);
    expect(await invoke(stranger.client, 'create-checkout-session-v2', { booking_id: bookingId, user_id: stranger.id })).toMatchObject({ status: 404, body: { error: 'Booking not found' } });
    expect(await invoke(stranger.client, 'create-checkout-session-v2', { booking_id: bookingId, user_id: guest.id })).toMatchObject({ status: 403 });
    expect(await invoke(stranger.client, 'create-booking-checkout', { bookingId })).toMatchObject({ status: 404 });
    expect(await invoke(stranger.client, 'verify-booking-payment', { bookingId })).toMatchObject({ status: 404 });
    expect(await invoke(stranger.client, 'cancel-booking', { bookingId })).toMatchObject({ status: 404 });
    expect(await invoke(stranger.client, 'decline-booking', { bookingId })).toMatchObject({ status: 404 });
    expect(await invoke(guest.client, 'decline-booking', { bookingId })).toMatchObject({ status: 404 });
    expect(await invoke(stranger.client, 'sendBookingEmails', { bookingId, status: 'paid' })).toMatchObject({ status: 404 });
    expect((await bookingRow(t, bookingId)).status).toBe('pending_payment');
  });

  it('prices on the server: a tampered total is replaced, odd stay lengths are refused', async () => {
    const guest = await signUpAs(t, 'guest', 'Tess Tamper');
    const bookingId = await bookRoom(guest, listing, freshRoom(), stay(30, 1.5), 1);
    // The database stores its own price for the request; the client's $1 never lands.
    expect((await bookingRow(t, bookingId)).total_price).toBe(totalDollars);
    const sessionId = await openCheckout(guest, bookingId);
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({ amount_total: totalCents, currency: 'usd', metadata: { booking_id: bookingId } });
    expect(session.success_url).toBe(`http://localhost:5173/dashboard?payment=success&booking=${bookingId}`);
    expect(session.cancel_url).toBe(`http://localhost:5173/dashboard?payment=cancelled&booking=${bookingId}`);
    expect((await bookingRow(t, bookingId)).total_price).toBe(totalDollars);

    // Return URLs: SITE_URL, or the caller's Origin only when it is loopback (local dev on another port).
    const fromElsewhere = await bookRoom(guest, listing, freshRoom(), stay(35, 1), 1);
    const evil = await guest.client.functions.invoke('create-booking-checkout', { body: { bookingId: fromElsewhere }, headers: { origin: 'https://evil.example' } });
    expect((await stripe.checkout.sessions.retrieve(sessionIdOf(String(evil.data.url)))).success_url).toBe(`http://localhost:5173/dashboard?payment=success&booking=${fromElsewhere}`);
    const fromPreview = await bookRoom(guest, listing, freshRoom(), stay(35, 1), 1);
    const preview = await guest.client.functions.invoke('create-booking-checkout', { body: { bookingId: fromPreview }, headers: { origin: 'http://127.0.0.1:4173' } });
    expect((await stripe.checkout.sessions.retrieve(sessionIdOf(String(preview.data.url)))).cancel_url).toBe(`http://127.0.0.1:4173/dashboard?payment=cancelled&booking=${fromPreview}`);

    const odd = await requestBooking(guest, listing, freshRoom(), { checkIn: stay(30, 1).checkIn, checkOut: stay(30 + 50, 1).checkIn }, 1);
    expect(odd.error?.code).toBe('23514');
  });

  it('returns the same session for a repeated or concurrent checkout request (one idempotency key per attempt)', async () => {
    const guest = await signUpAs(t, 'guest', 'Ida Idem');
    const bookingId = await bookRoom(guest, listing, freshRoom(), stay(40, 1), 1);
    const [a, b] = await Promise.all([
      invoke(guest.client, 'create-booking-checkout', { bookingId }),
      invoke(guest.client, 'create-checkout-session-v2', { booking_id: bookingId }),
    ]);
    const c = await invoke(guest.client, 'create-booking-checkout', { bookingId });
    expect(a.status).toBe(200);
    expect(b.body.url).toBe(a.body.url);
    expect(c.body.url).toBe(a.body.url);
    const sessions = (await stripeState(t)).checkout_sessions.filter((s) => s.metadata.booking_id === bookingId);
    expect(sessions).toHaveLength(1);
  });

  it('refuses checkout for a booking that is not awaiting payment, and applies a replayed webhook once', async () => {
    const guest = await signUpAs(t, 'guest', 'Rey Replay');
    const bookingId = await bookRoom(guest, listing, freshRoom(), stay(50, 1.5), 5);
    const sessionId = await openCheckout(guest, bookingId);
    const before = await bookingRow(t, bookingId);
    expect((await payWithCard(t, sessionId)).status).toBe(200);

    const completed = await waitFor(
      async () => (await stripeState(t)).events.find((e) => e.type === 'checkout.session.completed' && e.object_id === sessionId),
      (event) => event !== undefined,
    );
    const payload = JSON.stringify(await stripe.events.retrieve(completed!.id), null, 2);
    const statuses = await Promise.all(Array.from({ length: 10 }, () => postWebhook(payload, signatureHeader(webhookSecret(), payload))));
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
    await waitForStatus(t, bookingId, ['paid']);
    // The double's own delivery plus 10 replays, and verify on top: one state change in all.
    expect(await invoke(guest.client, 'verify-booking-payment', { bookingId })).toMatchObject({ status: 200, body: { paid: true } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await bookingRow(t, bookingId);
    expect(after).toMatchObject({ status: 'paid', total_price: totalDollars });
    expect(after.version).toBe(before.version + 1);
    const { data: processed } = await t.service().from('stripe_webhook_events').select('id').eq('id', completed!.id);
    expect(processed).toHaveLength(1);
    expect((await mailTo(t, guest.email)).filter((m) => m.text?.includes(bookingId))).toHaveLength(1);
    expect((await stripeState(t)).refunds.filter((r) => r.payment_intent === after.stripe_payment_intent_id)).toHaveLength(0);

    const again = await invoke(guest.client, 'create-checkout-session-v2', { booking_id: bookingId, user_id: guest.id });
    expect(again).toMatchObject({ status: 409, body: { code: 'booking_not_payable', error: 'This booking has already been paid.' } });
    expect(await invoke(guest.client, 'cancel-booking', { bookingId })).toMatchObject({ status: 409 });
    expect(await invoke(guest.client, 'sendBookingEmails', { bookingId, status: 'accepted' })).toMatchObject({ status: 409, body: { code: 'status_mismatch' } });
  });

  it('rejects webhooks with a bad signature, no signature or a timestamp older than 300 s', async () => {
    const event = (await stripe.events.list({ limit: 1 })).data[0]!;
    const payload = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    expect(await postWebhook(payload, signatureHeader('whsec_not_the_secret', payload))).toBe(400);
    expect(await postWebhook(payload, null)).toBe(400);
    expect(await postWebhook(`${payload} `, signatureHeader(webhookSecret(), payload))).toBe(400);
    expect(await postWebhook(payload, signatureHeader(webhookSecret(), payload, now - 301))).toBe(400);
    expect(await postWebhook(payload, signatureHeader(webhookSecret(), payload, now - 290))).toBe(200);
  });

  it('never lets two guests pay for the same dates: the loser gets "Dates unavailable" or an automatic refund', async () => {
    const room = freshRoom();
    const dates = stay(60, 1.5);
    const rival = await signUpAs(t, 'guest', 'Rita Rival');
    const guest = await signUpAs(t, 'guest', 'Fay First');

    const first = await bookRoom(guest, listing, room, dates, totalDollars);
    const firstSession = await openCheckout(guest, first);
    // While the first checkout holds the dates, a rival's request can't start checkout.
    const blocked = await bookRoom(rival, listing, room, dates, totalDollars);
    expect(await invoke(rival.client, 'create-checkout-session-v2', { booking_id: blocked, user_id: rival.id })).toEqual({
      status: 409,
      body: { code: 'dates_unavailable', error: datesUnavailable },
    });

    // The first guest lingers past the hold (the Stripe page is still open), the rival takes the dates.
    const { error: expireError } = await t.service().from('bookings').update({ held_until: new Date(Date.now() - 1000).toISOString() }).eq('id', first);
    expect(expireError).toBeNull();
    const second = await bookRoom(rival, listing, room, dates, totalDollars);
    const secondSession = await openCheckout(rival, second);
    expect(await invoke(guest.client, 'create-checkout-session-v2', { booking_id: first, user_id: guest.id })).toEqual({
      status: 409,
      body: { code: 'dates_unavailable', error: datesUnavailable },
    });

    // Both pay at once, and both ask to verify at once while the webhooks arrive.
    const payments = await Promise.all([payWithCard(t, firstSession), payWithCard(t, secondSession)]);
    expect(payments.map((p) => p.status)).toEqual([200, 200]);
    await Promise.all([
      invoke(guest.client, 'verify-booking-payment', { bookingId: first }),
      invoke(rival.client, 'verify-booking-payment', { bookingId: second }),
    ]);
    expect(await waitForStatus(t, first, ['cancelled'])).toBe('cancelled');
    expect(await waitForStatus(t, second, ['paid'])).toBe('paid');
    const { data: paidForRoom } = await t.service().from('bookings').select('id').eq('room_id', room).in('status', ['paid', 'accepted']);
    expect(paidForRoom).toEqual([{ id: second }]);

    const state = await stripeState(t);
    const lostIntent = state.checkout_sessions.find((s) => s.id === firstSession)!.payment_intent!;
    const refunds = state.refunds.filter((r) => r.payment_intent === lostIntent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: totalCents, status: 'succeeded' });
    expect(refunds[0]!.transfer_reversal).toMatch(/^trr_/);
    const { data: recorded } = await guest.client.from('booking_refunds').select('reason, amount_cents').eq('booking_id', first);
    expect(recorded).toEqual([{ reason: 'dates_unavailable', amount_cents: totalCents }]);
    expect(await invoke(guest.client, 'verify-booking-payment', { bookingId: first })).toEqual({ status: 200, body: { paid: false, status: 'cancelled' } });
  });
});
