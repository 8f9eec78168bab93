// Paying monthly through the real functions on the stand-in (docs/decisions/pay-monthly.md): Checkout takes
// the first month and saves the card, charge-due-payments charges the next ones off-session on their due
// dates (once each, the 10% fee to the platform and the rest to the host), declines are retried after 1, 3
// and 7 days, "Pay now" settles a failed payment, the host may end a stay left unpaid, and only the
// booking's guest and host read its payments.
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, monthlySchedule } from '../../../src/domain/payment-schedule.ts';
import { bookingTotal, splitPlatformFeeCents } from '../../../src/domain/pricing.ts';
import { addDaysToDate, toDateOnly } from '../../../src/domain/stay-dates.ts';
import { stripeDoubleConfig } from '../../../supabase/local/src/stripe/stripe-config.ts';
import { signatureHeader } from '../../../supabase/local/src/stripe/webhook-sender.ts';
import { stripeClientFor } from '../local/stripe-support.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';
import {
  bookRoom, bookingRow, connectHost, createListing, invoke, mailTo, payWithCard, sessionIdOf, signUpAs, stay, stripeState, waitFor, waitForStatus, type Listing,
} from './payments-support.ts';

const weeklyPrice = 350;
const months = 3;
const day = 24 * 60 * 60 * 1000;

interface PaymentRow {
  id: string;
  sequence: number;
  amount_cents: number;
  platform_fee_cents: number;
  due_date: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error_code: string | null;
  stripe_payment_intent_id: string | null;
}

