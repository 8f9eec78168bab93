// end-booking-stay: body { bookingId } with the host's bearer token → { status: 'cancelled' }. A host may
// end a stay paid monthly once one of its payments has failed after every retry
// (docs/decisions/monthly-charges.md): the booking is cancelled, its dates are released and no further payment
// is charged. What the guest paid stays paid. 404 for a booking that is not the caller's listing's, 409
// while no payment is overdue that long.
import { MAX_PAYMENT_ATTEMPTS } from '../_shared/domain/payment-schedule.ts';
import { HttpError, bookingIdSchema, jsonResponse, postHandler, readJsonBody } from '../_shared/http.ts';
import { createAdminClient, requireUser } from '../_shared/supabase-admin.ts';
import * as v from 'valibot';

const bodySchema = v.object({ bookingId: bookingIdSchema });

export default postHandler('end-booking-stay', async (req) => {
  const { bookingId } = await readJsonBody(req, bodySchema);
  const admin = createAdminClient();
  const user = await requireUser(req, admin);
  const { data, error } = await admin.rpc('end_unpaid_stay', { p_booking_id: bookingId, p_host_id: user.id, p_max_attempts: MAX_PAYMENT_ATTEMPTS });
  if (error?.code === 'P0002') throw new HttpError(404, 'booking_not_found', 'Booking not found');
  if (error) throw new Error(`end_unpaid_stay: ${error.message}`);
  if (data !== true) throw new HttpError(409, 'stay_not_endable', 'A stay can be ended only after a payment has failed on every retry.');
  return jsonResponse({ status: 'cancelled' });
});
