import { memo, type ReactNode } from 'react';
import { initials } from '../../../domain/initials.ts';
import { Avatar } from '../../../ui/avatar/avatar.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { Disclosure } from '../../../ui/disclosure/disclosure.tsx';
import { LinkButton } from '../../../ui/link/link.tsx';
import { avatarPhotoUrl } from './photo-url.ts';
import { StarRating } from '../../../ui/star-rating/star-rating.tsx';
import * as styles from './people.css.ts';

/** The docs/product.md §3 host card inputs, and the reviews its average and count are computed from. */
export type HostCardProps = {
  hostId: string;
  hostName: string;
  hostPhoto: string | null;
  hostProfession: string | null;
  hostBio: string | null;
  averageRating: number | null;
  reviewCount: number;
  isVisible: boolean;
  /** the guests' reviews behind averageRating and reviewCount, readable under the rating */
  reviews?: ReactNode;
};

/** Meet Your Host; renders nothing when the host hides their profile from guests. */
export const HostCard = memo(function HostCard({ hostId, hostName, hostPhoto, hostProfession, hostBio, averageRating, reviewCount, isVisible, reviews }: HostCardProps) {
  if (!isVisible) return null;
  return (
    <Card as="section" aria-labelledby="host-card-title" className={styles.card}>
      <h2 id="host-card-title" className={styles.cardTitle}>
        Meet Your Host
      </h2>
      <div className={styles.person}>
        <Avatar src={hostPhoto ? avatarPhotoUrl(hostPhoto) : null} alt={hostName} initials={initials(hostName)} size="lg" />
        <div className={styles.personText}>
          <p className={styles.personName}>{hostName}</p>
          {hostProfession ? <p className={styles.personMeta}>{hostProfession}</p> : null}
        </div>
      </div>
      <div className={styles.rating}>
        {averageRating !== null ? (
          <>
            <StarRating rating={averageRating} size="sm" />
            <span>
              {averageRating.toFixed(1)} · {reviewCount} {reviewCount === 1 ? 'review' : 'reviews'}
            </span>
          </>
        ) : (
          <span className={styles.personMeta}>No reviews yet</span>
        )}
      </div>
      {hostBio ? <p className={styles.bio}>{hostBio}</p> : null}
      {reviews && reviewCount > 0 ? (
        <Disclosure title={`Read ${reviewCount === 1 ? 'the review' : `${reviewCount} reviews`} from guests`} headingLevel={3}>
          {reviews}
        </Disclosure>
      ) : null}
      <LinkButton href={`/messages?conversation=${encodeURIComponent(hostId)}`} variant="outline" isFullWidth>
        Message Host
      </LinkButton>
    </Card>
  );
});
