// sendBookingEmails (docs/product.md §7): body { bookingId, status: paid | accepted | declined } → e-mails to
// guest and host. The client calls it after payment and after the host accepts; the payment webhook
// and decline-booking send theirs server-side. Each (booking, status) is sent once; the booking must
// really be in that state; only its guest, its host or the service key may ask.
import * as v from 'valibot';
import { loadBooking, loadBookingFor } from '../_shared/booking-details.ts';
import { bookingEmailStatuses, sendBookingEmails, statusesAllowingEmail } from '../_shared/booking-emails.ts';
import { HttpError, bookingIdSchema, jsonResponse, postHandler, readJsonBody } from '../_shared/http.ts';
import { createAdminClient, requireCaller } from '../_shared/supabase-admin.ts';

const bodySchema = v.object({
  bookingId: bookingIdSchema,
  status: v.picklist(bookingEmailStatuses, 'must be paid, accepted or declined'),
});

export default postHandler('sendBookingEmails', async (req) => {
  const { bookingId, status } = await readJsonBody(req, bodySchema);
  const admin = createAdminClient();
  const caller = await requireCaller(req, admin, { allowService: true });
  const booking = caller.kind === 'user' ? await loadBookingFor(admin, bookingId, caller.id, 'either') : await loadBooking(admin, bookingId);
  if (!booking) throw new HttpError(404, 'booking_not_found', 'Booking not found');
  if (!statusesAllowingEmail[status].includes(booking.status)) {
    throw new HttpError(409, 'status_mismatch', `This booking is ${booking.status}, not ${status}.`);
  }
  try {
    const outcome = await sendBookingEmails(admin, bookingId, status);
    return jsonResponse({ sent: outcome === 'sent', duplicate: outcome === 'already_sent' });
  } catch (error) {
    console.error(`[sendBookingEmails] ${status} e-mails for ${bookingId} failed`, error);
    throw new HttpError(502, 'email_failed', 'Booking e-mails could not be sent.');
  }
});
