import { BOOKING_REVIEW_TEXT_MAX } from '../../domain/constants.ts';
import * as v from 'valibot';
import type { ReviewRow } from '../../db/tables.ts';
import { defineCommand } from './command.ts';

const schema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  bookingId: v.pipe(v.string(), v.uuid()),
  revieweeId: v.pipe(v.string(), v.uuid()),
  reviewType: v.picklist(['guest_to_host', 'host_to_guest']),
  rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
  text: v.nullish(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(BOOKING_REVIEW_TEXT_MAX)), null),
});

export type CreateReviewArgs = v.InferInput<typeof schema>;
type Parsed = v.InferOutput<typeof schema>;

/** A review between the parties of a booking; the client id makes the insert idempotent. */
export const createReview = defineCommand<Parsed>({
  name: 'review.create@1',
  schema,
  entity: 'reviews',
  entityId: (args) => args.id,
  tables: (db) => [db.reviews.name],
  async applyLocal(db, args, ctx) {
    const row: ReviewRow = {
      id: args.id,
      booking_id: args.bookingId,
      reviewer_id: ctx.userId,
      reviewee_id: args.revieweeId,
      rating: args.rating,
      text: args.text,
      review_type: args.reviewType,
      created_at: ctx.nowIso,
      updated_at: ctx.nowIso,
      version: 0,
      deleted_at: null,
      _v: 0,
      _status: 'pending',
    };
    await db.reviews.put(row);
    return null;
  },
  async push(remote, args, ctx) {
    const rows = await remote.upsert('reviews', [{
      id: args.id,
      booking_id: args.bookingId,
      reviewer_id: ctx.userId,
      reviewee_id: args.revieweeId,
      rating: args.rating,
      text: args.text,
      review_type: args.reviewType,
    }], { onConflict: 'id', ignoreDuplicates: true });
    return { table: 'reviews', rows };
  },
  onPermanentFailure: 'mark-failed',
  async rollback(db, args) {
    await db.reviews.delete(args.id);
  },
});
