// One monthly payment paid twice at once (security review, item 3): the guest pays a failed payment through
// "Pay now" while the scheduler's retry of that same payment is charging the saved card. Whichever success
// is recorded second is refunded in full, so the guest pays once. The race is staged, not timed: the
// scheduler's charge is held at the Stripe double until the Pay now payment has been settled.
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeClientFor } from '../local/stripe-support.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';
import {
  bookRoom, connectHost, createListing, invoke, mailTo, payWithCard, sessionIdOf, signUpAs, stay, stripeState, waitFor, waitForStatus, type Listing,
} from '../payments/payments-support.ts';
import { holdStripeRequest } from './support/stripe-holds.ts';

const day = 24 * 60 * 60 * 1000;

interface PaymentRow {
  id: string;
  sequence: number;
  amount_cents: number;
  due_date: string;
  status: string;
  attempts: number;
  stripe_payment_intent_id: string | null;
}

describe.each(testEngines)('a monthly payment paid by Pay now and the scheduler at once, on %s', (engine) => {
  let t: TestServer;
  let stripe: Stripe;
  let host: TestUser;
  let listing: Listing;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    stripe = stripeClientFor(t.server);
    host = await signUpAs(t, 'host', 'Rhea Race');
    await connectHost(t, host);
    listing = await createListing(host, 1, 350);
  });
  afterAll(async () => {
    await t?.close();
  });

  const payments = async (bookingId: string): Promise<PaymentRow[]> =>
    ((await t.service().from('booking_payments').select('*').eq('booking_id', bookingId).order('sequence')).data ?? []) as PaymentRow[];

  it('refunds the second success in full: the scheduler charged after Pay now settled', async () => {
    const guest = await signUpAs(t, 'guest', 'Dan Double');
    const bookingId = await bookRoom(guest, listing, listing.roomIds[0] as string, stay(10, 3), 1);
    const checkout = await invoke(guest.client, 'create-booking-checkout', { bookingId, paymentPlan: 'monthly' });
    expect(checkout.status).toBe(200);
    expect((await payWithCard(t, sessionIdOf(String(checkout.body.url)))).status).toBe(200);
    await waitForStatus(t, bookingId, ['paid']);
    expect((await host.client.from('bookings').update({ status: 'accepted' }).eq('id', bookingId)).error).toBeNull();

    // The second payment's charge was declined once (say for insufficient funds, since topped up): it waits
    // for its retry, and the guest is offered Pay now.
    const second = (await payments(bookingId))[1]!;
    const retryAt = new Date(Date.parse(`${second.due_date}T12:00:00Z`) + day);
    await t.service().from('booking_payments')
      .update({ status: 'failed', attempts: 1, next_attempt_at: retryAt.toISOString(), last_error_code: 'card_declined', last_error_message: 'Your card has insufficient funds.' })
      .eq('id', second.id).throwOnError();
    const payNow = await invoke(guest.client, 'pay-booking-payment', { paymentId: second.id });
    expect(payNow.status).toBe(200);

    // The retry claims the payment and reaches Stripe, where it is held; meanwhile the guest pays now.
    const hold = await holdStripeRequest(t, 'POST', '/v1/payment_intents');
    const retry = invoke(t.service(), 'charge-due-payments', { now: retryAt.toISOString() });
    let charged: Awaited<typeof retry>;
    try {
      await hold.arrived();
      expect((await payments(bookingId))[1]).toMatchObject({ status: 'processing', attempts: 2 });
      expect((await payWithCard(t, sessionIdOf(String(payNow.body.url)))).status).toBe(200);
      await waitFor(() => payments(bookingId), (rows) => rows[1]?.status === 'paid');
    } finally {
      await hold.release();
      charged = await retry;
    }

    const paidNow = (await payments(bookingId))[1]!;
    const intents = (await stripeState(t)).payment_intents.filter((pi) => pi.metadata.booking_payment_id === second.id);
    const scheduled = intents.find((pi) => pi.metadata.kind === 'monthly_payment');
    expect(intents).toHaveLength(2);
    expect(scheduled?.id).not.toBe(paidNow.stripe_payment_intent_id);
    expect(charged).toMatchObject({ status: 200, body: { charged: [{ paymentId: second.id, outcome: 'refunded', code: 'duplicate_payment' }] } });

    // Pay now's payment stands; the scheduler's is refunded in full, transfer and fee included.
    expect(paidNow).toMatchObject({ status: 'paid' });
    const refunds = (await t.service().from('booking_refunds').select('stripe_payment_intent_id, reason, amount_cents').eq('booking_id', bookingId)).data;
    expect(refunds).toEqual([{ stripe_payment_intent_id: scheduled?.id, reason: 'duplicate_payment', amount_cents: second.amount_cents }]);
    const state = await stripeState(t);
    const kept = state.charges
      .filter((charge) => intents.some((pi) => pi.id === charge.payment_intent))
      .map((charge) => ({ intent: charge.payment_intent, kept: charge.amount - charge.amount_refunded }));
    expect(kept.sort((a, b) => a.kept - b.kept)).toEqual([{ intent: scheduled?.id, kept: 0 }, { intent: paidNow.stripe_payment_intent_id, kept: second.amount_cents }]);
    expect((await stripe.paymentIntents.retrieve(String(scheduled?.id))).status).toBe('succeeded');
    // One receipt for the payment, not two.
    const receipts = await waitFor(() => mailTo(t, guest.email), (mails) => mails.some((m) => m.subject.startsWith('Payment received')));
    expect(receipts.filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);
  });
});
