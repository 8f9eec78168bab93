// cancel-booking: body { bookingId }, guest's bearer token → { status: 'cancelled' }. Cancels a booking
// still awaiting payment: its open Checkout Sessions are expired first (so nothing can be paid after),
// then the booking is cancelled and its held dates are released. Idempotent. A payment that completed
// meanwhile wins: the booking is recorded as paid and the answer is 409. Paid bookings are not
// cancelled here (docs/product.md §4 gives guests no cancellation after payment).
import * as v from 'valibot';
import { loadBookingFor } from '../_shared/booking-details.ts';
import { closeCheckoutSessions } from '../_shared/close-checkout-sessions.ts';
import { HttpError, bookingIdSchema, jsonResponse, postHandler, readJsonBody } from '../_shared/http.ts';
import { createStripe } from '../_shared/stripe.ts';
import { createAdminClient, requireUser } from '../_shared/supabase-admin.ts';

const bodySchema = v.object({ bookingId: bookingIdSchema });

export default postHandler('cancel-booking', async (req) => {
  const { bookingId } = await readJsonBody(req, bodySchema);
  const admin = createAdminClient();
  const user = await requireUser(req, admin);
  const booking = await loadBookingFor(admin, bookingId, user.id, 'guest');
  if (booking.status === 'cancelled') return jsonResponse({ status: 'cancelled' });
  if (booking.status !== 'pending_payment') {
    throw new HttpError(409, 'booking_not_cancellable', `Only bookings awaiting payment can be cancelled; this one is ${booking.status}.`);
  }

  try {
    await closeCheckoutSessions(admin, createStripe(), bookingId);
  } catch (error) {
    // A page that cannot be closed could still be paid: cancel nothing, and let the guest try again.
    console.error(`[cancel-booking] could not close the checkout pages of ${bookingId}`, error);
    throw new HttpError(502, 'checkout_close_failed', 'The payment provider could not be reached. Please try again.');
  }
  const { data, error } = await admin.from('bookings').update({ status: 'cancelled' }).eq('id', bookingId).eq('status', 'pending_payment').select('status');
  if (error) throw new Error(`cancelling booking: ${error.message}`);
  if (!data || data.length === 0) {
    const { data: current } = await admin.from('bookings').select('status').eq('id', bookingId).single();
    const status = (current as { status: string } | null)?.status ?? 'unknown';
    if (status !== 'cancelled') throw new HttpError(409, 'booking_already_paid', `This booking could not be cancelled; it is ${status}.`);
  }
  return jsonResponse({ status: 'cancelled' });
});
