// Closing a booking's Checkout Sessions at Stripe, so that none of them can be paid any more: before a
// new checkout (only the new attempt's page stays payable) and before cancel-booking cancels a request.
// docs/decisions/checkout-session-matching.md.
import type { SupabaseClient } from '@supabase/supabase-js';
import type Stripe from 'stripe';
import { settleCheckoutSession, type SettleOutcome } from './booking-payments.ts';

/**
 * Expires every open session of the booking's attempts except `keepAttemptId`'s (Stripe's
 * `checkout.sessions.expire`). A session paid meanwhile is settled at once: paid, or refunded when it no
 * longer matches the booking. Returns those settle outcomes. Throws when a session could not be closed.
 */
export async function closeCheckoutSessions(admin: SupabaseClient, stripe: Stripe, bookingId: string, keepAttemptId?: string): Promise<SettleOutcome[]> {
  const { data, error } = await admin.from('booking_checkouts').select('id, stripe_checkout_session_id').eq('booking_id', bookingId).not('stripe_checkout_session_id', 'is', null);
  if (error) throw new Error(`listing checkouts: ${error.message}`);
  const outcomes: SettleOutcome[] = [];
  for (const { id: attemptId, stripe_checkout_session_id: sessionId } of data as { id: string; stripe_checkout_session_id: string }[]) {
    if (attemptId === keepAttemptId) continue;
    let session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'open') {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        continue;
      } catch (failure) {
        // Completed between the read and the expire (Stripe expires open sessions only): settled below.
        session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'open') throw failure;
      }
    }
    if (session.payment_status === 'paid') outcomes.push(await settleCheckoutSession(admin, stripe, session));
  }
  return outcomes;
}
