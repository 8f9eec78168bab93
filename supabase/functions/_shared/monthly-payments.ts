// The later payments of a stay paid monthly (docs/decisions/monthly-charges.md): charged off-session to the
// card saved at Checkout on their due dates, retried after 1, 3 and 7 days when the bank says no, paid by
// the guest through "Pay now" after a failure. Stripe's answer is recorded by record_booking_payment_result,
// whichever of the charge call and the webhook reports it first; the other finds it recorded. A success for
// a payment already paid another way (Pay now and a retry at once) or cancelled is refunded in full.
import type { SupabaseClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { transferDestination } from './booking-checkout.ts';
import { loadBooking, type BookingDetails } from './booking-details.ts';
import { refundPayment, uuidOf } from './booking-payments.ts';
import { nextRetryAt } from './domain/payment-schedule.ts';
import { formatStayDate } from './domain/stay-dates.ts';
import { HttpError, jsonResponse } from './http.ts';
import { sendPaymentEmailQuietly } from './payment-emails.ts';
import { siteUrl } from './site-url.ts';
import { createStripe, isStripeNotFound } from './stripe.ts';
import { stripeCustomerFor } from './stripe-customers.ts';
import { createAdminClient, requireUser } from './supabase-admin.ts';

/** metadata.kind of the PaymentIntents this module creates, so the webhook knows them. */
export const MONTHLY_CHARGE = 'monthly_payment';

interface ClaimedPayment {
  id: string;
  booking_id: string;
  sequence: number;
  amount_cents: number;
  platform_fee_cents: number;
  attempts: number;
  guest_id: string;
  host_id: string;
}

export interface ChargeResult {
  paymentId: string;
  /** refunded: Stripe took the money, but the payment had been paid meanwhile or cancelled (code says which). */
  outcome: 'paid' | 'failed' | 'refunded' | 'skipped';
  code?: string;
}

/**
 * What record_booking_payment_result answers: the status the payment changed to; null when this was recorded
 * before; for a success it can no longer use, the refund it decided (recorded with its reason); or no such payment.
 */
type RecordedResult = 'paid' | 'failed' | 'duplicate_payment' | 'not_payable' | 'unknown_payment' | null;

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** The card and customer of the booking's latest successful payment (Checkout saved it; "Pay now" may have replaced it). */
async function savedCard(admin: SupabaseClient, stripe: Stripe, bookingId: string): Promise<{ customer: string; paymentMethod: string } | null> {
  const { data, error } = await admin
    .from('booking_payments')
    .select('stripe_payment_intent_id')
    .eq('booking_id', bookingId)
    .eq('status', 'paid')
    .order('paid_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw new Error(`reading the paid payments of ${bookingId}: ${error.message}`);
  const intentId = (data as { stripe_payment_intent_id: string | null } | null)?.stripe_payment_intent_id;
  if (!intentId) return null;
  const intent = await stripe.paymentIntents.retrieve(intentId);
  const customer = idOf(intent.customer);
  const paymentMethod = idOf(intent.payment_method);
  return customer && paymentMethod ? { customer, paymentMethod } : null;
}

/** `failure.at` is the scheduler's time, which the retry time counts from (the stand-in's clock may run ahead). */
async function recordResult(
  admin: SupabaseClient,
  paymentId: string,
  outcome: 'paid' | 'failed',
  intentId: string | null,
  failure: { code: string; message: string; attempts: number; at: Date } | null,
): Promise<RecordedResult> {
  const retryAt = failure ? nextRetryAt(failure.attempts, failure.at) : null;
  const { data, error } = await admin.rpc('record_booking_payment_result', {
    p_payment_id: paymentId,
    p_outcome: outcome,
    p_payment_intent_id: intentId,
    p_error_code: failure?.code ?? null,
    p_error_message: failure?.message ?? null,
    p_next_attempt_at: retryAt?.toISOString() ?? null,
  });
  if (error) throw new Error(`recording payment ${paymentId}: ${error.message}`);
  return data as RecordedResult;
}

/** Records a succeeded payment intent; one that paid a payment already paid (or cancelled) is refunded in full. */
async function recordSuccess(admin: SupabaseClient, stripe: Stripe, bookingId: string, paymentId: string, intentId: string): Promise<RecordedResult> {
  const recorded = await recordResult(admin, paymentId, 'paid', intentId, null);
  if (recorded === 'duplicate_payment' || recorded === 'not_payable') {
    await refundPayment(admin, stripe, bookingId, intentId, recorded === 'duplicate_payment' ? 'duplicate_payment' : 'booking_not_payable');
    console.warn(`[monthly] payment ${paymentId} of booking ${bookingId}: ${intentId} refunded (${recorded})`);
  }
  return recorded;
}

/** Charges one claimed payment; a decline is an outcome, anything else (network, 5xx) throws. */
async function chargeOne(admin: SupabaseClient, stripe: Stripe, payment: ClaimedPayment, now: Date): Promise<ChargeResult> {
  const booking = await loadBooking(admin, payment.booking_id);
  const card = booking ? await savedCard(admin, stripe, payment.booking_id) : null;
  if (!booking || !card) {
    const changed = await recordResult(admin, payment.id, 'failed', null, { code: 'no_saved_card', message: 'No saved card for this booking.', attempts: payment.attempts, at: now });
    if (changed === 'failed' && booking) await sendPaymentEmailQuietly(admin, booking, payment, 'failed', now);
    return { paymentId: payment.id, outcome: 'failed', code: 'no_saved_card' };
  }
  const destination = await transferDestination(admin, stripe, payment.host_id);
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: payment.amount_cents,
        currency: 'usd',
        customer: card.customer,
        payment_method: card.paymentMethod,
        off_session: true,
        confirm: true,
        description: `${booking.property.name} – ${booking.room.name}: payment ${payment.sequence}`,
        metadata: { kind: MONTHLY_CHARGE, booking_id: booking.id, booking_payment_id: payment.id, sequence: String(payment.sequence) },
        ...(destination ? { application_fee_amount: payment.platform_fee_cents, transfer_data: { destination } } : {}),
      },
      // One key per attempt: a crashed run resumed (same attempt) replays, a retry (next attempt) charges anew.
      { idempotencyKey: `booking-payment-${payment.id}-${payment.attempts}` },
    );
    if (intent.status !== 'succeeded') {
      return await failed(admin, booking, payment, now, { intentId: intent.id, code: 'payment_incomplete', message: `The payment is ${intent.status}.` });
    }
    const recorded = await recordSuccess(admin, stripe, booking.id, payment.id, intent.id);
    if (recorded === 'duplicate_payment' || recorded === 'not_payable') return { paymentId: payment.id, outcome: 'refunded', code: recorded };
    if (recorded === 'paid') await sendPaymentEmailQuietly(admin, booking, payment, 'paid', now);
    console.info(`[monthly] charged payment ${payment.sequence} of booking ${booking.id} (${payment.amount_cents} cents, as of ${now.toISOString()})`);
    return { paymentId: payment.id, outcome: 'paid' };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
    const intentId = idOf((error.raw as { payment_intent?: { id: string } } | undefined)?.payment_intent);
    return await failed(admin, booking, payment, now, { intentId, code: error.code ?? 'card_declined', message: error.message });
  }
}

