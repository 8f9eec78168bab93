import { Skeleton, SkeletonGroup } from '../../../ui/skeleton/skeleton.tsx';
import * as styles from '../property-page.css.ts';
import { GALLERY_PHOTO_SLOT } from './photo-url.ts';

/** Shaped like the page (title, photo, two columns), so the content replaces it without a jump. */
export function PropertySkeleton() {
  return (
    <div className={styles.loadingFrame}>
      <SkeletonGroup label="Loading property">
        <Skeleton width="60%" height="2.25rem" />
        <Skeleton width="30%" />
        <div className={styles.layout}>
          <div className={styles.mainColumn}>
            <Skeleton shape="rect" aspectRatio="16 / 9" className={styles.order.gallery} photoSlot={GALLERY_PHOTO_SLOT} />
            <div className={[styles.skeletonStack, styles.order.about].join(' ')}>
              <Skeleton width="40%" height="1.5rem" />
              <Skeleton />
              <Skeleton />
              <Skeleton width="80%" />
            </div>
          </div>
          <div className={styles.sideColumn}>
            <Skeleton shape="rect" height="22rem" className={styles.order.booking} />
          </div>
        </div>
      </SkeletonGroup>
    </div>
  );
}
