// Queries of the property page that the shared query modules do not cover.
import type { AppDb } from '../db.ts';
import type { BookingRow, PropertyReviewRow, ReviewRow } from '../tables.ts';

export const MAX_STAYS_PER_PROPERTY = 50;

/** The guest's bookings at one property, latest check-in first (reviews, Who's Staying, house chat). */
export function listGuestStaysAtProperty(db: AppDb, userId: string, propertyId: string, limit = MAX_STAYS_PER_PROPERTY): Promise<BookingRow[]> {
  return db.bookings
    .where('[user_id+check_in]')
    .between([userId, ''], [userId, '\uffff'])
    .reverse()
    .filter((booking) => booking.deleted_at === null && booking.property_id === propertyId)
    .limit(limit)
    .toArray();
}

/** The user's own review of a property (one per guest and property), public or not, pending included. */
export function getOwnPropertyReview(db: AppDb, userId: string, propertyId: string): Promise<PropertyReviewRow | undefined> {
  return db.property_reviews
    .where('user_id')
    .equals(userId)
    .filter((review) => review.deleted_at === null && review.property_id === propertyId)
    .first();
}

/** What guests said about a host (the host card's rating), newest first. */
export function listHostGuestReviews(db: AppDb, hostId: string, limit: number): Promise<ReviewRow[]> {
  return db.reviews
    .where('[reviewee_id+created_at]')
    .between([hostId, ''], [hostId, '\uffff'])
    .reverse()
    .filter((review) => review.deleted_at === null && review.review_type === 'guest_to_host')
    .limit(limit)
    .toArray();
}
