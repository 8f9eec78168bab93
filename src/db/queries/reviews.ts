import type { AppDb } from '../db.ts';
import type { PropertyReviewRow, ReviewRow } from '../tables.ts';

export const DEFAULT_REVIEW_LIMIT = 50;

/** Reviews about a person (host card, guest reputation), newest first. */
export function listReviewsAbout(db: AppDb, revieweeId: string, limit = DEFAULT_REVIEW_LIMIT): Promise<ReviewRow[]> {
  return db.reviews
    .where('[reviewee_id+created_at]')
    .between([revieweeId, ''], [revieweeId, '\uffff'])
    .reverse()
    .filter((review) => review.deleted_at === null)
    .limit(limit)
    .toArray();
}

/** Reviews of a booking (at most one per direction). */
export function listBookingReviews(db: AppDb, bookingId: string): Promise<ReviewRow[]> {
  return db.reviews.where('booking_id').equals(bookingId).filter((review) => review.deleted_at === null).limit(2).toArray();
}

/** Public reviews of a property, newest first. */
export function listPropertyReviews(db: AppDb, propertyId: string, limit = DEFAULT_REVIEW_LIMIT): Promise<PropertyReviewRow[]> {
  return db.property_reviews
    .where('[property_id+created_at]')
    .between([propertyId, ''], [propertyId, '\uffff'])
    .reverse()
    .filter((review) => review.deleted_at === null && review.is_public)
    .limit(limit)
    .toArray();
}
