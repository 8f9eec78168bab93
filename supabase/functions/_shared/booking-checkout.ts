// Starts Stripe Checkout for a guest's pending_payment booking (create-checkout-session-v2 and
// create-booking-checkout). The price is recomputed here; the room's dates stay held until the session
// expires; the host's connected account receives the payment minus the 10% platform fee.
// Paying monthly (stays of 2 months or more), Checkout takes the first payment and saves the card on the
// guest's Stripe Customer for the later ones (docs/decisions/pay-monthly.md). A new attempt closes the
// booking's earlier sessions first, so only the page of the current plan can be paid
// (docs/decisions/checkout-session-matching.md).
import type { SupabaseClient } from '@supabase/supabase-js';
import type Stripe from 'stripe';
import { isPaidStatus } from './domain/booking-status.ts';
import { CHECKOUT_NO_URL, DATES_UNAVAILABLE, TOO_MANY_HOLDS } from './domain/messages.ts';
import { monthlySchedule, type PaymentPlan } from './domain/payment-schedule.ts';
import { splitPlatformFeeCents } from './domain/pricing.ts';
import { formatStayDate, toDateOnly } from './domain/stay-dates.ts';
import { loadBookingFor, type BookingDetails } from './booking-details.ts';
import type { SettleOutcome } from './booking-payments.ts';
import { priceBooking } from './booking-pricing.ts';
import { closeCheckoutSessions } from './close-checkout-sessions.ts';
import { HttpError, jsonResponse } from './http.ts';
import { siteUrl } from './site-url.ts';
import { createStripe } from './stripe.ts';
import { stripeCustomerFor } from './stripe-customers.ts';
import { createAdminClient, requireUser } from './supabase-admin.ts';

/** Stripe's minimum session lifetime is 30 minutes; one more covers the time to reach Stripe. */
const checkoutLifetimeMs = 31 * 60 * 1000;

interface CheckoutAttempt {
  id: string;
  idempotency_key: string;
  amount_cents: number;
  application_fee_cents: number | null;
  destination_account: string | null;
  product_name: string;
  product_description: string;
  success_url: string;
  cancel_url: string;
  expires_at: string;
}

