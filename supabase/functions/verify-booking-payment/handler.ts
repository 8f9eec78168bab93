// verify-booking-payment (docs/product.md §7): body { bookingId } → { paid, status }. Asks Stripe about the
// booking's Checkout Sessions and records a paid one (as the webhook would), so the dashboard does not
// depend on webhook timing. Only the booking's guest or host may ask.
import * as v from 'valibot';
import { loadBookingFor } from '../_shared/booking-details.ts';
import { settleCheckoutSession } from '../_shared/booking-payments.ts';
import { isPaidStatus } from '../_shared/domain/booking-status.ts';
import { bookingIdSchema, jsonResponse, postHandler, readJsonBody } from '../_shared/http.ts';
import { createStripe } from '../_shared/stripe.ts';
import { createAdminClient, requireUser } from '../_shared/supabase-admin.ts';

const bodySchema = v.object({ bookingId: bookingIdSchema });

export default postHandler('verify-booking-payment', async (req) => {
  const { bookingId } = await readJsonBody(req, bodySchema);
  const admin = createAdminClient();
  const user = await requireUser(req, admin);
  const booking = await loadBookingFor(admin, bookingId, user.id, 'either');
  if (isPaidStatus(booking.status)) return jsonResponse({ paid: true, status: booking.status });

  const { data, error } = await admin
    .from('booking_checkouts')
    .select('stripe_checkout_session_id')
    .eq('booking_id', bookingId)
    .not('stripe_checkout_session_id', 'is', null)
    .order('attempt', { ascending: false });
  if (error) throw new Error(`listing checkouts: ${error.message}`);
  const stripe = createStripe();
  for (const row of data as { stripe_checkout_session_id: string }[]) {
    const session = await stripe.checkout.sessions.retrieve(row.stripe_checkout_session_id);
    await settleCheckoutSession(admin, stripe, session);
  }

  const { data: current, error: statusError } = await admin.from('bookings').select('status').eq('id', bookingId).single();
  if (statusError) throw new Error(`reloading booking: ${statusError.message}`);
  const status = (current as { status: string }).status;
  return jsonResponse({ paid: isPaidStatus(status), status });
});