describe.each(testEngines)('monthly payments on %s', (engine) => {
  let t: TestServer;
  let stripe: Stripe;
  let host: TestUser;
  let hostAccount: string;
  let listing: Listing;
  let nextRoom = 0;
  const freshRoom = (): string => listing.roomIds[nextRoom++] as string;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    stripe = stripeClientFor(t.server);
    host = await signUpAs(t, 'host', 'Mona Monthly');
    hostAccount = await connectHost(t, host);
    listing = await createListing(host, 8, weeklyPrice);
  });
  afterAll(async () => {
    await t?.close();
  });

  const payments = async (bookingId: string): Promise<PaymentRow[]> => {
    const { data, error } = await t.service().from('booking_payments').select('*').eq('booking_id', bookingId).order('sequence');
    if (error) throw error;
    return data as PaymentRow[];
  };
  /** The scheduler's call, at a chosen time (the stand-in passes its clock the same way). */
  const chargeAt = async (now: Date): Promise<{ paymentId: string; outcome: string; code?: string }[]> => {
    const result = await invoke(t.service(), 'charge-due-payments', { now: now.toISOString() });
    expect(result.status).toBe(200);
    return result.body.charged as { paymentId: string; outcome: string; code?: string }[];
  };
  const dueTime = (payment: PaymentRow | undefined): Date => new Date(`${payment?.due_date ?? ''}T12:00:00Z`);

  /** Books `months` monthly, pays the first month on the double with `card`, and lets the host accept. */
  async function acceptedMonthlyStay(guest: TestUser, card: string, options: { accept?: boolean } = {}) {
    const dates = stay(10, months);
    const bookingId = await bookRoom(guest, listing, freshRoom(), dates, 1);
    const checkout = await invoke(guest.client, 'create-booking-checkout', { bookingId, paymentPlan: 'monthly' });
    expect(checkout.status).toBe(200);
    const sessionId = sessionIdOf(String(checkout.body.url));
    expect((await payWithCard(t, sessionId, card)).status).toBe(200);
    await waitForStatus(t, bookingId, ['paid']);
    if (options.accept ?? true) {
      const { error } = await host.client.from('bookings').update({ status: 'accepted' }).eq('id', bookingId);
      expect(error).toBeNull();
    }
    return { bookingId, sessionId, dates };
  }

  it('takes the first month at checkout, saves the card and stores the schedule', async () => {
    const guest = await signUpAs(t, 'guest', 'Paula Plan');
    const { bookingId, sessionId, dates } = await acceptedMonthlyStay(guest, '4242 4242 4242 4242', { accept: false });
    const totalCents = bookingTotal(months, weeklyPrice) * 100;
    const expected = monthlySchedule(dates.checkIn, months, totalCents);
    const rows = await payments(bookingId);
    expect(rows.map((row) => [row.sequence, row.amount_cents, row.platform_fee_cents, row.status])).toEqual(
      expected.map((payment, index) => [payment.sequence, payment.amountCents, splitPlatformFeeCents(payment.amountCents).platformFeeCents, index === 0 ? 'paid' : 'scheduled']),
    );
    expect(rows.slice(1).map((row) => row.due_date)).toEqual(expected.slice(1).map((payment) => payment.dueDate));
    expect(rows.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(totalCents);
    expect((await t.service().from('bookings').select('payment_plan, total_price').eq('id', bookingId).single()).data).toEqual({ payment_plan: 'monthly', total_price: totalCents / 100 });

    const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] });
    const intent = session.payment_intent as Stripe.PaymentIntent;
    expect(session.amount_total).toBe(expected[0]?.amountCents);
    expect(intent).toMatchObject({ setup_future_usage: 'off_session', application_fee_amount: rows[0]?.platform_fee_cents, transfer_data: { destination: hostAccount } });
    expect(rows[0]?.stripe_payment_intent_id).toBe(intent.id);
    const card = await stripe.paymentMethods.retrieve(String(intent.payment_method));
    expect(card.customer).toBe(session.customer);
  });

  it.each([2, 2.5, 6])('stores a %s-month schedule whose payments add up to the total to the cent', async (stayMonths) => {
    // $333.33 a week: the totals do not divide evenly, so the last payment takes the odd cents.
    const odd = await createListing(host, 1, 333.33);
    const guest = await signUpAs(t, 'guest', `Cent Counter ${stayMonths}`);
    const dates = stay(20, stayMonths);
    const bookingId = await bookRoom(guest, odd, odd.roomIds[0] as string, dates, 1);
    const checkout = await invoke(guest.client, 'create-booking-checkout', { bookingId, paymentPlan: 'monthly' });
    expect(checkout.status).toBe(200);
    const totalCents = bookingTotal(stayMonths, 333.33) * 100;
    const rows = await payments(bookingId);
    expect(rows.map((row) => row.amount_cents)).toEqual(monthlySchedule(dates.checkIn, stayMonths, totalCents).map((payment) => payment.amountCents));
    expect(rows).toHaveLength(Math.ceil(stayMonths));
    expect(rows.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(totalCents);
    expect(rows.every((row) => row.platform_fee_cents === splitPlatformFeeCents(row.amount_cents).platformFeeCents)).toBe(true);
    const session = await stripe.checkout.sessions.retrieve(sessionIdOf(String(checkout.body.url)));
    expect(session.amount_total).toBe(rows[0]?.amount_cents);
    // Choosing to pay in full instead replaces the schedule: one payment of the total.
    const full = await invoke(guest.client, 'create-booking-checkout', { bookingId, paymentPlan: 'full' });
    expect(full.status).toBe(200);
    expect(await payments(bookingId)).toEqual([]);
    expect((await stripe.checkout.sessions.retrieve(sessionIdOf(String(full.body.url)))).amount_total).toBe(totalCents);
  });

  it('refuses monthly payment for a stay shorter than 2 months', async () => {
    const guest = await signUpAs(t, 'guest', 'Sid Short');
    const bookingId = await bookRoom(guest, listing, freshRoom(), stay(12, 1.5), 1);
    expect(await invoke(guest.client, 'create-booking-checkout', { bookingId, paymentPlan: 'monthly' })).toMatchObject({ status: 409, body: { code: 'monthly_not_available' } });
    expect(await invoke(guest.client, 'create-booking-checkout', { bookingId, paymentPlan: 'weekly' })).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
  });

  it('charges a due payment once, off-session, with the fee to the platform and the rest to the host', async () => {
    const guest = await signUpAs(t, 'guest', 'Ravi Receipt');
    const { bookingId } = await acceptedMonthlyStay(guest, '4242 4242 4242 4242');
    const [, second, third] = await payments(bookingId);

    // The day before its due date nothing is charged; on it, the scheduler run twice at once charges once.
    expect((await chargeAt(new Date(dueTime(second).getTime() - day))).filter((c) => c.paymentId === second?.id)).toEqual([]);
    const runs = await Promise.all([chargeAt(dueTime(second)), chargeAt(dueTime(second))]);
    expect(runs.flat().filter((c) => c.paymentId === second?.id)).toEqual([{ paymentId: second?.id, outcome: 'paid' }]);
    expect((await chargeAt(dueTime(second))).filter((c) => c.paymentId === second?.id)).toEqual([]);

    const [, paid, later] = await payments(bookingId);
    expect(paid).toMatchObject({ status: 'paid', attempts: 1 });
    expect(later).toMatchObject({ status: 'scheduled', attempts: 0 });
    const intents = (await stripeState(t)).payment_intents.filter((pi) => pi.metadata.booking_payment_id === second?.id);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ id: paid?.stripe_payment_intent_id, amount: second?.amount_cents, application_fee_amount: second?.platform_fee_cents, transfer_data: { destination: hostAccount } });
    const receipts = await waitFor(() => mailTo(t, guest.email), (mails) => mails.some((m) => m.subject.startsWith('Payment received')));
    expect(receipts.filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);

    // The last one on its own date, with the same card.
    expect((await chargeAt(dueTime(third))).filter((c) => c.paymentId === third?.id)).toEqual([{ paymentId: third?.id, outcome: 'paid' }]);
    expect((await payments(bookingId)).map((row) => row.status)).toEqual(['paid', 'paid', 'paid']);
  });

  it('does not charge a stay the host has not accepted, and stops charging when it is declined', async () => {
    const guest = await signUpAs(t, 'guest', 'Wendy Waiting');
    const { bookingId } = await acceptedMonthlyStay(guest, '4242 4242 4242 4242', { accept: false });
    const [first, second] = await payments(bookingId);
    expect((await chargeAt(dueTime(second))).filter((c) => c.paymentId === second?.id)).toEqual([]);

    expect(await invoke(host.client, 'decline-booking', { bookingId })).toMatchObject({ status: 200 });
    expect((await payments(bookingId)).map((row) => row.status)).toEqual(['paid', 'cancelled', 'cancelled']);
    const refunds = await waitFor(async () => (await stripeState(t)).refunds.filter((r) => r.payment_intent === first?.stripe_payment_intent_id), (list) => list.length === 1);
    expect(refunds[0]?.amount).toBe(first?.amount_cents);
    const declined = await waitFor(() => mailTo(t, guest.email), (mails) => mails.some((m) => m.subject.startsWith('Booking declined')));
    expect(declined.find((m) => m.subject.startsWith('Booking declined'))?.text).toContain(`Your payment of ${formatCents(first?.amount_cents ?? 0)} is refunded in full`);
  });

  it('records a decline, retries after 1, 3 and 7 days, and Pay now settles it with a new card used from then on', async () => {
    const guest = await signUpAs(t, 'guest', 'Dora Decline');
    const { bookingId } = await acceptedMonthlyStay(guest, '4000 0000 0000 0341');
    const [, second, third] = await payments(bookingId);

    const failedAt = dueTime(second);
    expect((await chargeAt(failedAt)).filter((c) => c.paymentId === second?.id)).toEqual([{ paymentId: second?.id, outcome: 'failed', code: 'card_declined' }]);
    let row = (await payments(bookingId))[1];
    expect(row).toMatchObject({ status: 'failed', attempts: 1, last_error_code: 'card_declined' });
    // Retries count from the scheduler's time (the stand-in's clock may be ahead of the real one).
    const firstRetry = Date.parse(row?.next_attempt_at ?? '');
    expect(firstRetry).toBe(failedAt.getTime() + day);
    await waitFor(() => mailTo(t, guest.email), (mails) => mails.some((m) => m.subject.startsWith('Payment failed')));

    // Not before the retry time; at it, the second attempt (another key, so Stripe is asked again).
    expect((await chargeAt(new Date(firstRetry - 60_000))).filter((c) => c.paymentId === second?.id)).toEqual([]);
    expect((await chargeAt(new Date(firstRetry + 1000))).filter((c) => c.paymentId === second?.id)).toMatchObject([{ outcome: 'failed' }]);
    row = (await payments(bookingId))[1];
    expect(row?.attempts).toBe(2);
    expect(Date.parse(row?.next_attempt_at ?? '')).toBe(firstRetry + 1000 + 3 * day);
    expect((await stripeState(t)).payment_intents.filter((pi) => pi.metadata.booking_payment_id === second?.id)).toHaveLength(2);

    // The guest pays now with another card: the payment is paid and that card pays the next month.
    const pay = await invoke(guest.client, 'pay-booking-payment', { paymentId: second?.id });
    expect(pay.status).toBe(200);
    const paySession = sessionIdOf(String(pay.body.url));
    expect(await invoke(guest.client, 'pay-booking-payment', { paymentId: second?.id })).toEqual(pay);
    expect((await payWithCard(t, paySession, '4242 4242 4242 4242')).status).toBe(200);
    await waitFor(() => payments(bookingId), (rows) => rows[1]?.status === 'paid');
    expect(await invoke(guest.client, 'pay-booking-payment', { paymentId: second?.id })).toMatchObject({ status: 409, body: { code: 'payment_not_payable' } });
    expect((await chargeAt(dueTime(third))).filter((c) => c.paymentId === third?.id)).toEqual([{ paymentId: third?.id, outcome: 'paid' }]);
  });

  it('fails an off-session charge that needs authentication, and lets the host end the stay once every retry failed', async () => {
    const guest = await signUpAs(t, 'guest', 'Otto Overdue');
    const { bookingId } = await acceptedMonthlyStay(guest, '4000 0027 6000 3184');
    const [, second] = await payments(bookingId);
    const endStay = () => invoke(host.client, 'end-booking-stay', { bookingId });

    let at = dueTime(second).getTime();
    for (const [attempt, waitDays] of [[1, 1], [2, 3], [3, 7], [4, null]] as const) {
      expect((await chargeAt(new Date(at))).filter((c) => c.paymentId === second?.id)).toEqual([{ paymentId: second?.id, outcome: 'failed', code: 'authentication_required' }]);
      const row = (await payments(bookingId))[1];
      expect(row?.attempts).toBe(attempt);
      if (waitDays === null) expect(row?.next_attempt_at).toBeNull();
      else {
        expect(await endStay()).toMatchObject({ status: 409, body: { code: 'stay_not_endable' } });
        expect(Date.parse(row?.next_attempt_at ?? '')).toBe(at + waitDays * day);
        at += waitDays * day + 1000;
      }
    }
    // Spent: nothing more is tried, whatever the clock says.
    expect((await chargeAt(new Date(at + 30 * day))).filter((c) => c.paymentId === second?.id)).toEqual([]);
    const overdue = await waitFor(() => mailTo(t, host.email), (mails) => mails.some((m) => m.subject.startsWith('A payment is overdue')));
    expect(overdue.some((m) => m.text?.includes('Otto Overdue'))).toBe(true);

    const stranger = await signUpAs(t, 'host', 'Other Host');
    expect(await invoke(stranger.client, 'end-booking-stay', { bookingId })).toMatchObject({ status: 404 });
    expect(await invoke(guest.client, 'end-booking-stay', { bookingId })).toMatchObject({ status: 404 });
    expect(await endStay()).toEqual({ status: 200, body: { status: 'cancelled' } });
    expect((await bookingRow(t, bookingId)).status).toBe('cancelled');
    expect((await payments(bookingId)).map((row) => row.status)).toEqual(['paid', 'cancelled', 'cancelled']);
  });

  it('applies a replayed payment_intent webhook once', async () => {
    const guest = await signUpAs(t, 'guest', 'Reed Replay');
    const { bookingId } = await acceptedMonthlyStay(guest, '4242 4242 4242 4242');
    const [, second] = await payments(bookingId);
    await chargeAt(dueTime(second));
    const paid = (await payments(bookingId))[1];
    const event = await waitFor(
      async () => (await stripeState(t)).events.find((e) => e.type === 'payment_intent.succeeded' && e.object_id === paid?.stripe_payment_intent_id),
      (found) => found !== undefined,
    );
    const payload = JSON.stringify(await stripe.events.retrieve(String(event?.id)), null, 2);
    const secret = stripeDoubleConfig(t.server.ctx).webhookSecret;
    const statuses = await Promise.all(Array.from({ length: 5 }, async () => {
      const response = await fetch(`${t.url}/functions/v1/stripe-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(secret, payload) }, body: payload });
      await response.text();
      return response.status;
    }));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const after = (await payments(bookingId))[1];
    expect(after).toMatchObject({ status: 'paid', stripe_payment_intent_id: paid?.stripe_payment_intent_id });
    expect((await mailTo(t, guest.email)).filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);
  });

  it('shows payments to the booking\'s guest and host only, and lets nobody but the service write them', async () => {
    const guest = await signUpAs(t, 'guest', 'Rita Rights');
    const { bookingId } = await acceptedMonthlyStay(guest, '4242 4242 4242 4242');
    const ids = (await payments(bookingId)).map((row) => row.id);
    const otherGuest = await signUpAs(t, 'guest', 'Nosy Neighbour');
    const otherHost = await signUpAs(t, 'host', 'Nosy Host');

    const visible = async (client: TestUser['client']) => ((await client.from('booking_payments').select('id').eq('booking_id', bookingId)).data ?? []).length;
    expect(await visible(guest.client)).toBe(3);
    expect(await visible(host.client)).toBe(3);
    expect(await visible(otherGuest.client)).toBe(0);
    expect(await visible(otherHost.client)).toBe(0);
    expect((await t.anon().from('booking_payments').select('id').eq('booking_id', bookingId)).error?.code).toBe('42501');

    for (const client of [guest.client, host.client]) {
      expect((await client.from('booking_payments').update({ status: 'paid' }).eq('id', ids[1] as string).select('id')).error?.code).toBe('42501');
      expect((await client.from('booking_payments').insert({ booking_id: bookingId, sequence: 9, amount_cents: 100, platform_fee_cents: 10, due_date: toDateOnly(new Date()) })).error?.code).toBe('42501');
      expect((await client.from('booking_payments').delete().eq('id', ids[2] as string).select('id')).error?.code).toBe('42501');
      expect((await client.from('bookings').update({ payment_plan: 'full' }).eq('id', bookingId).select('id')).error?.code).toBe('42501');
    }
    expect((await payments(bookingId)).map((row) => row.status)).toEqual(['paid', 'scheduled', 'scheduled']);
    // Only the scheduler (the service key) charges; a user cannot make it run or move its time.
    expect(await invoke(guest.client, 'charge-due-payments', { now: addDaysToDate(toDateOnly(new Date()), 400) })).toMatchObject({ status: 403 });
    const anonCall = await fetch(`${t.url}/functions/v1/charge-due-payments`, { method: 'POST', headers: { apikey: t.server.keys.anonKey, authorization: `Bearer ${t.server.keys.anonKey}` }, body: '{}' });
    expect(anonCall.status).toBe(401);
    await anonCall.text();
    // The SQL behind the functions is the service role's: a raw REST call to it is refused.
    for (const client of [guest.client, host.client]) {
      expect((await client.rpc('claim_due_booking_payments', { p_now: new Date(Date.now() + 400 * day).toISOString() })).error).not.toBeNull();
      expect((await client.rpc('record_booking_payment_result', { p_payment_id: ids[1], p_outcome: 'paid', p_payment_intent_id: 'pi_forged' })).error).not.toBeNull();
      expect((await client.rpc('end_unpaid_stay', { p_booking_id: bookingId, p_host_id: host.id, p_max_attempts: 0 })).error).not.toBeNull();
      expect((await client.rpc('plan_booking_payments', { p_booking_id: bookingId, p_user_id: guest.id, p_plan: 'full', p_payments: [] })).error).not.toBeNull();
    }
    expect((await payments(bookingId)).map((row) => row.status)).toEqual(['paid', 'scheduled', 'scheduled']);
    // Pay now is the guest's alone.
    expect(await invoke(otherGuest.client, 'pay-booking-payment', { paymentId: ids[1] })).toMatchObject({ status: 404 });
  });
});
