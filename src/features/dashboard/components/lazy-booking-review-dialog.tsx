import { lazy } from 'react';
import { MountWhenOpened } from '../../../ui/dialog/mount-when-opened.tsx';
import type { BookingReviewDialogProps } from './booking-review-dialog.tsx';

const BookingReviewDialog = lazy(() => import('./booking-review-dialog.tsx').then((module) => ({ default: module.BookingReviewDialog })));

/** The review dialog, its star rating and text field loaded when a review is first started. */
export function LazyBookingReviewDialog(props: BookingReviewDialogProps) {
  return (
    <MountWhenOpened isOpen={props.target !== null}>
      <BookingReviewDialog {...props} />
    </MountWhenOpened>
  );
}
