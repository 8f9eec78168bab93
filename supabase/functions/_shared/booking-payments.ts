// What happens to a booking when Stripe reports money moving: a paid Checkout Session is applied once
// (verify-booking-payment and stripe-webhook both land here) if it still matches what the booking asks
// for, a payment that cannot be kept is refunded at once, an unpaid session that ends releases the hold,
// and refunds are recorded.
import type { SupabaseClient } from '@supabase/supabase-js';
import type Stripe from 'stripe';
import * as v from 'valibot';
import { sendBookingEmailsQuietly } from './booking-emails.ts';

export type SettleOutcome =
  | 'paid'
  | 'already_recorded'
  | 'dates_unavailable'
  | 'not_payable'
  | 'duplicate_payment'
  | 'stale_checkout'
  | 'refund_due'
  | 'unknown_booking'
  | 'unpaid';
export type RefundReason = 'declined' | 'dates_unavailable' | 'booking_not_payable' | 'duplicate_payment' | 'stale_checkout';

/** Outcomes after which the payment goes back (the refund row already exists with its reason). */
const refundOutcomes: ReadonlySet<SettleOutcome> = new Set(['dates_unavailable', 'not_payable', 'duplicate_payment', 'stale_checkout', 'refund_due']);

const uuid = v.pipe(v.string(), v.uuid());

/** A metadata value that names a row (booking_id, booking_payment_id): a UUID, or null. */
export function uuidOf(value: unknown): string | null {
  const parsed = v.safeParse(uuid, value);
  return parsed.success ? parsed.output : null;
}

export function bookingIdOf(metadata: Stripe.Metadata | null | undefined): string | null {
  return uuidOf(metadata?.booking_id);
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

export interface RecordedRefund {
  id: string;
  amount: number;
  status: string | null;
}

interface RefundRow {
  id: string;
  stripe_refund_id: string | null;
  reason: RefundReason | 'external';
}

/**
 * Refunds a payment in full once, for the reason recorded when the refund was first decided (the
 * claim row and the idempotency key `refund-<payment intent>` make repeats return the same refund).
 * On a destination charge the transfer is reversed and the application fee refunded, so the guest gets
 * everything back and neither host nor platform keeps any.
 */
export async function refundPayment(
  admin: SupabaseClient,
  stripe: Stripe,
  bookingId: string,
  paymentIntentId: string,
  reasonIfNew: RefundReason,
): Promise<RecordedRefund | null> {
  const { data: claimed, error } = await admin.rpc('claim_booking_refund', { p_booking_id: bookingId, p_payment_intent_id: paymentIntentId, p_reason: reasonIfNew });
  if (error) throw new Error(`claiming refund: ${error.message}`);
  const claim = (claimed as RefundRow[] | null)?.[0];
  if (!claim) return existingRefund(admin, paymentIntentId);
  const reason = claim.reason;

  const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
  const reverseTransfer = Boolean(intent.transfer_data?.destination);
  const refundFee = reverseTransfer && (intent.application_fee_amount ?? 0) > 0;
  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      {
        payment_intent: paymentIntentId,
        ...(reverseTransfer ? { reverse_transfer: true } : {}),
        ...(refundFee ? { refund_application_fee: true } : {}),
        ...(reason === 'duplicate_payment' ? { reason: 'duplicate' as const } : { reason: 'requested_by_customer' as const }),
        metadata: { booking_id: bookingId, reason },
      },
      { idempotencyKey: `refund-${paymentIntentId}` },
    );
  } catch (failure) {
    // Refunded by other means (dashboard, an earlier key): record that refund instead.
    if ((failure as { code?: string }).code !== 'charge_already_refunded') throw failure;
    const listed = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 1 });
    const first = listed.data[0];
    if (!first) throw failure;
    refund = first;
  }
  const { error: updateError } = await admin
    .from('booking_refunds')
    .update({
      stripe_refund_id: refund.id,
      amount_cents: refund.amount,
      status: refund.status ?? 'pending',
      transfer_reversed: reverseTransfer,
      application_fee_refunded: refundFee,
      updated_at: new Date().toISOString(),
    })
    .eq('id', claim.id);
  if (updateError) throw new Error(`recording refund ${refund.id}: ${updateError.message}`);
  console.info(`[payments] refunded ${refund.amount} cents of ${paymentIntentId} (booking ${bookingId}, ${reason})`);
  return { id: refund.id, amount: refund.amount, status: refund.status };
}

async function existingRefund(admin: SupabaseClient, paymentIntentId: string): Promise<RecordedRefund | null> {
  const { data } = await admin.from('booking_refunds').select('stripe_refund_id, amount_cents, status').eq('stripe_payment_intent_id', paymentIntentId).maybeSingle();
  const row = data as { stripe_refund_id: string | null; amount_cents: number | null; status: string } | null;
  return row?.stripe_refund_id ? { id: row.stripe_refund_id, amount: row.amount_cents ?? 0, status: row.status } : null;
}

