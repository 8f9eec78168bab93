import { UNKNOWN_USER } from '../../../domain/messages.ts';
import { useProfiles } from '../../../db/hooks/use-profiles.ts';
import { ReviewCard } from './review-card.tsx';
import * as styles from './reviews.css.ts';

/** One review as a card shows it, whichever table it comes from (property reviews, reviews of a host). */
export interface ReviewListItem {
  id: string;
  reviewerId: string;
  rating: number;
  text: string | null;
  createdAt: string;
  syncState?: 'pending' | 'failed';
}

/** Review cards with each reviewer's name and photo from the local mirror (Unknown User when hidden). */
export function ReviewList({ items, isStacked = false }: { items: readonly ReviewListItem[]; /** one per row at every width */ isStacked?: boolean }) {
  const reviewers = useProfiles(items.map((item) => item.reviewerId));
  const names = new Map((reviewers ?? []).map((profile) => [profile.id, profile]));
  return (
    <ul className={isStacked ? `${styles.list} ${styles.stack}` : styles.list}>
      {items.map((item) => {
        const reviewer = names.get(item.reviewerId);
        return (
          <ReviewCard
            key={item.id}
            reviewerName={reviewer?.name || UNKNOWN_USER}
            reviewerPhoto={reviewer?.profile_photo ?? null}
            rating={item.rating}
            text={item.text}
            createdAt={item.createdAt}
            {...(item.syncState ? { syncState: item.syncState } : {})}
          />
        );
      })}
    </ul>
  );
}
