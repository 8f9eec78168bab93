import type { AppDb } from '../db.ts';
import type { BookingRow } from '../tables.ts';

export const DEFAULT_BOOKING_LIMIT = 100;

// Dates are ISO strings (yyyy-mm-dd), so '' and '\uffff' bound every check-in.
const anyDate = ['', '\uffff'] as const;

/** The guest's stays, latest check-in first. */
export function listGuestBookings(db: AppDb, userId: string, limit = DEFAULT_BOOKING_LIMIT): Promise<BookingRow[]> {
  return db.bookings
    .where('[user_id+check_in]')
    .between([userId, anyDate[0]], [userId, anyDate[1]])
    .reverse()
    .filter((booking) => booking.deleted_at === null)
    .limit(limit)
    .toArray();
}

/** Bookings of every property the host lists, latest check-in first. */
export function listHostBookings(db: AppDb, hostId: string, limit = DEFAULT_BOOKING_LIMIT): Promise<BookingRow[]> {
  return db.bookings
    .where('[property_host_id+check_in]')
    .between([hostId, anyDate[0]], [hostId, anyDate[1]])
    .reverse()
    .filter((booking) => booking.deleted_at === null)
    .limit(limit)
    .toArray();
}

/** Bookings of one property, earliest check-in first. */
export function listPropertyBookings(db: AppDb, propertyId: string, limit = DEFAULT_BOOKING_LIMIT): Promise<BookingRow[]> {
  return db.bookings
    .where('[property_id+check_in]')
    .between([propertyId, anyDate[0]], [propertyId, anyDate[1]])
    .filter((booking) => booking.deleted_at === null)
    .limit(limit)
    .toArray();
}
