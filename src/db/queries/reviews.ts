import type { AppDb } from '../db.ts';
import type { PropertyReviewRow } from '../tables.ts';

export const DEFAULT_REVIEW_LIMIT = 50;

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