/**
 * Applies a Checkout Session Stripe says is paid to its booking (metadata.booking_id). Safe to call any
 * number of times and in any order with the other events: the database decides under a row lock. A session
 * that is not what the booking asks for now (another plan or amount, not one of its attempts) is refunded
 * ('stale_checkout', docs/decisions/checkout-session-matching.md).
 */
export async function settleCheckoutSession(admin: SupabaseClient, stripe: Stripe, session: Stripe.Checkout.Session): Promise<SettleOutcome> {
  if (session.payment_status !== 'paid') return 'unpaid';
  const bookingId = bookingIdOf(session.metadata);
  const paymentIntentId = idOf(session.payment_intent);
  if (!bookingId || !paymentIntentId) return 'unknown_booking';

  const { data, error } = await admin.rpc('settle_booking_payment', {
    p_booking_id: bookingId,
    p_session_id: session.id,
    p_payment_intent_id: paymentIntentId,
    p_amount_cents: session.amount_total,
  });
  if (error) throw new Error(`settling booking ${bookingId}: ${error.message}`);
  const outcome = data as SettleOutcome;
  if (outcome === 'paid') await sendBookingEmailsQuietly(admin, bookingId, 'paid');
  // settle_booking_payment has already recorded the refund and its reason; this carries it out.
  if (refundOutcomes.has(outcome)) await refundPayment(admin, stripe, bookingId, paymentIntentId, 'dates_unavailable');
  if (outcome !== 'already_recorded') console.info(`[payments] session ${session.id} for booking ${bookingId}: ${outcome}`);
  return outcome;
}

/** An unpaid session ended (expired): the booking stops waiting for it and its dates are released. */
export async function releaseCheckoutSession(admin: SupabaseClient, session: Stripe.Checkout.Session): Promise<boolean> {
  if (session.status !== 'expired' || session.payment_status === 'paid') return false;
  const bookingId = bookingIdOf(session.metadata);
  if (!bookingId) return false;
  const { data, error } = await admin.rpc('release_booking_checkout', { p_booking_id: bookingId, p_session_id: session.id });
  if (error) throw new Error(`releasing booking ${bookingId}: ${error.message}`);
  return data === true;
}

/**
 * Keeps booking_refunds in step with Stripe (refund.created/updated/failed, charge.refund.updated).
 * Returns what it did: a refund of no payment NomadNest knows is left alone ('unknown_payment'), one the
 * table refuses (a constraint or a bad value: retrying cannot help) is 'not_recordable'. Any other database
 * error throws, so the webhook answers 5xx and Stripe delivers the event again.
 */
export async function recordRefundUpdate(admin: SupabaseClient, refund: Stripe.Refund): Promise<'recorded' | 'no_payment_intent' | 'unknown_payment' | 'not_recordable'> {
  const paymentIntentId = idOf(refund.payment_intent);
  if (!paymentIntentId) return 'no_payment_intent';
  const { data: known, error: knownError } = await admin.from('booking_refunds').select('id, stripe_refund_id').eq('stripe_payment_intent_id', paymentIntentId).maybeSingle();
  if (knownError) throw new Error(`reading refunds of ${paymentIntentId}: ${knownError.message}`);
  const row = known as RefundRow | null;
  const status = refund.status ?? 'pending';
  if (row) {
    // A refund we claimed but whose API answer we did not record yet, or a status change.
    if (row.stripe_refund_id === null || row.stripe_refund_id === refund.id) {
      const { error } = await admin.from('booking_refunds').update({ stripe_refund_id: refund.id, amount_cents: refund.amount, status, updated_at: new Date().toISOString() }).eq('id', row.id);
      if (refusedByTable(error)) return 'not_recordable';
      if (error) throw new Error(`recording refund ${refund.id}: ${error.message}`);
    }
    return 'recorded';
  }
  const { data: booking, error: bookingError } = await admin.from('bookings').select('id').eq('stripe_payment_intent_id', paymentIntentId).maybeSingle();
  if (bookingError) throw new Error(`finding the booking of ${paymentIntentId}: ${bookingError.message}`);
  const bookingId = (booking as { id: string } | null)?.id ?? bookingIdOf(refund.metadata);
  if (!bookingId) return 'unknown_payment';
  const { error } = await admin
    .from('booking_refunds')
    .upsert(
      { booking_id: bookingId, stripe_payment_intent_id: paymentIntentId, stripe_refund_id: refund.id, reason: 'external', amount_cents: refund.amount, status },
      { onConflict: 'stripe_payment_intent_id', ignoreDuplicates: true },
    );
  // 23503: metadata named a booking that does not exist; nothing to record it against.
  if (error?.code === '23503') return 'unknown_payment';
  if (refusedByTable(error)) return 'not_recordable';
  if (error) throw new Error(`recording external refund ${refund.id}: ${error.message}`);
  return 'recorded';
}

/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint): the same write fails every time. */
function refusedByTable(error: { code?: string } | null): boolean {
  return error?.code?.startsWith('22') === true || error?.code?.startsWith('23') === true;
}
