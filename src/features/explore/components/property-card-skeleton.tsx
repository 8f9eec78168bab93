import { Card } from '../../../ui/card/card.tsx';
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton/skeleton.tsx';
import { cardPhotoSlot, PRIORITY_CARDS } from '../card-view.ts';
import * as styles from './explore.css.ts';

const PLACEHOLDER_CARDS = 6;

/** Loading grid: cards with the real card's photo ratio and text rows, so nothing moves when data arrives. */
export function PropertyGridSkeleton() {
  return (
    <SkeletonGroup label="Loading properties">
      <ul className={styles.grid}>
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <Card as="li" key={index} padding="none" className={styles.card}>
            <Skeleton shape="rect" aspectRatio="4 / 3" width="100%" photoSlot={index < PRIORITY_CARDS ? cardPhotoSlot(index) : undefined} />
            <div className={styles.skeletonBody}>
              <Skeleton width="70%" height="1.35rem" />
              <Skeleton width="45%" />
              <div className={styles.meta}>
                <Skeleton shape="rect" width="7rem" height="1.375rem" />
                <Skeleton width="6rem" />
              </div>
            </div>
          </Card>
        ))}
      </ul>
    </SkeletonGroup>
  );
}
