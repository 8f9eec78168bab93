// The payments of stays paid monthly (docs/decisions/pay-monthly.md), from the local mirror so the
// dashboard shows them offline too.
import type { AppDb } from '../db.ts';
import type { BookingPaymentRow } from '../tables.ts';

/** A stay of at most 6 months has at most 6 payments; the margin is for what the server may add. */
const MAX_PAYMENTS_PER_BOOKING = 12;

/** Payments of the given bookings, in the bookings' order and by sequence within each. */
export async function listPaymentsOfBookings(db: AppDb, bookingIds: readonly string[]): Promise<BookingPaymentRow[]> {
  const perBooking = await Promise.all(
    bookingIds.map((bookingId) =>
      db.booking_payments
        .where('[booking_id+sequence]')
        .between([bookingId, -Infinity], [bookingId, Infinity])
        .filter((payment) => payment.deleted_at === null)
        .limit(MAX_PAYMENTS_PER_BOOKING)
        .toArray(),
    ),
  );
  return perBooking.flat();
}
