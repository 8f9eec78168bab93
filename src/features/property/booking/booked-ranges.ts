// Which days of a room are taken, for the check-in calendar and validateBookingRequest.
import type { BookedRange } from '../../../domain/booking-request.ts';
import type { DateOnly } from '../../../domain/stay-dates.ts';
import type { BookedDatesRow } from '../../../remote/property-detail.ts';

/**
 * booked_dates rows as the validator's ranges. A live hold (someone else's checkout in progress)
 * blocks like a paid stay, as check_booking_conflict does; the guest's own holds do not, because a
 * new booking supersedes them. The remote module already dropped expired holds.
 */
export function toBlockingRanges(rows: readonly BookedDatesRow[], ownBookingIds: ReadonlySet<string>): BookedRange[] {
  return rows
    .filter((row) => row.status !== 'held' || !ownBookingIds.has(row.booking_id))
    .map((row) => ({
      start_date: row.start_date,
      end_date: row.end_date,
      status: row.status === 'held' ? 'paid' : row.status,
      room_id: row.room_id,
    }));
}

/** A day is taken when a range of that room covers it; the check-out day itself is free again. */
export function isDayBooked(day: DateOnly, roomId: string | null, ranges: readonly BookedRange[]): boolean {
  if (!roomId) return false;
  return ranges.some((range) => (range.room_id == null || range.room_id === roomId) && range.start_date <= day && day < range.end_date);
}
