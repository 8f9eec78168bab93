import { listBookingReviews, listPropertyReviews, listReviewsAbout } from '../queries/reviews.ts';
import { useDbQuery } from './use-db-query.ts';

export function useReviewsAbout(revieweeId: string | null, limit?: number) {
  return useDbQuery(async (db) => (revieweeId ? listReviewsAbout(db, revieweeId, limit) : []), [revieweeId, limit]);
}

export function useBookingReviews(bookingId: string | null) {
  return useDbQuery(async (db) => (bookingId ? listBookingReviews(db, bookingId) : []), [bookingId]);
}

export function usePropertyReviews(propertyId: string | null, limit?: number) {
  return useDbQuery(async (db) => (propertyId ? listPropertyReviews(db, propertyId, limit) : []), [propertyId, limit]);
}
