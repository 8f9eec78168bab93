// cancel-booking: body { bookingId }, guest's bearer token → { status: 'cancelled' }. Cancels a booking
// still awaiting payment: its open Checkout Sessions are expired first (so nothing can be paid after),
// then the booking is cancelled and its held dates are released. Idempotent. A payment that completed
// meanwhile wins: the booking is recorded as paid and the answer is 409. Paid bookings are not
// cancelled here (docs/product.md §4 gives guests no cancellation after payment).
import type { SupabaseClient } from '@supabase/supabase-js';
import type Stripe from 'stripe';
import * as v from 'valibot';
import { loadBookingFor } from '../_shared/booking-details.ts';
import { settleCheckoutSession } from '../_shared/booking-payments.ts';
import { HttpError, bookingIdSchema, jsonResponse, postHandler, readJsonBody } from '../_shared/http.ts';
import { createStripe } from '../_shared/stripe.ts';
import { createAdminClient, requireUser } from '../_shared/supabase-admin.ts';

const bodySchema = v.object({ bookingId: bookingIdSchema });

async function closeSessions(admin: SupabaseClient, stripe: Stripe, bookingId: string): Promise<void> {
  const { data, error } = await admin.from('booking_checkouts').select('stripe_checkout_session_id').eq('booking_id', bookingId).not('stripe_checkout_session_id', 'is', null);
  if (error) throw new Error(`listing checkouts: ${error.message}`);
  for (const { stripe_checkout_session_id: id } of data as { stripe_checkout_session_id: string }[]) {
    const session = await stripe.checkout.sessions.retrieve(id);
    if (session.status === 'open') {
      try {
        await stripe.checkout.sessions.expire(id);
        continue;
      } catch {
        // Completed between the read and the expire: handled below with the fresh state.
      }
    }
    const fresh = session.status === 'open' ? await stripe.checkout.sessions.retrieve(id) : session;
    if (fresh.payment_status === 'paid') await settleCheckoutSession(admin, stripe, fresh);
  }
}

export default postHandler('cancel-booking', async (req) => {
  const { bookingId } = await readJsonBody(req, bodySchema);
  const admin = createAdminClient();
  const user = await requireUser(req, admin);
  const booking = await loadBookingFor(admin, bookingId, user.id, 'guest');
  if (booking.status === 'cancelled') return jsonResponse({ status: 'cancelled' });
  if (booking.status !== 'pending_payment') {
    throw new HttpError(409, 'booking_not_cancellable', `Only bookings awaiting payment can be cancelled; this one is ${booking.status}.`);
  }

  await closeSessions(admin, createStripe(), bookingId);
  const { data, error } = await admin.from('bookings').update({ status: 'cancelled' }).eq('id', bookingId).eq('status', 'pending_payment').select('status');
  if (error) throw new Error(`cancelling booking: ${error.message}`);
  if (!data || data.length === 0) {
    const { data: current } = await admin.from('bookings').select('status').eq('id', bookingId).single();
    const status = (current as { status: string } | null)?.status ?? 'unknown';
    if (status !== 'cancelled') throw new HttpError(409, 'booking_already_paid', `This booking could not be cancelled; it is ${status}.`);
  }
  return jsonResponse({ status: 'cancelled' });
});
