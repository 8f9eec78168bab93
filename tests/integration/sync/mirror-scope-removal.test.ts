// Rows that leave the user's view leave the mirror (see
// docs/decisions/mirror-scope-removal.md): the engine with real Dexie (fake-indexeddb) against the
// stand-in (supabase-js, Postgres RLS), after a start-up or reconnect sync.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/db.ts';
import { RemoteError } from '../../../src/remote/errors.ts';
import type { SyncRemote } from '../../../src/remote/sync-port.ts';
import { createSupabaseSyncRemote } from '../../../src/remote/sync-remote.ts';
import { sendMessage } from '../../../src/sync/commands/message-send.ts';
import { createSyncEngine, type SyncEngineOptions } from '../../../src/sync/engine.ts';
import type { Triggers } from '../../../src/sync/ports.ts';
import { addDaysToDate, toDateOnly } from '../../../src/domain/stay-dates.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';
import { until } from '../local/support/wait.ts';

const inDays = (days: number) => addDaysToDate(toDateOnly(new Date()), days);

/** Triggers a test fires by hand: `online()` is a reconnect. */
function manualTriggers() {
  const onlineListeners = new Set<() => void>();
  const triggers: Triggers = {
    isOnline: () => true,
    onOnline: (listener) => (onlineListeners.add(listener), () => onlineListeners.delete(listener)),
    onOffline: () => () => {},
    onVisible: () => () => {},
  };
  return { triggers, online: () => onlineListeners.forEach((listener) => listener()) };
}

