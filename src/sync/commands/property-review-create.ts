import { PROPERTY_REVIEW_TEXT_MAX } from '../../domain/constants.ts';
import * as v from 'valibot';
import type { PropertyReviewRow } from '../../db/tables.ts';
import { defineCommand } from './command.ts';

const schema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  propertyId: v.pipe(v.string(), v.uuid()),
  roomId: v.nullish(v.pipe(v.string(), v.uuid()), null),
  rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
  reviewText: v.nullish(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(PROPERTY_REVIEW_TEXT_MAX)), null),
  isPublic: v.optional(v.boolean(), true),
});

export type CreatePropertyReviewArgs = v.InferInput<typeof schema>;
type Parsed = v.InferOutput<typeof schema>;

/** A guest's review of a place they stayed at (RLS: after a completed stay). */
export const createPropertyReview = defineCommand<Parsed>({
  name: 'propertyReview.create@1',
  schema,
  entity: 'property_reviews',
  entityId: (args) => args.id,
  tables: (db) => [db.property_reviews.name],
  async applyLocal(db, args, ctx) {
    const row: PropertyReviewRow = {
      id: args.id,
      property_id: args.propertyId,
      room_id: args.roomId,
      user_id: ctx.userId,
      rating: args.rating,
      review_text: args.reviewText,
      is_public: args.isPublic,
      created_at: ctx.nowIso,
      updated_at: ctx.nowIso,
      version: 0,
      deleted_at: null,
      _v: 0,
      _status: 'pending',
    };
    await db.property_reviews.put(row);
    return null;
  },
  async push(remote, args, ctx) {
    const rows = await remote.upsert('property_reviews', [{
      id: args.id,
      property_id: args.propertyId,
      room_id: args.roomId,
      user_id: ctx.userId,
      rating: args.rating,
      review_text: args.reviewText,
      is_public: args.isPublic,
    }], { onConflict: 'id', ignoreDuplicates: true });
    return { table: 'property_reviews', rows };
  },
  onPermanentFailure: 'mark-failed',
  async rollback(db, args) {
    await db.property_reviews.delete(args.id);
  },
});
