// Reviews (docs/product.md §5): a rating 1 to 5 is required (0 or none → Rating required / Please select a
// rating before submitting); text is optional, trimmed, null when empty, at most 1000 characters
// on the property page and 500 in the booking flow.
import * as v from 'valibot';
import { BOOKING_REVIEW_TEXT_MAX, PROPERTY_REVIEW_TEXT_MAX, RATING } from '../constants.ts';
import { RATING_REQUIRED, reviewTooLong } from '../messages.ts';
import { optionalText, requiredNumber } from './fields.ts';

const RATING_MISSING = RATING_REQUIRED.description ?? RATING_REQUIRED.title;

export const ratingField = requiredNumber(
  RATING_MISSING,
  v.integer(RATING_MISSING),
  v.minValue(RATING.min, RATING_MISSING),
  v.maxValue(RATING.max, RATING_MISSING),
);

const reviewSchema = (maxText: number) => v.object({
  rating: ratingField,
  text: optionalText({ length: maxText, message: reviewTooLong(maxText) }),
});

/** property_reviews: rating and review_text (the form's `text`). */
export const propertyReviewSchema = reviewSchema(PROPERTY_REVIEW_TEXT_MAX);
/** reviews (guest_to_host / host_to_guest) written from a booking. */
export const bookingReviewSchema = reviewSchema(BOOKING_REVIEW_TEXT_MAX);

export type ReviewInput = v.InferInput<typeof propertyReviewSchema>;
export type Review = v.InferOutput<typeof propertyReviewSchema>;

/** Submit is disabled until a rating is chosen. */
export function canSubmitReview(rating: number | null | undefined): boolean {
  return v.is(ratingField, rating);
}
