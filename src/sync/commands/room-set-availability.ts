import * as v from 'valibot';
import type { AppDb } from '../../db/db.ts';
import type { RoomRow } from '../../db/tables.ts';
import type { ServerRecord, SyncRemote } from '../../remote/sync-port.ts';
import { defineCommand, type PushResult } from './command.ts';
import { describeRefusal } from './refusals.ts';
import { momentNow, momentSchema, msSince, type Moment } from '../elapsed-time.ts';

const roomId = v.pipe(v.string(), v.uuid());
const timestamp = v.pipe(v.string(), v.maxLength(64), v.check((value) => !Number.isNaN(Date.parse(value)), 'must be a timestamp'));

const schemaV1 = v.object({ roomId, isAvailable: v.boolean() });
const schema = v.object({
  roomId,
  isAvailable: v.boolean(),
  /** the room's `availability_decided_at` as the user saw it (null: not known on this device) */
  basedOn: v.nullable(timestamp),
  /** when the user toggled, on this device's clock (wall time; entries queued before `decidedOn` carry only this) */
  decidedAt: timestamp,
  /** when the user toggled, measurable across a device clock change while the same page lives */
  decidedOn: v.optional(momentSchema),
});

/** @deprecated room.setAvailability@1 (no base, no decision time); kept to replay queued entries. */
export type SetRoomAvailabilityV1Args = v.InferInput<typeof schemaV1>;
export type SetRoomAvailabilityArgs = v.InferInput<typeof schema>;
type ParsedV1 = v.InferOutput<typeof schemaV1>;
type Parsed = v.InferOutput<typeof schema>;

/** The args of a toggle the user makes now (or at `decided`) on the room they see. */
export function roomAvailabilityChange(room: Pick<RoomRow, 'id'> & { availability_decided_at?: string | null }, isAvailable: boolean, decided: Moment = momentNow()): SetRoomAvailabilityArgs {
  return { roomId: room.id, isAvailable, basedOn: room.availability_decided_at ?? null, decidedAt: decided.at, decidedOn: decided };
}

interface DecisionAnswer {
  room: ServerRecord | null;
  kept: boolean;
}

/**
 * set_room_availability (migration 20250601002400): the later decision is kept. The age of the decision
 * is measured on this device alone (elapsed-time.ts), so a device clock that is off by hours, or is
 * corrected while the toggle waits, does not decide who wins.
 */
async function sendDecision(remote: SyncRemote, args: { roomId: string; isAvailable: boolean; basedOn: string | null }, decidedMsAgo: number): Promise<PushResult> {
  const answer = (await remote.rpc('set_room_availability', {
    p_room_id: args.roomId,
    p_is_available: args.isAvailable,
    p_based_on: args.basedOn,
    p_decided_ms_ago: decidedMsAgo,
  })) as DecisionAnswer | null;
  const room = answer?.room ?? null;
  const notice = answer?.kept && room ? { kind: 'room-availability-kept' as const, roomName: String(room.name ?? 'The room'), isAvailable: room.is_available === true } : undefined;
  return { table: 'rooms', rows: room ? [room] : [], ...(notice && { notice }) };
}

const shared = {
  entity: 'rooms',
  entityId: (args: ParsedV1) => args.roomId,
  tables: (db: AppDb) => [db.rooms.name],
  async applyLocal(db: AppDb, args: ParsedV1) {
    const before = await db.rooms.get(args.roomId);
    if (before) await db.rooms.put({ ...before, is_available: args.isAvailable, _status: 'pending' });
    return before ?? null;
  },
  mayTellTheUser: true,
  onPermanentFailure: 'rollback',
  async rollback(db: AppDb, args: ParsedV1, before: unknown) {
    if (before) await db.rooms.put(before as RoomRow);
    else await db.rooms.delete(args.roomId);
  },
  async describe(db: AppDb, args: ParsedV1) {
    const room = await db.rooms.get(args.roomId);
    return `${room?.name ?? 'A room'}: ${args.isAvailable ? 'Available' : 'Unavailable'}`;
  },
  refusal: (error: Parameters<typeof describeRefusal>[0]) => describeRefusal(error, { 'not-allowed': 'you no longer host this room', gone: 'this room no longer exists' }),
} as const;

/**
 * The host's availability toggle on a room (only the listing's host may write it). Sent with the
 * decision stamp it was based on and when the user decided: a toggle decided before another device's
 * later one does not revert it; the server keeps the later decision and this device is told
 * (docs/decisions/room-availability-later-decision.md). Queued toggles of one room collapse into one
 * (the last value, the first base).
 */
export const setRoomAvailability = defineCommand<Parsed>({
  ...shared,
  name: 'room.setAvailability@2',
  schema,
  push: (remote, args, ctx) => sendDecision(remote, args, msSince(args.decidedOn ?? args.decidedAt, Date.parse(ctx.nowIso))),
  collapse: (queued, next) => ({ ...next, basedOn: queued.basedOn }),
});

/**
 * room.setAvailability@1: queued by builds before decision stamps. No longer enqueued; kept so entries
 * queued before an app update still go, judged by the same rule: the base is unknown and the decision
 * time is when the entry was queued.
 */
export const setRoomAvailabilityV1 = defineCommand<ParsedV1>({
  ...shared,
  name: 'room.setAvailability@1',
  schema: schemaV1,
  push: (remote, args, ctx) => sendDecision(remote, { ...args, basedOn: null }, ctx.queuedAt === undefined ? 0 : msSince(new Date(ctx.queuedAt).toISOString(), Date.parse(ctx.nowIso))),
});
