// The review commands: a guest's or host's review of the other party of a booking, and a guest's review of
// a place they stayed at. Both are written offline the same way (defineReviewCreate).
import * as v from 'valibot';
import type { LocalMeta, ServerRow, SyncedRows } from '../../db/tables.ts';
import { BOOKING_REVIEW_TEXT_MAX, PROPERTY_REVIEW_TEXT_MAX } from '../../domain/constants.ts';
import { defineCommand, type Command, type CommandContext } from './command.ts';

type ReviewTable = 'reviews' | 'property_reviews';

/** The columns a client writes; the server sets the timestamps and the version. */
type ReviewColumns<T extends ReviewTable> = Omit<SyncedRows[T], Exclude<keyof ServerRow, 'id'> | keyof LocalMeta>;

/**
 * A review the user writes offline: an optimistic row, then an insert keyed by the client id (a replay
 * after a crash is a no-op). A refused review stays visible as failed (Retry / Delete).
 */
function defineReviewCreate<T extends ReviewTable, A extends { id: string }>({ name, schema, table, columns }: {
  /** `entity.create@version`; persisted in the outbox, so never repurposed */
  name: string;
  schema: v.GenericSchema<unknown, A>;
  table: T;
  columns: (args: A, ctx: CommandContext) => ReviewColumns<T>;
}): Command<A> {
  return defineCommand<A>({
    name,
    schema,
    entity: table,
    entityId: (args) => args.id,
    tables: (db) => [db.table(table).name],
    async applyLocal(db, args, ctx) {
      const row = {
        ...columns(args, ctx),
        created_at: ctx.nowIso,
        updated_at: ctx.nowIso,
        version: 0,
        deleted_at: null,
        _v: 0,
        _status: 'pending',
      } as SyncedRows[T];
      await db.table<SyncedRows[T], string>(table).put(row);
      return null;
    },
    async push(remote, args, ctx) {
      const rows = await remote.upsert(table, [{ ...columns(args, ctx) }], { onConflict: 'id', ignoreDuplicates: true });
      return { table, rows };
    },
    onPermanentFailure: 'mark-failed',
    async rollback(db, args) {
      await db.table(table).delete(args.id);
    },
  });
}

const uuid = v.pipe(v.string(), v.uuid());
const rating = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5));
const reviewText = (max: number) => v.nullish(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max)), null);

const bookingReviewArgs = v.object({
  id: uuid,
  bookingId: uuid,
  revieweeId: uuid,
  reviewType: v.picklist(['guest_to_host', 'host_to_guest']),
  rating,
  text: reviewText(BOOKING_REVIEW_TEXT_MAX),
});

export type CreateReviewArgs = v.InferInput<typeof bookingReviewArgs>;

/** A review between the parties of a booking; the client id makes the insert idempotent. */
export const createReview = defineReviewCreate({
  name: 'review.create@1',
  schema: bookingReviewArgs,
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

const propertyReviewArgs = v.object({
  id: uuid,
  propertyId: uuid,
  roomId: v.nullish(uuid, null),
  rating,
  reviewText: reviewText(PROPERTY_REVIEW_TEXT_MAX),
  isPublic: v.optional(v.boolean(), true),
});

export type CreatePropertyReviewArgs = v.InferInput<typeof propertyReviewArgs>;

/** A guest's review of a place they stayed at (RLS: after a completed stay). */
export const createPropertyReview = defineReviewCreate({
  name: 'propertyReview.create@1',
  schema: propertyReviewArgs,
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
