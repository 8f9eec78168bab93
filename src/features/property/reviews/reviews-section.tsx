import { lazy, memo, Suspense, useState } from 'react';
import { PROPERTY_REVIEWS_SHOWN } from '../../../domain/constants.ts';
import { usePropertyReviews } from '../../../db/hooks/use-reviews.ts';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton/skeleton.tsx';
import * as pageStyles from '../property-page.css.ts';
import { ReviewList } from './review-list.tsx';

// The dialog (a form in a modal) loads when first opened, and then stays mounted so a draft survives closing it.
const ReviewDialog = lazy(() => import('./review-dialog.tsx').then((module) => ({ default: module.ReviewDialog })));

export type ReviewsSectionProps = {
  propertyId: string;
  userId: string | null;
  /** The signed-in guest's completed stay here that may still be reviewed (null: no review offered). */
  reviewableStay: { roomId: string } | null;
};

/** Reviews, newest first, the first six (docs/product.md §9), and the review dialog for a guest who stayed here. */
export const ReviewsSection = memo(function ReviewsSection({ propertyId, userId, reviewableStay }: ReviewsSectionProps) {
  const reviews = usePropertyReviews(propertyId, PROPERTY_REVIEWS_SHOWN);
  const [isDialogOpen, setDialogOpen] = useState(false);
  const [wasDialogOpened, setDialogOpened] = useState(false);

  return (
    <section className={pageStyles.section} aria-labelledby="reviews-title">
      <div className={pageStyles.sectionHeader}>
        <h2 id="reviews-title" className={pageStyles.sectionTitle}>
          Reviews
        </h2>
        {reviewableStay ? (
          <NativeButton
            variant="outline"
            onClick={() => {
              setDialogOpened(true);
              setDialogOpen(true);
            }}
          >
            Write a Review
          </NativeButton>
        ) : null}
      </div>
      {reviews === undefined ? (
        <SkeletonGroup label="Loading reviews">
          <Skeleton shape="rect" height="8rem" />
        </SkeletonGroup>
      ) : reviews.length === 0 ? (
        <p className={pageStyles.muted}>No reviews yet.</p>
      ) : (
        <ReviewList
          items={reviews.map((review) => ({
            id: review.id,
            reviewerId: review.user_id,
            rating: review.rating,
            text: review.review_text,
            createdAt: review.created_at,
            ...(review._status ? { syncState: review._status } : {}),
          }))}
        />
      )}
      {reviewableStay && wasDialogOpened ? (
        <Suspense fallback={null}>
          <ReviewDialog isOpen={isDialogOpen} onOpenChange={setDialogOpen} propertyId={propertyId} roomId={reviewableStay.roomId} userId={userId} />
        </Suspense>
      ) : null}
    </section>
  );
});
