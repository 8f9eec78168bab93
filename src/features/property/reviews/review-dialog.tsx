import { useState, type FormEvent } from 'react';
import { PROPERTY_REVIEW_TEXT_MAX } from '../../../domain/constants.ts';
import { characterCounter, NOT_AUTHENTICATED, REVIEW_SUBMIT_FAILED, REVIEW_SUBMITTED } from '../../../domain/messages.ts';
import { logger } from '../../../lib/logger.ts';
import { createPropertyReview } from '../../../sync/commands/review-create.ts';
import { runCommand } from '../../../sync/session-actions.ts';
import { Button } from '../../../ui/button/button.tsx';
import { Dialog } from '../../../ui/dialog/dialog.tsx';
import { TextArea } from '../../../ui/text-area/text-area.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { StarRatingInput } from '../../../ui/star-rating/star-rating-input.tsx';
import { validateReviewDraft } from './review-rules.ts';
import * as styles from './reviews.css.ts';

export type ReviewDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  propertyId: string;
  /** the room of the completed stay being reviewed */
  roomId: string | null;
  userId: string | null;
};

const FORM_ID = 'property-review-form';

/**
 * Review Your Booking (docs/product.md §4, §5): rating required (Submit stays disabled until chosen), text
 * optional, trimmed, null when empty, ≤ 1000 characters. Saved through the outbox, so it also
 * works offline and is published when the connection returns.
 */
export function ReviewDialog({ isOpen, onOpenChange, propertyId, roomId, userId }: ReviewDialogProps) {
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [isSaving, setSaving] = useState(false);

  const reset = () => {
    setRating(0);
    setText('');
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!userId) {
      toast.error(NOT_AUTHENTICATED);
      return;
    }
    const checked = validateReviewDraft({ rating, text });
    if (!checked.ok) {
      toast.error(checked.toast.title, checked.toast.description);
      return;
    }
    setSaving(true);
    try {
      await runCommand(createPropertyReview, { id: crypto.randomUUID(), propertyId, roomId, rating: checked.value.rating, reviewText: checked.value.reviewText });
      toast.success(REVIEW_SUBMITTED.title, REVIEW_SUBMITTED.description);
      reset();
      onOpenChange(false);
    } catch (error) {
      logger.error('Review could not be saved', error);
      toast.error(REVIEW_SUBMIT_FAILED.title, REVIEW_SUBMIT_FAILED.description);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      title="Review Your Booking"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) reset();
        onOpenChange(open);
      }}
      isDismissable={!isSaving}
      hideCloseButton={isSaving}
      footer={(close) => (
        <>
          <Button variant="outline" onPress={close} isDisabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} isDisabled={rating === 0} isPending={isSaving}>
            Submit Review
          </Button>
        </>
      )}
    >
      <form id={FORM_ID} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <StarRatingInput label="Your rating" value={rating} onChange={setRating} />
        <TextArea
          label="Your review (optional)"
          placeholder="What was it like to live and work here?"
          value={text}
          onChange={setText}
          maxLength={PROPERTY_REVIEW_TEXT_MAX}
          formatCounter={characterCounter}
          rows={5}
        />
      </form>
    </Dialog>
  );
}
