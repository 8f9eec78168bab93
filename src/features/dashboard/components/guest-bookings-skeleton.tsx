import { Card } from '../../../ui/card/card.tsx';
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton/skeleton.tsx';
import * as styles from './dashboard.css.ts';

/** Two booking cards' shapes while the guest's bookings are read. */
export function GuestBookingsSkeleton() {
  return (
    <SkeletonGroup label="Loading bookings">
      {[0, 1].map((key) => (
        <Card key={key} className={styles.bookingCard}>
          <Skeleton shape="rect" aspectRatio="4 / 3" />
          <div className={styles.bookingMain}>
            <Skeleton width="40%" />
            <Skeleton width="60%" />
            <Skeleton width="30%" />
          </div>
        </Card>
      ))}
    </SkeletonGroup>
  );
}
