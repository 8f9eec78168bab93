// The owner's booking overview card on /property/{id}: how many requests sit in each status, and the
// stays still to come (confirmed or awaiting the host), soonest first.
import { BOOKING_STATUSES, type BookingStatus } from './booking-status.ts';
import type { DateOnly } from './stay-dates.ts';

export type OverviewBooking = { id: string; status: BookingStatus; check_in: DateOnly; check_out: DateOnly };

export const UPCOMING_STAYS_SHOWN = 5;
const UPCOMING_STATUSES: readonly BookingStatus[] = ['paid', 'accepted'];

export interface BookingOverview<T extends OverviewBooking> {
  total: number;
  counts: Record<BookingStatus, number>;
  /** paid (awaiting the host) or accepted, not yet checked out, by check-in */
  upcoming: T[];
}

export function bookingOverview<T extends OverviewBooking>(bookings: readonly T[], today: DateOnly, limit = UPCOMING_STAYS_SHOWN): BookingOverview<T> {
  const counts = Object.fromEntries(BOOKING_STATUSES.map((status) => [status, 0])) as Record<BookingStatus, number>;
  for (const booking of bookings) counts[booking.status] += 1;
  const upcoming = bookings
    .filter((booking) => UPCOMING_STATUSES.includes(booking.status) && booking.check_out >= today)
    .sort((a, b) => (a.check_in < b.check_in ? -1 : a.check_in > b.check_in ? 1 : a.id < b.id ? -1 : 1))
    .slice(0, limit);
  return { total: bookings.length, counts, upcoming };
}
