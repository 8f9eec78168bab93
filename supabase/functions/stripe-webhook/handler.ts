// stripe-webhook: Stripe's events, verified on the raw body (Stripe-Signature, 300 s tolerance).
// Idempotent by event id, and safe in any order: each event re-reads the session from Stripe and the
// database applies it under a row lock, so a late or repeated event cannot undo a newer state.
// config.toml turns verify_jwt off for this function (Stripe sends no JWT).
//
// Answers (Stripe resends an event for up to three days until it gets a 2xx):
// - 400: no or a bad signature, a stale timestamp, a body that is not a JSON event (the sender must fix it).
// - 2xx: every genuine event, including the ones there is nothing to do for (an event type this endpoint
//   does not handle, no data.object, a session or payment intent Stripe does not know, a session, refund or
//   monthly payment of no booking): those are acknowledged with the reason logged, since a retry would find
//   the same.
// - 5xx: a failure that may pass (database or Stripe unreachable), so Stripe delivers the event again.
import type Stripe from 'stripe';
import { bookingIdOf, recordRefundUpdate, releaseCheckoutSession, settleCheckoutSession, uuidOf } from '../_shared/booking-payments.ts';
import { MONTHLY_CHARGE, applyPaymentIntentEvent, settlePaymentCheckout } from '../_shared/monthly-payments.ts';
import { errorResponse, jsonResponse } from '../_shared/http.ts';
import { constructWebhookEvent, createStripe, isStripeNotFound } from '../_shared/stripe.ts';
import { createAdminClient } from '../_shared/supabase-admin.ts';

type Admin = ReturnType<typeof createAdminClient>;

/** What became of an event: applied (`outcome`), or acknowledged without acting (`ignored`, the reason). */
type Handled = { outcome: string } | { ignored: string };

const settledBy = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const releasedBy = new Set(['checkout.session.expired', 'checkout.session.async_payment_failed']);
const refundEvents = new Set(['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated']);
/** Off-session monthly charges (docs/decisions/monthly-charges.md); the charge call usually recorded them already. */
const paymentIntentEvents = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

function dataObject(event: Stripe.Event): Record<string, unknown> | null {
  const data: unknown = (event as { data?: unknown }).data;
  const object: unknown = typeof data === 'object' && data !== null ? (data as { object?: unknown }).object : undefined;
  return typeof object === 'object' && object !== null && !Array.isArray(object) ? (object as Record<string, unknown>) : null;
}

/** The session as Stripe has it now, or null when Stripe has no such session (404). */
async function retrieveSession(stripe: Stripe, id: string): Promise<Stripe.Checkout.Session | null> {
  try {
    return await stripe.checkout.sessions.retrieve(id);
  } catch (error) {
    if (isStripeNotFound(error)) return null;
    throw error;
  }
}

async function handleSessionEvent(event: Stripe.Event, object: Record<string, unknown>, stripe: Stripe, admin: Admin): Promise<Handled> {
  const id = object.id;
  if (typeof id !== 'string' || id === '') return { ignored: 'data.object has no id' };
  const session = await retrieveSession(stripe, id);
  if (!session) return { ignored: `Stripe has no checkout session ${id}` };
  if (!bookingIdOf(session.metadata)) return { ignored: `checkout session ${id} has no booking_id in its metadata` };
  // "Pay now" for one monthly payment: its own settlement; an unpaid one ending changes nothing.
  if (session.metadata?.booking_payment_id !== undefined) {
    const paymentId = uuidOf(session.metadata.booking_payment_id);
    if (!paymentId) return { ignored: `checkout session ${id}: no such payment` };
    if (!settledBy.has(event.type)) return { outcome: 'unchanged' };
    const outcome = await settlePaymentCheckout(admin, stripe, session, paymentId);
    return outcome === 'unknown_booking' ? { ignored: `checkout session ${id}: no such payment` } : { outcome };
  }
  if (settledBy.has(event.type)) {
    const outcome = await settleCheckoutSession(admin, stripe, session);
    if (outcome === 'unknown_booking') return { ignored: `checkout session ${id}: no such booking, or no payment intent` };
    return { outcome };
  }
  return { outcome: (await releaseCheckoutSession(admin, session)) ? 'released' : 'unchanged' };
}

