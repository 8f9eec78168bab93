import { BOOKING_REVIEW_TEXT_MAX } from '../../domain/constants.ts';
import * as v from 'valibot';
import { defineReviewCreate } from './review-create-command.ts';

const schema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  bookingId: v.pipe(v.string(), v.uuid()),
  revieweeId: v.pipe(v.string(), v.uuid()),
  reviewType: v.picklist(['guest_to_host', 'host_to_guest']),
  rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
  text: v.nullish(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(BOOKING_REVIEW_TEXT_MAX)), null),
});

export type CreateReviewArgs = v.InferInput<typeof schema>;

/** A review between the parties of a booking; the client id makes the insert idempotent. */
export const createReview = defineReviewCreate({
  name: 'review.create@1',
  schema,
  table: 'reviews',
  columns: (args, ctx) => ({
    id: args.id,
    booking_id: args.bookingId,
    reviewer_id: ctx.userId,
    reviewee_id: args.revieweeId,
    rating: args.rating,
    text: args.text,
    review_type: args.reviewType,
  }),
});
