// The two review commands (booking review, property review) against real Dexie (fake-indexeddb) and the
// in-memory remote: the optimistic row, the idempotent insert, the payload checks and the rollback.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb, deleteAppDb } from '../../../src/db/db.ts';
import { createCommandRegistry } from '../../../src/sync/commands/registry.ts';
import { createPropertyReview, createReview } from '../../../src/sync/commands/review-create.ts';
import { createMemoryRemote, createMemoryServer, serverTable, type MemoryServer } from '../../integration/sync/support/memory-remote.ts';

const ME = '00000000-0000-4000-8000-000000000001';
const HOST = '00000000-0000-4000-8000-000000000002';
const BOOKING = '00000000-0000-4000-8000-0000000000b1';
const PROPERTY = '00000000-0000-4000-8000-0000000000c1';
const ctx = { userId: ME, nowIso: '2025-06-01T10:00:00.000Z' };
const pendingMeta = { created_at: ctx.nowIso, updated_at: ctx.nowIso, version: 0, deleted_at: null, _v: 0, _status: 'pending' };

let db: AppDb;
let server: MemoryServer;
beforeEach(async () => {
  db = new AppDb(ME, { name: `review-commands-${randomUUID()}` });
  await db.open();
  server = createMemoryServer();
});
afterEach(async () => {
  db.close();
  await deleteAppDb(db.name);
});

const cases = [
  {
    command: createReview,
    name: 'review.create@1',
    table: 'reviews' as const,
    args: { bookingId: BOOKING, revieweeId: HOST, reviewType: 'guest_to_host', rating: 5, text: '  Quiet and bright  ' },
    columns: { booking_id: BOOKING, reviewer_id: ME, reviewee_id: HOST, rating: 5, text: 'Quiet and bright', review_type: 'guest_to_host' },
    refused: [{ reviewType: 'host_to_host' }, { rating: 6 }, { text: ' ' }, { bookingId: 'not-a-uuid' }, { text: 'x'.repeat(2001) }],
  },
  {
    command: createPropertyReview,
    name: 'propertyReview.create@1',
    table: 'property_reviews' as const,
    args: { propertyId: PROPERTY, rating: 4, reviewText: 'Fast Wi-Fi' },
    columns: { property_id: PROPERTY, room_id: null, user_id: ME, rating: 4, review_text: 'Fast Wi-Fi', is_public: true },
    refused: [{ rating: 0 }, { rating: 4.5 }, { reviewText: '' }, { propertyId: 'not-a-uuid' }, { isPublic: 'yes' }],
  },
];

describe.each(cases)('$name', ({ command, name, table, args, columns, refused }) => {
  it('keeps its outbox name and entity, and is registered', () => {
    expect(command.name).toBe(name);
    expect(command.entity).toBe(table);
    expect(createCommandRegistry().get(name)).toBe(command);
    expect(command.tables(db)).toEqual([table]);
  });

  it('writes a pending row at once, then inserts the same columns once however often it is replayed', async () => {
    const id = randomUUID();
    const parsed = v.parse(command.schema, { id, ...args }) as never;
    expect(command.entityId(parsed, ctx)).toBe(id);

    await command.applyLocal(db, parsed, ctx);
    expect(await db.table(table).get(id)).toEqual({ id, ...columns, ...pendingMeta });

    const remote = createMemoryRemote(server);
    const first = await command.push(remote, parsed, ctx);
    expect(first.table).toBe(table);
    expect(first.rows).toEqual([expect.objectContaining({ id, ...columns, version: 1 })]);
    const replay = await command.push(remote, parsed, ctx);
    expect(replay.rows).toEqual([]);
    expect([...serverTable(server, table).keys()]).toEqual([id]);
    expect(command.onPermanentFailure).toBe('rollback');

    await command.rollback(db, parsed, null, ctx);
    expect(await db.table(table).get(id)).toBeUndefined();
  });

  it('refuses payloads outside its rules', () => {
    for (const change of refused) {
      expect(v.safeParse(command.schema, { id: randomUUID(), ...args, ...change }).success, JSON.stringify(change)).toBe(false);
    }
  });
});
