import { UNKNOWN_USER } from '../../../domain/messages.ts';
import { useProfiles } from '../../../db/hooks/use-profiles.ts';
import type { ReviewRow } from '../../../db/tables.ts';
import { ReviewCard } from './review-card.tsx';
import * as styles from './reviews.css.ts';

/**
 * The guests' reviews of the host (guest_to_host, newest first): the very rows the host card's average
 * and count are computed from, so the figure and what a guest can read always agree.
 */
export function HostReviewsList({ reviews }: { reviews: readonly ReviewRow[] }) {
  const reviewers = useProfiles(reviews.map((review) => review.reviewer_id));
  const names = new Map((reviewers ?? []).map((profile) => [profile.id, profile]));
  return (
    <ul className={styles.list}>
      {reviews.map((review) => {
        const reviewer = names.get(review.reviewer_id);
        return (
          <ReviewCard
            key={review.id}
            reviewerName={reviewer?.name || UNKNOWN_USER}
            reviewerPhoto={reviewer?.profile_photo ?? null}
            rating={review.rating}
            text={review.text}
            createdAt={review.created_at}
          />
        );
      })}
    </ul>
  );
}