describe.each(testEngines)('rows that leave the user\'s view leave the mirror, on %s', (engineKind) => {
  let t: TestServer;
  let host: TestUser;
  let guest: TestUser;
  let houseId: string;
  let roomId: string;
  let bookingId: string;

  const remoteFor = (client: SupabaseClient): SyncRemote => createSupabaseSyncRemote(() => Promise.resolve(client));
  const freshDb = (user: TestUser) => new AppDb(user.id, { name: `scope-removal-${randomUUID()}` });
  const engineFor = (user: TestUser, db: AppDb, extra: Partial<SyncEngineOptions> = {}) =>
    createSyncEngine({ db, userId: user.id, remote: remoteFor(user.client), realtimeTables: [], pushDebounceMs: 60_000, pullDebounceMs: 60_000, backoff: { baseMs: 10, capMs: 50 }, ...extra });

  /** One start-up sync: start, full pull (and the reconciliation after it), stop. */
  async function startUpSync(user: TestUser, db: AppDb, extra: Partial<SyncEngineOptions> = {}): Promise<void> {
    const engine = engineFor(user, db, extra);
    await engine.start();
    await engine.pullNow();
    await engine.stop();
  }

  async function listing(name: string): Promise<string> {
    const { data, error } = await host.client.from('properties').insert({ host_id: host.id, name, city: 'Lisbon', country: 'Portugal', price_per_week: 300 }).select('id').single();
    if (error) throw error;
    return (data as { id: string }).id;
  }

  async function exploreCache(db: AppDb, ids: string[]): Promise<void> {
    // What Explore does with search results: fetched online, stored through the merge rule.
    const { data, error } = await guest.client.from('properties').select('*').in('id', ids);
    if (error) throw error;
    const engine = engineFor(guest, db);
    await engine.cacheServerRows('properties', data as Record<string, unknown>[]);
  }

  async function insertMessage(sender: TestUser, row: Record<string, unknown>): Promise<string> {
    const id = randomUUID();
    const { error } = await sender.client.from('messages').insert({ id, sender_id: sender.id, text: `message ${id.slice(0, 8)}`, ...row });
    if (error) throw error;
    return id;
  }

  beforeAll(async () => {
    t = await startTestServer({ engine: engineKind });
    host = await t.signUp(`host-${randomUUID().slice(0, 8)}@example.com`, 'correct-horse-battery-1', { full_name: 'Hana Host', role: 'host' });
    guest = await t.signUp(`guest-${randomUUID().slice(0, 8)}@example.com`, 'correct-horse-battery-1', { full_name: 'Gil Guest', role: 'guest' });
    houseId = await listing('Casa Comum');
    const room = await host.client.from('rooms').insert({ property_id: houseId, name: 'Room 1', price_per_week: 300 }).select('id').single();
    if (room.error) throw room.error;
    roomId = (room.data as { id: string }).id;
    // A current stay (written as the payment functions would): the guest is a house member.
    const booking = await t.service().from('bookings').insert({
      user_id: guest.id, property_id: houseId, room_id: roomId, check_in: inDays(-10), check_out: inDays(50),
      total_price: 2400, status: 'accepted', guest_email: guest.email, stripe_payment_intent_id: `pi_scope_${randomUUID().slice(0, 8)}`,
    }).select('id').single();
    if (booking.error) throw booking.error;
    bookingId = (booking.data as { id: string }).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('removes an Explore listing its host deleted, keeps the listings still visible (start-up sync)', async () => {
    const [gone, kept] = [await listing('Soon Gone'), await listing('Still Here')];
    const db = freshDb(guest);
    await exploreCache(db, [gone, kept]);
    await startUpSync(guest, db);
    expect((await db.properties.bulkGet([gone, kept])).map(Boolean)).toEqual([true, true]);

    // The host's delete is a tombstone only the host (and guests who booked it) can read.
    const { error } = await host.client.from('properties').delete().eq('id', gone);
    expect(error).toBeNull();
    await startUpSync(guest, db);

    expect(await db.properties.get(gone)).toBeUndefined();
    expect(await db.properties.get(kept)).toMatchObject({ id: kept, name: 'Still Here' });
    expect(await db.properties.get(houseId)).toBeDefined();
    db.close();
  });

  it('removes a message the service role hard-deleted after a reconnect, not after realtime pokes', async () => {
    const [gone, kept] = [
      await insertMessage(guest, { receiver_id: host.id, property_id: houseId, conversation_type: 'host_guest' }),
      await insertMessage(host, { receiver_id: guest.id, property_id: houseId, conversation_type: 'host_guest' }),
    ];
    const db = freshDb(guest);
    const { triggers, online } = manualTriggers();
    const engine = engineFor(guest, db, { triggers, reconcileIntervalMs: 0 });
    await engine.start();
    await engine.pullNow();
    expect((await db.messages.bulkGet([gone, kept])).map(Boolean)).toEqual([true, true]);

    const { error } = await t.service().from('messages').delete().eq('id', gone);
    expect(error).toBeNull();
    // A pull that is not a start-up or a reconnect (a realtime poke, an acknowledgement) removes nothing.
    await engine.pullNow();
    expect(await db.messages.get(gone)).toBeDefined();

    online();
    await until(async () => (await db.messages.get(gone)) === undefined);
    expect(await db.messages.get(kept)).toMatchObject({ id: kept });
    await engine.stop();
    db.close();
  });

  it('removes the house chat once the stay ended (the user\'s own messages too), keeps queued and failed writes', async () => {
    const fromHost = await insertMessage(host, { property_id: houseId, conversation_type: 'house' });
    const fromGuest = await insertMessage(guest, { property_id: houseId, conversation_type: 'house' });
    const direct = await insertMessage(host, { receiver_id: guest.id, property_id: houseId, conversation_type: 'host_guest' });
    const hardDeletedWithFailedWrite = await insertMessage(host, { receiver_id: guest.id, property_id: houseId, conversation_type: 'host_guest' });
    const db = freshDb(guest);
    await startUpSync(guest, db);
    expect((await db.messages.bulkGet([fromHost, fromGuest, direct, hardDeletedWithFailedWrite])).map(Boolean)).toEqual([true, true, true, true]);

    // Writes that never reached the server: a house message queued offline (its push fails on the
    // network) and a failed write held against a message the server then loses.
    const offline = engineFor(guest, db, { remote: { ...remoteFor(guest.client), upsert: () => Promise.reject(new RemoteError('network', 'offline')) } });
    const queued = await offline.run(sendMessage, { id: randomUUID(), conversationType: 'house', propertyId: houseId, text: 'queued while offline' });
    await db._outbox.add({
      id: randomUUID(), name: 'message.send@1', entity: 'messages', entityId: hardDeletedWithFailedWrite, args: {}, before: null,
      status: 'failed', attempts: 1, nextAttemptAt: 0, lastError: { kind: 'permanent', code: '42501', message: 'refused' }, createdAt: Date.now(),
    });
    expect((await t.service().from('messages').delete().eq('id', hardDeletedWithFailedWrite)).error).toBeNull();

    // The stay ends: the guest is no longer a house member.
    const ended = await t.service().from('bookings').update({ check_in: inDays(-90), check_out: inDays(-1), status: 'completed' }).eq('id', bookingId);
    expect(ended.error).toBeNull();
    await startUpSync(guest, db, { remote: { ...remoteFor(guest.client), upsert: () => Promise.reject(new RemoteError('network', 'offline')) } });

    expect(await db.messages.get(fromHost)).toBeUndefined();
    expect(await db.messages.get(fromGuest)).toBeUndefined();
    expect(await db.messages.get(direct)).toMatchObject({ id: direct });
    expect(await db.messages.get(queued.entityId)).toMatchObject({ _status: 'pending', text: 'queued while offline' });
    expect(await db.messages.get(hardDeletedWithFailedWrite)).toMatchObject({ id: hardDeletedWithFailedWrite });
    expect(await db.bookings.get(bookingId)).toMatchObject({ status: 'completed' });
    db.close();
  });

  it('covers a large mirror in one run: 1,300 messages, removals at both ends and the middle, a handful of requests', async () => {
    // More held rows than two runs of the id-by-id check took (600 a run). Held message rows of a
    // complete scope (the device holds every row the scope returns after a full pull) are checked by
    // counts over id ranges, split only where they differ (docs/decisions/reconcile-id-checks.md).
    const rows = Array.from({ length: 1_300 }, (_, index) => ({
      id: randomUUID(), sender_id: index % 2 ? guest.id : host.id, receiver_id: index % 2 ? host.id : guest.id,
      property_id: houseId, conversation_type: 'host_guest', text: `bulk ${index}`,
    }));
    for (let start = 0; start < rows.length; start += 650) {
      const { error } = await t.service().from('messages').insert(rows.slice(start, start + 650));
      expect(error).toBeNull();
    }
    const db = freshDb(guest);
    await startUpSync(guest, db);
    expect(await db.messages.where('id').anyOf(rows.map((row) => row.id)).count()).toBe(1_300);

    const requests: string[] = [];
    const base = remoteFor(guest.client);
    const counting: SyncRemote = {
      ...base,
      select: (query) => {
        if (query.select === 'id, version, deleted_at') requests.push(`${query.table} ids`);
        return base.select(query);
      },
      count: (query) => {
        requests.push(`${query.table} count`);
        return base.count(query);
      },
    };
    const sorted = rows.map((row) => row.id).sort();
    const gone = [sorted[0]!, sorted[650]!, sorted[1_299]!];
    expect((await t.service().from('messages').delete().in('id', gone)).error).toBeNull();
    await startUpSync(guest, db, { remote: counting });
    expect(await db.messages.bulkGet(gone)).toEqual([undefined, undefined, undefined]);
    expect(await db.messages.where('id').anyOf(rows.map((row) => row.id)).count()).toBe(1_297);
    // Checking every held row id by id takes 7 requests of 200 ids; the split sends ids of 3 short ranges only.
    const removalRun = requests.filter((request) => request.startsWith('messages'));
    expect(removalRun.filter((request) => request.endsWith('ids')).length).toBeLessThanOrEqual(6);
    expect(removalRun.length).toBeLessThanOrEqual(40);

    // Unchanged: one count per message scope that is not empty now, and no ids sent.
    requests.length = 0;
    await startUpSync(guest, db, { remote: counting });
    const unchangedRun = requests.filter((request) => request.startsWith('messages'));
    expect(unchangedRun.length).toBeGreaterThanOrEqual(1);
    expect(unchangedRun.length).toBeLessThanOrEqual(2);
    expect(unchangedRun.every((request) => request === 'messages count')).toBe(true);
    db.close();
  });

  it('checks at most the configured ids per table and run, in chunks, and goes on where it stopped', async () => {
    const db = freshDb(guest);
    const ids = [await listing('Chunk A'), await listing('Chunk B'), await listing('Chunk C')];
    await exploreCache(db, ids);
    const held = (await db.properties.toCollection().primaryKeys()).length;
    for (const id of ids) expect((await host.client.from('properties').delete().eq('id', id)).error).toBeNull();

    const selects: { table: string; ids: number }[] = [];
    const base = remoteFor(guest.client);
    const counting: SyncRemote = {
      ...base,
      select: (query) => {
        const idFilter = query.filters.find((filter) => filter.column === 'id' && filter.op === 'in');
        if (query.select === 'id, version, deleted_at' && idFilter?.op === 'in') selects.push({ table: query.table, ids: idFilter.value.length });
        return base.select(query);
      },
    };
    const options = { remote: counting, reconcile: { chunkSize: 2, maxIdsPerTable: 2 } };
    await startUpSync(guest, db, options);
    const propertySelects = selects.filter((s) => s.table === 'properties');
    expect(propertySelects.map((s) => s.ids)).toEqual([2]);
    // Enough runs to go round the table once more: every deleted listing is gone.
    for (let run = 0; run < held; run += 1) await startUpSync(guest, db, options);
    expect((await db.properties.bulkGet(ids)).filter(Boolean)).toEqual([]);
    expect(selects.every((s) => s.ids <= 2)).toBe(true);
    db.close();
  });
});