async function failed(
  admin: SupabaseClient,
  booking: BookingDetails,
  payment: ClaimedPayment,
  now: Date,
  { intentId, code, message }: { intentId: string | null; code: string; message: string },
): Promise<ChargeResult> {
  const changed = await recordResult(admin, payment.id, 'failed', intentId, { code, message, attempts: payment.attempts, at: now });
  if (changed === 'failed') await sendPaymentEmailQuietly(admin, booking, payment, 'failed', now);
  console.warn(`[monthly] payment ${payment.sequence} of booking ${booking.id} failed (attempt ${payment.attempts}): ${code}`);
  return { paymentId: payment.id, outcome: 'failed', code };
}

/** Charges every payment due at `now`; one failing payment does not stop the others. */
export async function chargeDuePayments(admin: SupabaseClient, stripe: Stripe, now: Date): Promise<ChargeResult[]> {
  const { data, error } = await admin.rpc('claim_due_booking_payments', { p_now: now.toISOString() });
  if (error) throw new Error(`claiming due payments: ${error.message}`);
  const results: ChargeResult[] = [];
  for (const payment of (data as ClaimedPayment[] | null) ?? []) {
    try {
      results.push(await chargeOne(admin, stripe, payment, now));
    } catch (failure) {
      // Left 'processing': the next run resumes it with the same idempotency key.
      console.error(`[monthly] charging payment ${payment.id} failed`, failure);
      results.push({ paymentId: payment.id, outcome: 'skipped' });
    }
  }
  return results;
}

/** What a payment_intent event did; the `unknown_…` and `not_…` ones changed nothing (the webhook acknowledges them). */
export type PaymentIntentEventOutcome = 'paid' | 'refunded' | 'already_recorded' | 'unchanged' | 'not_a_monthly_payment' | 'unknown_payment_intent' | 'unknown_payment';

/**
 * payment_intent.succeeded of an off-session charge: recorded if the charge call did not (it died after
 * Stripe took the money), or refunded if the payment was paid another way meanwhile. A failure needs no
 * webhook: the charge call always gets the decline as its answer, and a run that died is resumed with the
 * same key, which replays that answer.
 */
export async function applyPaymentIntentEvent(admin: SupabaseClient, stripe: Stripe, intentId: string): Promise<PaymentIntentEventOutcome> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(intentId);
  } catch (error) {
    if (isStripeNotFound(error)) return 'unknown_payment_intent';
    throw error;
  }
  if (intent.metadata?.kind !== MONTHLY_CHARGE) return 'not_a_monthly_payment';
  const paymentId = uuidOf(intent.metadata.booking_payment_id);
  const bookingId = uuidOf(intent.metadata.booking_id);
  if (!paymentId || !bookingId) return 'unknown_payment';
  if (intent.status !== 'succeeded') return 'unchanged';
  const recorded = await recordSuccess(admin, stripe, bookingId, paymentId, intent.id);
  if (recorded === 'unknown_payment') return 'unknown_payment';
  if (recorded === 'duplicate_payment' || recorded === 'not_payable') return 'refunded';
  return recorded === 'paid' ? 'paid' : 'already_recorded';
}

