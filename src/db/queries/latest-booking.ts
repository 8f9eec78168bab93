import type { AppDb } from '../db.ts';
import type { BookingRow, BookingStatus } from '../tables.ts';
import { DEFAULT_BOOKING_LIMIT } from './bookings.ts';

/**
 * The guest's most recently created booking among `statuses` (the booking-confirmed page's
 * "latest booking"). guest_id always equals user_id (a server trigger keeps them equal), so the
 * indexed user_id serves; a guest's bookings are few, so the newest is picked from a bounded read.
 */
export async function latestGuestBooking(db: AppDb, userId: string, statuses: readonly BookingStatus[]): Promise<BookingRow | null> {
  const bookings = await db.bookings
    .where('[user_id+check_in]')
    .between([userId, ''], [userId, '\uffff'])
    .filter((booking) => booking.deleted_at === null && statuses.includes(booking.status))
    .limit(DEFAULT_BOOKING_LIMIT)
    .toArray();
  let latest: BookingRow | null = null;
  for (const booking of bookings) {
    if (!latest || Date.parse(booking.created_at) > Date.parse(latest.created_at)) latest = booking;
  }
  return latest;
}