async function handleEvent(event: Stripe.Event, stripe: Stripe, admin: Admin): Promise<Handled> {
  const isSessionEvent = settledBy.has(event.type) || releasedBy.has(event.type);
  const isIntentEvent = paymentIntentEvents.has(event.type);
  if (!isSessionEvent && !isIntentEvent && !refundEvents.has(event.type)) return { ignored: 'event type not handled' };
  const object = dataObject(event);
  if (!object) return { ignored: 'event has no data.object' };
  if (isSessionEvent) return handleSessionEvent(event, object, stripe, admin);
  if (isIntentEvent) {
    if (object.object !== 'payment_intent' || typeof object.id !== 'string') return { ignored: 'data.object is not a payment intent' };
    // Checkout's own payment intents (settled through their session) are not asked about again.
    if ((object.metadata as Record<string, unknown> | undefined)?.kind !== MONTHLY_CHARGE) return { ignored: `payment intent ${object.id} is not a monthly payment` };
    const outcome = await applyPaymentIntentEvent(admin, stripe, object.id);
    if (outcome === 'unknown_payment_intent') return { ignored: `Stripe has no payment intent ${object.id}` };
    if (outcome === 'not_a_monthly_payment') return { ignored: `payment intent ${object.id} is not a monthly payment` };
    if (outcome === 'unknown_payment') return { ignored: `payment intent ${object.id}: no such monthly payment` };
    return { outcome };
  }
  if (object.object !== 'refund') return { ignored: 'data.object is not a refund' };
  const recorded = await recordRefundUpdate(admin, object as unknown as Stripe.Refund);
  return recorded === 'recorded' ? { outcome: recorded } : { ignored: `refund ${String(object.id)}: ${recorded}` };
}

export default async function stripeWebhook(req: Request): Promise<Response> {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Method not allowed');
  const rawBody = await req.text();
  const stripe = createStripe();
  let event: Stripe.Event;
  try {
    event = await constructWebhookEvent(stripe, rawBody, req.headers.get('stripe-signature'));
  } catch (error) {
    console.warn(`[stripe-webhook] rejected: ${error instanceof Error ? error.message : String(error)}`);
    return errorResponse(400, 'invalid_signature', 'Webhook signature verification failed');
  }
  // Signed, but JSON that is not an event object (`null`, a string, an array): as unusable as unparseable.
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    console.warn('[stripe-webhook] rejected: the body is not a JSON object');
    return errorResponse(400, 'invalid_event', 'The body is not a Stripe event');
  }
  const eventId: unknown = event.id;
  const eventType: unknown = event.type;
  if (typeof eventId !== 'string' || eventId === '' || typeof eventType !== 'string') {
    console.warn(`[stripe-webhook] acknowledged without acting: the event has no id or type (id ${String(eventId)}, type ${String(eventType)})`);
    return jsonResponse({ received: true, ignored: 'event has no id or type' });
  }

  try {
    const admin = createAdminClient();
    const { data: seen, error: seenError } = await admin.from('stripe_webhook_events').select('id').eq('id', eventId).maybeSingle();
    if (seenError) throw new Error(`reading processed events: ${seenError.message}`);
    if (seen) return jsonResponse({ received: true, duplicate: true });

    const handled = await handleEvent(event, stripe, admin);
    if ('ignored' in handled) {
      // Nothing was changed, so nothing is marked processed: a resend (say after a fix) is looked at afresh.
      console.warn(`[stripe-webhook] acknowledged ${eventType} ${eventId} without acting: ${handled.ignored}`);
      return jsonResponse({ received: true, ignored: handled.ignored });
    }
    const { error: markError } = await admin.from('stripe_webhook_events').upsert({ id: eventId, type: eventType }, { onConflict: 'id', ignoreDuplicates: true });
    if (markError) throw new Error(`recording event: ${markError.message}`);
    return jsonResponse({ received: true, outcome: handled.outcome });
  } catch (error) {
    // A 5xx makes Stripe deliver the event again later; handling is idempotent.
    console.error(`[stripe-webhook] ${eventType} ${eventId} failed`, error);
    return errorResponse(500, 'webhook_failed', 'The event could not be processed');
  }
}
