// stripe-webhook: Stripe's events, verified on the raw body (Stripe-Signature, 300 s tolerance).
// Idempotent by event id, and safe in any order: each event re-reads the session from Stripe and the
// database applies it under a row lock, so a late or repeated event cannot undo a newer state.
// config.toml turns verify_jwt off for this function (Stripe sends no JWT).
import type Stripe from 'stripe';
import { recordRefundUpdate, releaseCheckoutSession, settleCheckoutSession } from '../_shared/booking-payments.ts';
import { errorResponse, jsonResponse } from '../_shared/http.ts';
import { constructWebhookEvent, createStripe } from '../_shared/stripe.ts';
import { createAdminClient } from '../_shared/supabase-admin.ts';

async function handleEvent(event: Stripe.Event, stripe: Stripe): Promise<string> {
  const admin = createAdminClient();
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = await stripe.checkout.sessions.retrieve(event.data.object.id);
      return settleCheckoutSession(admin, stripe, session);
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = await stripe.checkout.sessions.retrieve(event.data.object.id);
      return (await releaseCheckoutSession(admin, session)) ? 'released' : 'unchanged';
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated':
      await recordRefundUpdate(admin, event.data.object);
      return 'recorded';
    default:
      return 'ignored';
  }
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

  try {
    const admin = createAdminClient();
    const { data: seen, error: seenError } = await admin.from('stripe_webhook_events').select('id').eq('id', event.id).maybeSingle();
    if (seenError) throw new Error(`reading processed events: ${seenError.message}`);
    if (seen) return jsonResponse({ received: true, duplicate: true });

    const outcome = await handleEvent(event, stripe);
    const { error: markError } = await admin.from('stripe_webhook_events').upsert({ id: event.id, type: event.type }, { onConflict: 'id', ignoreDuplicates: true });
    if (markError) throw new Error(`recording event: ${markError.message}`);
    return jsonResponse({ received: true, outcome });
  } catch (error) {
    // A 5xx makes Stripe deliver the event again later; handling is idempotent.
    console.error(`[stripe-webhook] ${event.type} ${event.id} failed`, error);
    return errorResponse(500, 'webhook_failed', 'The event could not be processed');
  }
}
