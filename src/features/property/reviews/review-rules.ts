// Property review form rules (docs/product.md §5): rating 1 to 5 required; text optional, trimmed, null when
// empty, at most 1000 characters.
import { PROPERTY_REVIEW_TEXT_MAX, RATING } from '../../../domain/constants.ts';
import { RATING_REQUIRED, REVIEW_SUBMIT_FAILED, reviewTooLong, type Toast } from '../../../domain/messages.ts';

export type ReviewDraft = { rating: number; text: string };
export type ReviewSubmission = { rating: number; reviewText: string | null };

export function validateReviewDraft(draft: ReviewDraft): { ok: true; value: ReviewSubmission } | { ok: false; toast: Toast } {
  if (!Number.isInteger(draft.rating) || draft.rating < RATING.min || draft.rating > RATING.max) return { ok: false, toast: RATING_REQUIRED };
  const trimmed = draft.text.trim();
  // The text area stops at the limit; this guards pasted or restored text all the same.
  if (trimmed.length > PROPERTY_REVIEW_TEXT_MAX) return { ok: false, toast: { title: REVIEW_SUBMIT_FAILED.title, description: reviewTooLong(PROPERTY_REVIEW_TEXT_MAX) } };
  return { ok: true, value: { rating: draft.rating, reviewText: trimmed.length > 0 ? trimmed : null } };
}

/** Average of ratings to one decimal, or null with no reviews (host card). */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return Math.round((sum / ratings.length) * 10) / 10;
}
