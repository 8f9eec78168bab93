// The review commands: a guest's or host's review of the other party of a booking, and a guest's review of
// a place they stayed at. Both are written offline the same way (defineReviewCreate).
import * as v from 'valibot';
import type { LocalMeta, ServerRow, SyncedRows } from '../../db/tables.ts';
import { BOOKING_REVIEW_TEXT_MAX, PROPERTY_REVIEW_TEXT_MAX } from '../../domain/constants.ts';
import type { AppDb } from '../../db/db.ts';
import { defineCommand, type Command, type CommandContext } from './command.ts';
import { describeRefusal, type RefusalKind } from './refusals.ts';

type ReviewTable = 'reviews' | 'property_reviews';

/** The columns a client writes; the server sets the timestamps and the version. */
type ReviewColumns<T extends ReviewTable> = Omit<SyncedRows[T], Exclude<keyof ServerRow, 'id'> | keyof LocalMeta>;

/**
 * A review the user writes offline: an optimistic row, then an insert keyed by the client id (a replay
 * after a crash is a no-op). A refused review is rolled back, so the stay no longer says it was
 * reviewed, and waits under Unsent changes (Retry / Delete; docs/decisions/refused-and-conflicting-writes.md).
 */
function defineReviewCreate<T extends ReviewTable, A extends { id: string }>({ name, schema, table, columns, describe, reasons }: {
  /** `entity.create@version`; persisted in the outbox, so never repurposed */
  name: string;
  schema: v.GenericSchema<unknown, A>;
  table: T;
  columns: (args: A, ctx: CommandContext) => ReviewColumns<T>;
  describe: (db: AppDb, args: A) => Promise<string>;
  /** why the server refuses a review, where the general words say less */
  reasons: Partial<Record<RefusalKind, string>>;
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
    onPermanentFailure: 'rollback',
    async rollback(db, args, before) {
      // `before` is the server's row when one arrived while the review was queued (an earlier send went
      // through, its answer was lost); otherwise the review never existed.
      if (before) await db.table(table).put(before);
      else await db.table(table).delete(args.id);
    },
    describe,
    refusal: (error) => describeRefusal(error, reasons),
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
  async describe(db, args) {
    if (args.reviewType === 'host_to_guest') return `Rating of ${(await db.profiles.get(args.revieweeId))?.name ?? 'your guest'}`;
    return `Review of ${(await db.bookings.get(args.bookingId))?.property_name ?? 'your stay'}`;
  },
  reasons: { 'not-allowed': 'this stay can no longer be reviewed', clash: 'this stay was already reviewed', gone: 'this stay no longer exists' },
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
  describe: async (db, args) => `Review of ${(await db.properties.get(args.propertyId))?.name ?? 'a place you stayed at'}`,
  reasons: { 'not-allowed': 'this place can no longer be reviewed', clash: 'you already reviewed this place', gone: 'this place is no longer listed' },
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
