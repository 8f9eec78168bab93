import { useState } from 'react';
import * as v from 'valibot';
import { BOOKING_REVIEW_TEXT_MAX, type ReviewType } from '../../../domain/constants.ts';
import { REVIEW_SUBMITTED, REVIEW_SUBMIT_FAILED, RATING_REQUIRED, characterCounter } from '../../../domain/messages.ts';
import { bookingReviewSchema, canSubmitReview } from '../../../domain/schemas/review.ts';
import { logger } from '../../../lib/logger.ts';
import { createReview } from '../../../sync/commands/review-create.ts';
import { runCommand } from '../../../sync/session-actions.ts';
import { Button } from '../../../ui/button/button.tsx';
import { Dialog } from '../../../ui/dialog/dialog.tsx';
import { TextArea } from '../../../ui/text-area/text-area.tsx';
import { Text } from '../../../ui/typography/typography.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { StarRatingInput } from '../../../ui/star-rating/star-rating-input.tsx';
import * as styles from './dashboard.css.ts';

export interface BookingReviewTarget {
  bookingId: string;
  revieweeId: string;
  revieweeName: string;
  reviewType: ReviewType;
  /** e.g. "Casa Luma · Garden Room" */
  stayLabel: string;
}

export interface BookingReviewDialogProps {
  target: BookingReviewTarget | null;
  onClose: () => void;
}

/**
 * Review in the booking flow (docs/product.md §4, §5): rating 1–5 required (Submit disabled until chosen), text
 * optional up to 500 with a counter. Saved through the review.create command, so it is kept when
 * offline and sent later; the dialog closes and resets on success.
 */
export function BookingReviewDialog({ target, onClose }: BookingReviewDialogProps) {
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [isSaving, setSaving] = useState(false);

  const close = () => {
    setRating(null);
    setText('');
    onClose();
  };

  const submit = async () => {
    if (!target) return;
    const parsed = v.safeParse(bookingReviewSchema, { rating: rating ?? 0, text });
    if (!parsed.success) {
      const ratingIssue = parsed.issues.find((issue) => issue.path?.[0]?.key === 'rating');
      if (ratingIssue) toast.error(RATING_REQUIRED.title, RATING_REQUIRED.description);
      else toast.error(REVIEW_SUBMIT_FAILED.title, parsed.issues[0]?.message);
      return;
    }
    setSaving(true);
    try {
      await runCommand(createReview, {
        id: crypto.randomUUID(),
        bookingId: target.bookingId,
        revieweeId: target.revieweeId,
        reviewType: target.reviewType,
        rating: parsed.output.rating,
        text: parsed.output.text,
      });
      toast.success(REVIEW_SUBMITTED.title, REVIEW_SUBMITTED.description);
      close();
    } catch (error) {
      logger.warn('Saving the review failed', error);
      toast.error(REVIEW_SUBMIT_FAILED.title, REVIEW_SUBMIT_FAILED.description);
    } finally {
      setSaving(false);
    }
  };

  const title = target?.reviewType === 'host_to_guest' ? `Rate ${target.revieweeName}` : 'Review your stay';

  return (
    <Dialog
      title={title}
      isOpen={target !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen && !isSaving) close();
      }}
      isDismissable={!isSaving}
      hideCloseButton={isSaving}
      footer={
        <>
          <Button variant="outline" onPress={close} isDisabled={isSaving}>
            Cancel
          </Button>
          <Button onPress={() => void submit()} isDisabled={!canSubmitReview(rating)} isPending={isSaving}>
            Submit Review
          </Button>
        </>
      }
    >
      {target ? (
        <div className={styles.dialogBody}>
          <Text size="sm" tone="muted">
            {target.reviewType === 'host_to_guest' ? `How was hosting ${target.revieweeName}? ` : `How was your stay with ${target.revieweeName}? `}
            {target.stayLabel}
          </Text>
          <StarRatingInput label="Rating" value={rating} onChange={setRating} isDisabled={isSaving} />
          <TextArea
            label="Your review (optional)"
            value={text}
            onChange={setText}
            maxLength={BOOKING_REVIEW_TEXT_MAX}
            formatCounter={characterCounter}
            rows={5}
            isDisabled={isSaving}
            placeholder={target.reviewType === 'host_to_guest' ? 'What should other hosts know about this guest?' : 'What stood out about the place and your host?'}
          />
        </div>
      ) : null}
    </Dialog>
  );
}
