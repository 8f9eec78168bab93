// Refused writes (docs/decisions/refused-and-conflicting-writes.md) with real Dexie (fake-indexeddb) and a
// scripted remote: every command kind rolls its optimistic state back, the refusal is listed in words with
// Retry only where it can succeed, and a rollback racing a pull or a later entry restores the newest truth.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb, deleteAppDb } from '../../../src/db/db.ts';
import type { BookingRow, ConversationSummaryRow, MessageRow, ProfileRow, RoomRow } from '../../../src/db/tables.ts';
import { RemoteError } from '../../../src/remote/errors.ts';
import type { SyncRemote } from '../../../src/remote/sync-port.ts';
import { applyServerRows } from '../../../src/sync/apply-server-rows.ts';
import { markConversationRead } from '../../../src/sync/commands/message-mark-read.ts';
import { updateProfile } from '../../../src/sync/commands/profile-update.ts';
import { describeRefusal } from '../../../src/sync/commands/refusals.ts';
import { createPropertyReview, createReview } from '../../../src/sync/commands/review-create.ts';
import { roomAvailabilityChange, setRoomAvailability } from '../../../src/sync/commands/room-set-availability.ts';
import { createSyncEngine, type SyncEngine } from '../../../src/sync/engine.ts';
import { listUnsentChanges } from '../../../src/sync/unsent-changes.ts';

const ME = '00000000-0000-4000-8000-000000000001';
const HOST = '00000000-0000-4000-8000-000000000002';
const BOOKING = '00000000-0000-4000-8000-0000000000b1';
const PROPERTY = '00000000-0000-4000-8000-0000000000c1';
const ROOM = '00000000-0000-4000-8000-0000000000d1';
const T0 = '2025-06-01T10:00:00.000Z';

const meta = (version: number) => ({ created_at: T0, updated_at: T0, version, deleted_at: null, _v: version });
const room = (version: number, fields: Partial<RoomRow> = {}): RoomRow => ({
  id: ROOM, property_id: PROPERTY, name: 'Sea Room', description: null, photos: [], price_per_week: 300, price_per_month: null, is_available: true,
  wifi_speed_mbps: null, capacity: 1, min_stay_weeks: 2, max_stay_weeks: 12, availability_decided_at: T0, ...meta(version), ...fields,
});
const serverRoom = (version: number, fields: Record<string, unknown> = {}) => {
  const { _v: _ignored, ...row } = room(version, fields as Partial<RoomRow>);
  return row as unknown as Record<string, unknown>;
};

/** A remote whose writes the server refuses with `error` (reads return nothing). */
function refusingRemote(error: RemoteError): SyncRemote {
  const refuse = () => Promise.reject(error);
  return {
    select: async () => [],
    count: async () => 0,
    upsert: refuse,
    update: refuse,
    rpc: refuse,
    refreshSession: async () => 'refreshed',
    subscribe: () => ({ unsubscribe: async () => {} }),
  };
}

const notAllowed = new RemoteError('permanent', 'new row violates row-level security policy for table "reviews"', { code: '42501', status: 403 });
const unexplained = new RemoteError('permanent', 'HTTP 400', { status: 400 });

let db: AppDb;
let engine: SyncEngine;
const start = async (error: RemoteError) => {
  engine = createSyncEngine({ db, userId: ME, remote: refusingRemote(error), scopes: [], realtimeTables: [], pushDebounceMs: 60_000, pullDebounceMs: 60_000 });
  await engine.start();
};

beforeEach(async () => {
  db = new AppDb(ME, { name: `refused-writes-${randomUUID()}` });
  await db.open();
  await db.bookings.put({ id: BOOKING, user_id: ME, property_id: PROPERTY, room_id: ROOM, check_in: '2025-01-01', check_out: '2025-03-01', status: 'completed', property_name: 'Casa Azul', property_host_id: HOST, ...meta(3) } as unknown as BookingRow);
  await db.properties.put({ id: PROPERTY, name: 'Casa Azul', host_id: HOST, ...meta(1) } as never);
  await db.rooms.put(room(4));
  await db.profiles.put({ id: ME, name: 'Ana', bio: 'old bio', profession: null, ...meta(2) } as unknown as ProfileRow);
});
afterEach(async () => {
  await engine?.stop();
  db.close();
  await deleteAppDb(db.name);
});

