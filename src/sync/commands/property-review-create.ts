import { PROPERTY_REVIEW_TEXT_MAX } from '../../domain/constants.ts';
import * as v from 'valibot';
import { defineReviewCreate } from './review-create-command.ts';

const schema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  propertyId: v.pipe(v.string(), v.uuid()),
  roomId: v.nullish(v.pipe(v.string(), v.uuid()), null),
  rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
  reviewText: v.nullish(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(PROPERTY_REVIEW_TEXT_MAX)), null),
  isPublic: v.optional(v.boolean(), true),
});

export type CreatePropertyReviewArgs = v.InferInput<typeof schema>;

/** A guest's review of a place they stayed at (RLS: after a completed stay). */
export const createPropertyReview = defineReviewCreate({
  name: 'propertyReview.create@1',
  schema,
  table: 'property_reviews',
  columns: (args, ctx) => ({
    id: args.id,
    property_id: args.propertyId,
    room_id: args.roomId,
    user_id: ctx.userId,
    rating: args.rating,
    review_text: args.reviewText,
    is_public: args.isPublic,
  }),
});
