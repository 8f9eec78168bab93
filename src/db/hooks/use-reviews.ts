import { listPropertyReviews } from '../queries/reviews.ts';
import { useDbQuery } from './use-db-query.ts';

export function usePropertyReviews(propertyId: string | null, limit?: number) {
  return useDbQuery(async (db) => (propertyId ? listPropertyReviews(db, propertyId, limit) : []), [propertyId, limit]);
}