/** The host's connected account when it can receive transfers; otherwise the platform takes the payment. */
export async function transferDestination(admin: SupabaseClient, stripe: Stripe, hostId: string): Promise<string | null> {
  const { data } = await admin.from('profiles').select('stripe_account_id').eq('id', hostId).maybeSingle();
  const accountId = (data as { stripe_account_id: string | null } | null)?.stripe_account_id;
  if (!accountId) return null;
  try {
    const account = await stripe.accounts.retrieve(accountId);
    return account.capabilities?.transfers === 'active' ? account.id : null;
  } catch (error) {
    console.warn(`[checkout] host ${hostId} account ${accountId} unusable: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

function checkoutFailed(): HttpError {
  return new HttpError(502, 'checkout_failed', 'The payment provider could not start checkout. Please try again.');
}

function notPayable(status: string): HttpError {
  return new HttpError(409, 'booking_not_payable', isPaidStatus(status) ? 'This booking has already been paid.' : 'This booking is no longer awaiting payment. Please book again.');
}

async function beginAttempt(admin: SupabaseClient, booking: BookingDetails, userId: string, params: Record<string, unknown>): Promise<CheckoutAttempt> {
  const { data, error } = await admin.rpc('begin_booking_checkout', { p_booking_id: booking.id, p_user_id: userId, ...params });
  if (error) {
    if (error.code === 'P0002') throw new HttpError(404, 'booking_not_found', 'Booking not found');
    if (error.code === 'P0001' && error.message === 'booking_not_payable') throw notPayable(error.details ?? '');
    if (error.code === 'P0001' && error.message === 'too_many_holds') throw new HttpError(429, 'too_many_holds', TOO_MANY_HOLDS);
    throw new Error(`begin_booking_checkout: ${error.code} ${error.message}`);
  }
  // No attempt: another stay holds the dates.
  const attempt = (data as CheckoutAttempt[] | null)?.[0];
  if (!attempt) throw new HttpError(409, 'dates_unavailable', DATES_UNAVAILABLE.description ?? DATES_UNAVAILABLE.title);
  return attempt;
}

/** Stores the plan and, paying monthly, its schedule; returns what Checkout charges now (cents). */
async function planPayments(admin: SupabaseClient, booking: BookingDetails, userId: string, plan: PaymentPlan, months: number, totalCents: number): Promise<number> {
  const schedule = plan === 'monthly' ? monthlySchedule(booking.check_in, months, totalCents) : [];
  const first = schedule[0];
  if (plan === 'monthly' && !first) throw new HttpError(409, 'monthly_not_available', 'Paying monthly is available for stays of 2 months or more.');
  const today = toDateOnly(new Date());
  const payments = schedule.map((payment) => ({
    sequence: payment.sequence,
    amount_cents: payment.amountCents,
    platform_fee_cents: splitPlatformFeeCents(payment.amountCents).platformFeeCents,
    due_date: payment.dueDate ?? today,
  }));
  const { error } = await admin.rpc('plan_booking_payments', { p_booking_id: booking.id, p_user_id: userId, p_plan: plan, p_payments: payments });
  if (error?.code === 'P0002') throw new HttpError(404, 'booking_not_found', 'Booking not found');
  if (error?.code === 'P0001') throw notPayable(error.details ?? '');
  if (error) throw new Error(`plan_booking_payments: ${error.code} ${error.message}`);
  return first?.amountCents ?? totalCents;
}

export async function createBookingCheckout(
  req: Request,
  input: { bookingId: string; claimedUserId?: string | undefined; paymentPlan?: PaymentPlan | undefined },
): Promise<Response> {
  const admin = createAdminClient();
  const user = await requireUser(req, admin);
  if (input.claimedUserId !== undefined && input.claimedUserId !== user.id) {
    throw new HttpError(403, 'forbidden', 'You can only pay for your own booking.');
  }
  const booking = await loadBookingFor(admin, input.bookingId, user.id, 'guest');
  if (booking.status !== 'pending_payment') throw notPayable(booking.status);

  const price = priceBooking(booking.check_in, booking.check_out, booking.room.price_per_week);
  if (!price) throw new HttpError(409, 'invalid_booking', 'This booking cannot be priced: its stay must be 1 to 6 months in half-month steps and the room needs a price.');

  const plan = input.paymentPlan ?? 'full';
  const amountCents = await planPayments(admin, booking, user.id, plan, price.months, price.totalCents);
  const stripe = createStripe();
  const destination = await transferDestination(admin, stripe, booking.property.host_id);
  const customer = plan === 'monthly' ? await stripeCustomerFor(admin, stripe, user) : null;
  const site = siteUrl(req);
  const expiresAt = new Date(Math.floor((Date.now() + checkoutLifetimeMs) / 1000) * 1000);
  const attempt = await beginAttempt(admin, booking, user.id, {
    p_payment_plan: plan,
    p_total_price: price.totalPrice,
    p_amount_cents: amountCents,
    p_application_fee_cents: destination ? splitPlatformFeeCents(amountCents).platformFeeCents : null,
    p_destination_account: destination,
    p_product_name: `${booking.property.name} – ${booking.room.name}`,
    p_product_description: `${formatStayDate(booking.check_in)} to ${formatStayDate(booking.check_out)} (${price.months} months${customer ? ', first monthly payment' : ''}), ${booking.property.city}, ${booking.property.country}`,
    p_success_url: `${site}/dashboard?payment=success&booking=${booking.id}`,
    p_cancel_url: `${site}/dashboard?payment=cancelled&booking=${booking.id}`,
    p_expires_at: expiresAt.toISOString(),
  });

  // Earlier pages (another plan, an older amount) can no longer be paid; one paid meanwhile was settled,
  // and if it paid the booking there is nothing left to pay.
  let settled: SettleOutcome[];
  try {
    settled = await closeCheckoutSessions(admin, stripe, booking.id, attempt.id);
  } catch (error) {
    console.error(`[checkout] closing the earlier sessions of booking ${booking.id} failed`, error);
    throw checkoutFailed();
  }
  if (settled.includes('paid')) throw notPayable('paid');

  // Built only from the stored attempt, so a retry with its key sends the very same request.
  const customerEmail = booking.guest_email ?? user.email;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: attempt.amount_cents,
              product_data: { name: attempt.product_name, description: attempt.product_description },
            },
          },
        ],
        metadata: { booking_id: booking.id },
        client_reference_id: booking.id,
        ...(customer ? { customer } : customerEmail ? { customer_email: customerEmail } : {}),
        payment_intent_data: {
          metadata: { booking_id: booking.id },
          // The card is kept for the later monthly payments, charged while the guest is away.
          ...(customer ? { setup_future_usage: 'off_session' as const } : {}),
          ...(attempt.destination_account
            ? { application_fee_amount: attempt.application_fee_cents ?? 0, transfer_data: { destination: attempt.destination_account } }
            : {}),
        },
        success_url: attempt.success_url,
        cancel_url: attempt.cancel_url,
        expires_at: Math.floor(Date.parse(attempt.expires_at) / 1000),
      },
      { idempotencyKey: attempt.idempotency_key },
    );
  } catch (error) {
    console.error(`[checkout] Stripe refused the session for booking ${booking.id}`, error);
    throw checkoutFailed();
  }

  const { error: recordError } = await admin.rpc('record_checkout_session', { p_checkout_id: attempt.id, p_session_id: session.id });
  if (recordError) throw new Error(`record_checkout_session: ${recordError.message}`);
  if (!session.url) throw new HttpError(502, 'checkout_failed', CHECKOUT_NO_URL);
  return jsonResponse({ url: session.url });
}
