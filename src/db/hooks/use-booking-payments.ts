import { listPaymentsOfBookings } from '../queries/booking-payments.ts';
import { useDbQuery } from './use-db-query.ts';

/** Live: the payments of these bookings (undefined while loading). */
export function useBookingPayments(bookingIds: readonly string[]) {
  return useDbQuery((db) => listPaymentsOfBookings(db, bookingIds), [bookingIds.join(',')]);
}