/** Checkout lifetime of a "Pay now" session: Stripe's minimum (30 minutes) and a minute to reach it. */
const payNowLifetimeMs = 31 * 60 * 1000;

interface PayableRow {
  id: string;
  booking_id: string;
  sequence: number;
  amount_cents: number;
  platform_fee_cents: number;
  stripe_checkout_session_id: string | null;
  checkout_expires_at: string;
}

/** "Pay now" for a failed payment: a Checkout page for it that also saves the card it is paid with. */
export async function createPaymentCheckout(req: Request, paymentId: string): Promise<Response> {
  const admin = createAdminClient();
  const user = await requireUser(req, admin);
  const expiresAt = new Date(Math.floor((Date.now() + payNowLifetimeMs) / 1000) * 1000);
  const { data, error } = await admin.rpc('begin_payment_checkout', { p_payment_id: paymentId, p_user_id: user.id, p_expires_at: expiresAt.toISOString() });
  if (error?.code === 'P0002') throw new HttpError(404, 'payment_not_found', 'Payment not found');
  if (error?.code === 'P0001') throw new HttpError(409, 'payment_not_payable', error.details === 'paid' ? 'This payment has already been made.' : 'This payment cannot be paid now.');
  if (error) throw new Error(`begin_payment_checkout: ${error.message}`);
  const payment = (data as PayableRow[])[0];
  const booking = payment ? await loadBooking(admin, payment.booking_id) : null;
  if (!payment || !booking) throw new HttpError(404, 'payment_not_found', 'Payment not found');

  const stripe = createStripe();
  if (payment.stripe_checkout_session_id) {
    const open = await stripe.checkout.sessions.retrieve(payment.stripe_checkout_session_id);
    if (open.status === 'open' && open.url) return jsonResponse({ url: open.url });
  }
  const destination = await transferDestination(admin, stripe, booking.property.host_id);
  const customer = await stripeCustomerFor(admin, stripe, user);
  const site = siteUrl(req);
  const metadata = { booking_id: booking.id, booking_payment_id: payment.id };
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      customer,
      line_items: [{
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: payment.amount_cents,
          product_data: {
            name: `${booking.property.name} – ${booking.room.name}`,
            description: `Payment ${payment.sequence} of your stay from ${formatStayDate(booking.check_in)} to ${formatStayDate(booking.check_out)}`,
          },
        },
      }],
      metadata,
      client_reference_id: booking.id,
      payment_intent_data: {
        metadata,
        setup_future_usage: 'off_session',
        ...(destination ? { application_fee_amount: payment.platform_fee_cents, transfer_data: { destination } } : {}),
      },
      success_url: `${site}/dashboard?payment=success&booking=${booking.id}`,
      cancel_url: `${site}/dashboard?payment=cancelled&booking=${booking.id}`,
      expires_at: Math.floor(Date.parse(payment.checkout_expires_at) / 1000),
    },
    { idempotencyKey: `pay-now-${payment.id}-${Date.parse(payment.checkout_expires_at) / 1000}` },
  );
  const { error: recordError } = await admin.from('booking_payments').update({ stripe_checkout_session_id: session.id }).eq('id', payment.id).eq('status', 'failed');
  if (recordError) throw new Error(`recording session ${session.id}: ${recordError.message}`);
  if (!session.url) throw new HttpError(502, 'checkout_failed', 'The payment provider could not start checkout. Please try again.');
  return jsonResponse({ url: session.url });
}

/** A paid "Pay now" session (metadata.booking_payment_id): the payment is paid, or a duplicate refunded. */
export async function settlePaymentCheckout(admin: SupabaseClient, stripe: Stripe, session: Stripe.Checkout.Session, paymentId: string): Promise<string> {
  if (session.payment_status !== 'paid') return 'unpaid';
  const intentId = idOf(session.payment_intent);
  if (!intentId) return 'unknown_booking';
  const { data, error } = await admin.rpc('settle_payment_checkout', { p_payment_id: paymentId, p_payment_intent_id: intentId });
  if (error) throw new Error(`settling payment ${paymentId}: ${error.message}`);
  const outcome = data as string;
  const bookingId = session.metadata?.booking_id;
  if (outcome === 'duplicate_payment' && bookingId) await refundPayment(admin, stripe, bookingId, intentId, 'duplicate_payment');
  if (outcome === 'paid' && bookingId) {
    const booking = await loadBooking(admin, bookingId);
    const { data: row } = await admin.from('booking_payments').select('id, sequence, amount_cents').eq('id', paymentId).maybeSingle();
    if (booking && row) await sendPaymentEmailQuietly(admin, booking, row as { id: string; sequence: number; amount_cents: number; attempts: number }, 'paid', new Date());
  }
  return outcome;
}
