import type { ReviewRow } from '../../../db/tables.ts';
import { ReviewList } from './review-list.tsx';

/**
 * The guests' reviews of the host (guest_to_host, newest first): the very rows the host card's average
 * and count are computed from, so the figure and what a guest can read always agree.
 */
export function HostReviewsList({ reviews }: { reviews: readonly ReviewRow[] }) {
  return (
    <ReviewList
      isStacked
      items={reviews.map((review) => ({ id: review.id, reviewerId: review.reviewer_id, rating: review.rating, text: review.text, createdAt: review.created_at }))}
    />
  );
}
