// Reads of the dashboard that the shared query modules do not cover: every room of the host's
// listings (Rooms tab, room counts) and the reviews already written for a set of bookings.
import type { AppDb } from '../db.ts';
import type { ReviewRow, RoomRow } from '../tables.ts';
import { MAX_ROOMS_PER_PROPERTY } from './properties.ts';

/** Rooms of the given properties, cheapest first within each property (properties in the given order). */
export async function listRoomsOfProperties(db: AppDb, propertyIds: readonly string[], limitPerProperty = MAX_ROOMS_PER_PROPERTY): Promise<RoomRow[]> {
  const perProperty = await Promise.all(
    propertyIds.map((propertyId) =>
      db.rooms
        .where('[property_id+price_per_week]')
        .between([propertyId, -Infinity], [propertyId, Infinity])
        .filter((room) => room.deleted_at === null)
        .limit(limitPerProperty)
        .toArray(),
    ),
  );
  return perProperty.flat();
}

/** Reviews (either direction) of the given bookings: at most two per booking. */
export function listReviewsOfBookings(db: AppDb, bookingIds: readonly string[]): Promise<ReviewRow[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db.reviews
    .where('booking_id')
    .anyOf([...bookingIds])
    .filter((review) => review.deleted_at === null)
    .limit(bookingIds.length * 2)
    .toArray();
}
