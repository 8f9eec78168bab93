// A Checkout Session pays a booking only if it still matches the booking's plan (security review, item 1).
// A guest asked for a 6-month stay monthly, then in full, then paid the first (monthly) page, which was never
// closed: the booking became paid "in full" with one month taken, no schedule and nothing left to charge.
// Now a new checkout expires the booking's earlier open sessions, and settlement refunds a paid session
// whose attempt, plan or amount is not what the booking asks for now (docs/decisions/checkout-session-matching.md).
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlySchedule } from '../../../src/domain/payment-schedule.ts';
import { bookingTotal } from '../../../src/domain/pricing.ts';
import { stripeClientFor } from '../local/stripe-support.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';
import {
  bookRoom, bookingRow, connectHost, createListing, invoke, payWithCard, sessionIdOf, signUpAs, stay, stripeState, waitFor, waitForStatus, type Listing,
} from '../payments/payments-support.ts';
import { holdStripeRequest } from './support/stripe-holds.ts';

const weeklyPrice = 300;
const months = 6;
const totalCents = bookingTotal(months, weeklyPrice) * 100;

describe.each(testEngines)('checkout sessions must match the booking they pay, on %s', (engine) => {
  let t: TestServer;
  let stripe: Stripe;
  let host: TestUser;
  let hostAccount: string;
  let listing: Listing;
  let nextRoom = 0;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    stripe = stripeClientFor(t.server);
    host = await signUpAs(t, 'host', 'Matilda Match');
    hostAccount = await connectHost(t, host);
    listing = await createListing(host, 4, weeklyPrice);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function sixMonthRequest(name: string) {
    const guest = await signUpAs(t, 'guest', name);
    const dates = stay(14, months);
    const bookingId = await bookRoom(guest, listing, listing.roomIds[nextRoom++] as string, dates, 1);
    return { guest, bookingId, firstMonthCents: monthlySchedule(dates.checkIn, months, totalCents)[0]?.amountCents ?? 0 };
  }

  async function checkout(guest: TestUser, bookingId: string, paymentPlan: 'monthly' | 'full'): Promise<string> {
    const answer = await invoke(guest.client, 'create-booking-checkout', { bookingId, paymentPlan });
    expect(answer.status).toBe(200);
    return sessionIdOf(String(answer.body.url));
  }

  const planOf = async (bookingId: string) => (await t.service().from('bookings').select('payment_plan').eq('id', bookingId).single()).data?.payment_plan as string;
  const scheduleOf = async (bookingId: string) => ((await t.service().from('booking_payments').select('sequence, status').eq('booking_id', bookingId).order('sequence')).data ?? []) as { sequence: number; status: string }[];
  const refundsOf = async (bookingId: string) => ((await t.service().from('booking_refunds').select('stripe_payment_intent_id, reason, amount_cents').eq('booking_id', bookingId)).data ?? []) as { stripe_payment_intent_id: string; reason: string; amount_cents: number | null }[];

  /** Money the booking's payments kept at Stripe: charged minus refunded, per payment intent. */
  async function keptCents(bookingId: string): Promise<number> {
    const state = await stripeState(t);
    const intents = new Set(state.payment_intents.filter((pi) => pi.metadata.booking_id === bookingId).map((pi) => pi.id));
    return state.charges.filter((charge) => intents.has(charge.payment_intent)).reduce((sum, charge) => sum + charge.amount - charge.amount_refunded, 0);
  }

  it('expires the monthly page when the guest switches to paying in full, so one month cannot buy six', async () => {
    const { guest, bookingId, firstMonthCents } = await sixMonthRequest('Mo Switcher');
    const monthly = await checkout(guest, bookingId, 'monthly');
    expect((await stripe.checkout.sessions.retrieve(monthly)).amount_total).toBe(firstMonthCents);
    const full = await checkout(guest, bookingId, 'full');

    expect((await stripe.checkout.sessions.retrieve(monthly)).status).toBe('expired');
    const late = await payWithCard(t, monthly);
    expect(late).toMatchObject({ status: 400, body: { error: { code: 'checkout_session_expired' } } });
    // The old page's expiry does not end the request: the new page still holds the dates.
    const expired = await waitFor(
      async () => (await stripeState(t)).events.find((e) => e.type === 'checkout.session.expired' && e.object_id === monthly),
      (event) => event !== undefined,
    );
    await waitFor(async () => (await stripeState(t)).webhook_deliveries.filter((d) => d.event_id === expired!.id), (found) => found.some((d) => d.status === 200));
    expect((await bookingRow(t, bookingId)).status).toBe('pending_payment');

    expect((await payWithCard(t, full)).status).toBe(200);
    expect(await waitForStatus(t, bookingId, ['paid'])).toBe('paid');
    expect(await planOf(bookingId)).toBe('full');
    expect(await keptCents(bookingId)).toBe(totalCents);
  });

  it('refunds a paid session of the plan the guest left, and the booking waits for the current one', async () => {
    const { guest, bookingId, firstMonthCents } = await sixMonthRequest('Pia Stale');
    const monthly = await checkout(guest, bookingId, 'monthly');

    // The switch to "full" is held after it stored the plan (at its Stripe call for the host's account),
    // and the guest pays the monthly page meanwhile; its webhook is handled before the switch goes on.
    const hold = await holdStripeRequest(t, 'GET', `/v1/accounts/${hostAccount}`);
    const switching = invoke(guest.client, 'create-booking-checkout', { bookingId, paymentPlan: 'full' });
    let switched: Awaited<typeof switching>;
    try {
      await hold.arrived();
      expect(await planOf(bookingId)).toBe('full');
      const paid = await payWithCard(t, monthly);
      expect(paid.status).toBe(200);
      const completed = await waitFor(
        async () => (await stripeState(t)).events.find((e) => e.type === 'checkout.session.completed' && e.object_id === monthly),
        (event) => event !== undefined,
      );
      await waitFor(async () => (await t.service().from('stripe_webhook_events').select('id').eq('id', completed!.id)).data ?? [], (rows) => rows.length === 1);
    } finally {
      await hold.release();
      switched = await switching;
    }

    const monthlyIntent = String((await stripe.checkout.sessions.retrieve(monthly)).payment_intent);
    expect(await refundsOf(bookingId)).toEqual([{ stripe_payment_intent_id: monthlyIntent, reason: 'stale_checkout', amount_cents: firstMonthCents }]);
    expect(await waitFor(async () => (await stripeState(t)).refunds.filter((r) => r.payment_intent === monthlyIntent), (list) => list.length === 1)).toMatchObject([{ amount: firstMonthCents }]);
    expect(await bookingRow(t, bookingId)).toMatchObject({ status: 'pending_payment', stripe_payment_intent_id: null });
    expect(await keptCents(bookingId)).toBe(0);

    // The full page goes on and pays the stay.
    expect(switched.status).toBe(200);
    expect((await payWithCard(t, sessionIdOf(String(switched.body.url)))).status).toBe(200);
    expect(await waitForStatus(t, bookingId, ['paid'])).toBe('paid');
    expect(await planOf(bookingId)).toBe('full');
    expect(await keptCents(bookingId)).toBe(totalCents);
  });

  it('switching back to monthly keeps a schedule the scheduler can charge, paid by the newest page only', async () => {
    const { guest, bookingId, firstMonthCents } = await sixMonthRequest('Bo Backandforth');
    const first = await checkout(guest, bookingId, 'monthly');
    const full = await checkout(guest, bookingId, 'full');
    const monthly = await checkout(guest, bookingId, 'monthly');
    expect([(await stripe.checkout.sessions.retrieve(first)).status, (await stripe.checkout.sessions.retrieve(full)).status]).toEqual(['expired', 'expired']);
    expect((await payWithCard(t, full)).status).toBe(400);

    expect((await payWithCard(t, monthly)).status).toBe(200);
    expect(await waitForStatus(t, bookingId, ['paid'])).toBe('paid');
    expect(await planOf(bookingId)).toBe('monthly');
    expect((await scheduleOf(bookingId)).map((row) => row.status)).toEqual(['paid', ...Array.from({ length: months - 1 }, () => 'scheduled')]);
    expect(await keptCents(bookingId)).toBe(firstMonthCents);
  });
});
