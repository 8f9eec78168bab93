// decline-booking: body { bookingId }, host's bearer token → { status: 'declined', refund }. The host
// declines a paid request and the guest gets everything back: the full amount, with the transfer to
// the host reversed and the platform fee refunded. Idempotent: declining again returns the same refund.
import * as v from 'valibot';
import { loadBookingFor } from '../_shared/booking-details.ts';
import { sendBookingEmailsQuietly } from '../_shared/booking-emails.ts';
import { refundPayment } from '../_shared/booking-payments.ts';
import { HttpError, bookingIdSchema, jsonResponse, postHandler, readJsonBody } from '../_shared/http.ts';
import { createStripe } from '../_shared/stripe.ts';
import { createAdminClient, requireUser } from '../_shared/supabase-admin.ts';

const bodySchema = v.object({ bookingId: bookingIdSchema });
const declinable = new Set(['paid', 'pending', 'declined']);

export default postHandler('decline-booking', async (req) => {
  const { bookingId } = await readJsonBody(req, bodySchema);
  const admin = createAdminClient();
  const user = await requireUser(req, admin);
  const booking = await loadBookingFor(admin, bookingId, user.id, 'host');
  if (!declinable.has(booking.status)) {
    throw new HttpError(409, 'booking_not_declinable', `Only paid booking requests can be declined; this one is ${booking.status}.`);
  }

  // Refund first: if it fails the booking stays paid and the host can try again.
  const paymentIntentId = booking.stripe_payment_intent_id;
  const refund = paymentIntentId ? await refundPayment(admin, createStripe(), bookingId, paymentIntentId, 'declined') : null;
  if (!paymentIntentId) console.warn(`[decline-booking] booking ${bookingId} has no recorded payment to refund`);

  if (booking.status !== 'declined') {
    const { error } = await admin.from('bookings').update({ status: 'declined' }).eq('id', bookingId).in('status', ['paid', 'pending']);
    if (error) throw new Error(`declining booking: ${error.message}`);
  }
  await sendBookingEmailsQuietly(admin, bookingId, 'declined');
  return jsonResponse({ status: 'declined', refund });
});