describe('every refused write rolls back its optimistic state', () => {
  it('a review of a stay the server no longer lets be reviewed: the stay is not shown as reviewed; listed in words, Delete only', async () => {
    await start(notAllowed);
    const id = randomUUID();
    await engine.run(createReview, { id, bookingId: BOOKING, revieweeId: HOST, reviewType: 'guest_to_host', rating: 4 });
    expect(await db.reviews.get(id)).toMatchObject({ _status: 'pending' });
    await engine.pushNow();
    expect(await db.reviews.get(id)).toBeUndefined();
    expect(await listUnsentChanges(db)).toEqual([{ id: expect.any(String), what: 'Review of Casa Azul', why: 'this stay can no longer be reviewed', canRetry: false }]);
    const [entry] = await db._outbox.toArray();
    expect(await engine.discard(entry!.id)).toBe(true);
    expect(await listUnsentChanges(db)).toEqual([]);
    expect(await db.reviews.get(id)).toBeUndefined();
  });

  it('a property review, a room toggle, a profile edit and a mark-read are each restored', async () => {
    await db.messages.put({ id: 'm1', sender_id: HOST, receiver_id: ME, property_id: null, conversation_type: 'host_guest', text: 'Hi', read_at: null, conversation_key: `dm:${HOST}`, ...meta(1) } as MessageRow);
    await db.conversations.put({ conversation_key: `dm:${HOST}`, other_user_id: HOST, other_user_name: 'Maya', other_user_photo: null, last_message: 'Hi', last_message_time: T0, last_message_sender_id: HOST, unread_count: 1, conversation_type: 'host_guest', property_id: null, _sort: T0 } satisfies ConversationSummaryRow);
    await start(unexplained);
    const reviewId = randomUUID();
    await engine.run(createPropertyReview, { id: reviewId, propertyId: PROPERTY, rating: 5 });
    await engine.run(setRoomAvailability, roomAvailabilityChange(room(4), false));
    await engine.run(updateProfile, { patch: { bio: 'new bio' }, base: { bio: 'old bio' } });
    await engine.run(markConversationRead, { otherUserId: HOST, upTo: T0 });
    expect((await db.messages.get('m1'))?.read_at).not.toBeNull();
    await engine.pushNow();

    expect(await db.property_reviews.get(reviewId)).toBeUndefined();
    expect(await db.rooms.get(ROOM)).toEqual(room(4));
    expect(await db.profiles.get(ME)).toMatchObject({ bio: 'old bio' });
    expect((await db.profiles.get(ME))?._status).toBeUndefined();
    expect((await db.conversations.get(`dm:${HOST}`))?.unread_count).toBe(1);
    expect((await db.messages.get('m1'))?.read_at).toBeNull();
    // A refusal of no known kind may be a passing state of the server: Retry is offered.
    expect(await listUnsentChanges(db)).toEqual([
      { id: expect.any(String), what: 'Review of Casa Azul', why: 'the server refused it', canRetry: true },
      { id: expect.any(String), what: 'Sea Room: Unavailable', why: 'the server refused it', canRetry: true },
      { id: expect.any(String), what: 'Profile: Bio', why: 'the server refused it', canRetry: true },
      { id: expect.any(String), what: 'Marking your conversation with Maya as read', why: 'the server refused it', canRetry: true },
    ]);
    expect(engine.status.get().isOnline).toBe(true);
  });

  it('Retry re-applies the optimistic write and queues it again', async () => {
    await start(unexplained);
    await engine.run(setRoomAvailability, roomAvailabilityChange(room(4), false));
    await engine.pushNow();
    const [entry] = await db._outbox.toArray();
    await engine.stop();
    expect(await engine.retry(entry!.id)).toBe(true);
    expect(await db.rooms.get(ROOM)).toMatchObject({ is_available: false, _status: 'pending' });
    expect((await db._outbox.toArray()).map((e) => e.status)).toEqual(['queued']);
  });
});

