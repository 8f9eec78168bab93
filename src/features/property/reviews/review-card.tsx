import { format, parseISO } from 'date-fns';
import { initials } from '../../../domain/initials.ts';
import { Avatar } from '../../../ui/avatar/avatar.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { avatarPhotoUrl } from '../components/photo-url.ts';
import { StarRating } from '../../../ui/star-rating/star-rating.tsx';
import * as styles from './reviews.css.ts';

/** The docs/product.md §3 review card inputs, plus the sync state of the reader's own review. */
export type ReviewCardProps = {
  reviewerName: string;
  reviewerPhoto: string | null;
  rating: number;
  text: string | null;
  createdAt: string;
  syncState?: 'pending' | 'failed';
};

export function ReviewCard({ reviewerName, reviewerPhoto, rating, text, createdAt, syncState }: ReviewCardProps) {
  return (
    <Card as="li" className={styles.card} aria-label={`Review by ${reviewerName}`}>
      <div className={styles.header}>
        <Avatar src={reviewerPhoto ? avatarPhotoUrl(reviewerPhoto) : null} alt={reviewerName} initials={initials(reviewerName)} size="md" />
        <div className={styles.who}>
          <p className={styles.name}>{reviewerName}</p>
          <p className={styles.date}>
            <time dateTime={createdAt}>{format(parseISO(createdAt), 'MMM d, yyyy')}</time>
          </p>
        </div>
      </div>
      <StarRating rating={rating} size="sm" />
      {text ? <p className={styles.text}>{text}</p> : null}
      {syncState === 'pending' ? <p className={styles.status}>Sending… it will be published when you are online.</p> : null}
      {syncState === 'failed' ? <p className={styles.status}>Not published: the review was refused.</p> : null}
    </Card>
  );
}