describe('races', () => {
  it('a rollback after a pull held back a newer server row restores that row, not the one from before the write', async () => {
    await start(notAllowed);
    await engine.run(setRoomAvailability, roomAvailabilityChange(room(4), false));
    // Another device renamed the room; the pull leaves the pending row alone (and its cursor moves on).
    await applyServerRows(db, 'rooms', [serverRoom(6, { name: 'Ocean Room', is_available: true })], { userId: ME });
    expect(await db.rooms.get(ROOM)).toMatchObject({ name: 'Sea Room', is_available: false, _status: 'pending' });
    await engine.pushNow();
    expect(await db.rooms.get(ROOM)).toMatchObject({ name: 'Ocean Room', is_available: true, _v: 6 });
    expect((await db.rooms.get(ROOM))?._status).toBeUndefined();
  });

  it('a row deleted on the server while the write waited is gone after the rollback', async () => {
    await start(notAllowed);
    await engine.run(setRoomAvailability, roomAvailabilityChange(room(4), false));
    await applyServerRows(db, 'rooms', [serverRoom(7, { deleted_at: T0 })], { userId: ME });
    await engine.pushNow();
    expect(await db.rooms.get(ROOM)).toBeUndefined();
  });

  it('a refused write with a later one queued hands its snapshot on: if that one is refused too, the row is as before both', async () => {
    await start(unexplained);
    // Two edits of different fields: they do not collapse while the first is being sent.
    const first = await engine.run(updateProfile, { patch: { bio: 'first' }, base: { bio: 'old bio' } });
    await db._outbox.update(first.seq!, { status: 'sending' });
    await engine.run(updateProfile, { patch: { profession: 'Pilot' }, base: { profession: null } });
    await db._outbox.update(first.seq!, { status: 'queued' });
    expect(await db._outbox.count()).toBe(2);
    await engine.pushNow();
    expect(await db.profiles.get(ME)).toMatchObject({ bio: 'old bio', profession: null });
  });
});

describe('refusals in words', () => {
  it.each([
    [{ kind: 'permanent', code: 'invalid_args', message: '' }, 'this version of the app can no longer send it', false],
    [{ kind: 'permanent', code: '42501', message: '' }, 'you are no longer allowed to make this change', false],
    [{ kind: 'permanent', code: 'P0002', message: '' }, 'what it changes no longer exists', false],
    [{ kind: 'conflict', code: '23505', message: '' }, 'it clashes with something already saved', false],
    [{ kind: 'permanent', code: '23514', message: '' }, 'the server did not accept these values', false],
    [{ kind: 'permanent', code: null, message: 'HTTP 400' }, 'the server refused it', true],
  ] as const)('%o: %s', (error, reason, canRetry) => {
    expect(describeRefusal(error)).toEqual({ reason, canRetry });
  });

  it('never shows the server text', async () => {
    await start(notAllowed);
    await engine.run(createReview, { id: randomUUID(), bookingId: BOOKING, revieweeId: HOST, reviewType: 'guest_to_host', rating: 4 });
    await engine.pushNow();
    expect(JSON.stringify(await listUnsentChanges(db))).not.toContain('row-level security');
  });

  it('an entry of a command this build no longer knows is listed, with Delete only', async () => {
    await db._outbox.add({ id: 'old', name: 'listing.rename@1', entity: 'properties', entityId: PROPERTY, args: {}, before: null, status: 'queued', attempts: 0, nextAttemptAt: 0, lastError: null, createdAt: 0 });
    await start(unexplained);
    await engine.pushNow();
    expect(await listUnsentChanges(db)).toEqual([{ id: 'old', what: 'A change made with an older version of the app', why: 'this version of the app can no longer send it', canRetry: false }]);
  });
});
