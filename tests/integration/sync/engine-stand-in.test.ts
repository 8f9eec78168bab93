// The sync engine with real Dexie (on fake-indexeddb) against the real stand-in server in-process:
// supabase-js over HTTP and WebSocket, Postgres RLS, triggers and realtime.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../../supabase/local/src/keys.ts';
import { AppDb } from '../../../src/db/db.ts';
import { listConversationMessages } from '../../../src/db/queries/messages.ts';
import { directConversationKey } from '../../../src/db/conversation-key.ts';
import { RemoteError } from '../../../src/remote/errors.ts';
import type { RealtimeSpec, SyncRemote } from '../../../src/remote/sync-port.ts';
import { createSupabaseSyncRemote } from '../../../src/remote/sync-remote.ts';
import { sendMessage } from '../../../src/sync/commands/message-send.ts';
import { createSyncEngine, type SyncEngineOptions } from '../../../src/sync/engine.ts';
import { enqueue, headOfQueue, markSending } from '../../../src/sync/outbox.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';
import { until } from '../local/support/wait.ts';

describe.each(testEngines)('sync engine against the stand-in on %s', (engineKind) => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let propertyId: string;

  const remoteFor = (client: SupabaseClient): SyncRemote => createSupabaseSyncRemote(() => Promise.resolve(client));
  const freshDb = (user: TestUser) => new AppDb(user.id, { name: `stand-in-${randomUUID()}` });
  const engineFor = (user: TestUser, db: AppDb, remote: SyncRemote, extra: Partial<SyncEngineOptions> = {}) =>
    createSyncEngine({ db, userId: user.id, remote, realtimeTables: [], pushDebounceMs: 60_000, pullDebounceMs: 60_000, backoff: { baseMs: 10, capMs: 50 }, ...extra });
  const toBob = (text: string, id = randomUUID()) => ({ id, conversationType: 'host_guest' as const, receiverId: bob.id, propertyId, text });

  async function serverMessagesFrom(sender: TestUser): Promise<{ id: string; text: string }[]> {
    const { data, error } = await t.service().from('messages').select('id, text').eq('sender_id', sender.id).order('created_at').order('id');
    if (error) throw error;
    return data as { id: string; text: string }[];
  }

  /** Every queued message is on the server once, in the order it was written, and none is left to send. */
  async function expectAllSentInOrder(db: AppDb, queued: readonly { id: string }[]): Promise<void> {
    const ids = queued.map((m) => m.id);
    expect((await serverMessagesFrom(alice)).map((m) => m.id).filter((id) => ids.includes(id))).toEqual(ids);
    expect(await db._outbox.count()).toBe(0);
    expect((await db.messages.bulkGet(ids)).every((row) => row && row._status === undefined)).toBe(true);
  }

  beforeAll(async () => {
    t = await startTestServer({ engine: engineKind });
    [alice, bob, carol] = await Promise.all([t.signUp('alice@example.com'), t.signUp('bob@example.com'), t.signUp('carol@example.com')]);
    // Bob hosts a listing, so guests may write to him (can_message).
    const { data, error } = await t.service().from('properties').insert({ host_id: bob.id, name: 'Casa Azul', city: 'Lisbon', country: 'Portugal' }).select('id').single();
    if (error) throw error;
    propertyId = (data as { id: string }).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('enqueues atomically: a failing step leaves neither the optimistic row nor the entry', async () => {
    const db = freshDb(alice);
    const ctx = { userId: alice.id, nowIso: new Date().toISOString() };
    const first = await enqueue(db, sendMessage, toBob('first'), ctx, 'entry-1', Date.now());
    const second = toBob('second');
    // A duplicate entry id violates the outbox's unique index inside the transaction.
    await expect(enqueue(db, sendMessage, second, ctx, 'entry-1', Date.now())).rejects.toThrow();
    expect(await db.messages.get(second.id)).toBeUndefined();
    // Invalid args never reach the database.
    await expect(enqueue(db, sendMessage, { ...toBob('   '), text: '   ' }, ctx, 'entry-2', Date.now())).rejects.toThrow();
    expect(await db._outbox.count()).toBe(1);
    expect((await db.messages.get((first.args as { id: string }).id))?._status).toBe('pending');
    db.close();
  });

  it('replays an entry left "sending" by a crash without duplicating it, in order', async () => {
    const name = `stand-in-${randomUUID()}`;
    const db = new AppDb(alice.id, { name });
    const offline = engineFor(alice, db, remoteFor(alice.client));
    const args = [toBob('crash 1'), toBob('crash 2'), toBob('crash 3')];
    for (const arg of args) await offline.run(sendMessage, arg);
    // The first send reached the server, then the tab died before the acknowledgement was stored.
    const head = (await headOfQueue(db))!;
    await markSending(db, [head]);
    await sendMessage.push(remoteFor(alice.client), head.args as never, { userId: alice.id, nowIso: '' });
    db.close();

    const reopened = new AppDb(alice.id, { name });
    const engine = engineFor(alice, reopened, remoteFor(alice.client));
    await engine.start();
    await engine.pushNow();
    await engine.pullNow();
    await engine.stop();

    const onServer = (await serverMessagesFrom(alice)).filter((m) => args.some((a) => a.id === m.id));
    expect(onServer.map((m) => m.id)).toEqual(args.map((a) => a.id));
    expect(await reopened._outbox.count()).toBe(0);
    const local = await listConversationMessages(reopened, directConversationKey(bob.id));
    const mine = local.filter((m) => args.some((a) => a.id === m.id));
    expect(mine.map((m) => [m._status, m._v])).toEqual(args.map(() => [undefined, 1]));
    reopened.close();
  });

  it('marks a permanently refused write failed and still sends the ones after it', async () => {
    const db = freshDb(alice);
    const engine = engineFor(alice, db, remoteFor(alice.client));
    // Carol is neither a host nor a contact: RLS refuses the insert (42501, permanent).
    // All four go in one batch; the server refuses the batch, and the engine then sends them one by one.
    const refused = { id: randomUUID(), conversationType: 'guest_guest' as const, receiverId: carol.id, text: 'hello stranger' };
    const earlier = [toBob('before the refused one 1'), toBob('before the refused one 2')];
    const later = toBob('after the refused one');
    for (const message of [...earlier, refused, later]) await engine.run(sendMessage, message);
    await engine.start();
    await engine.pushNow();

    const delivered = (await serverMessagesFrom(alice)).map((m) => m.id);
    const sent: string[] = [...earlier, later].map((m) => m.id);
    expect(delivered.filter((id) => sent.includes(id))).toEqual(sent);
    expect(delivered).not.toContain(refused.id);
    const failed = await db.messages.get(refused.id);
    expect(failed?._status).toBe('failed');
    await until(() => engine.status.get().failedCount === 1);
    const [entry] = await db._outbox.toArray();
    expect(entry).toMatchObject({ status: 'failed', lastError: { kind: 'permanent', code: '42501' } });

    // Delete drops the entry and the bubble.
    expect(await engine.discardRow('messages', refused.id)).toBe(true);
    expect(await db.messages.get(refused.id)).toBeUndefined();
    expect(await db._outbox.count()).toBe(0);
    await engine.stop();
    db.close();
  });

  it('sends a long queue in order, at most 100 messages per request, each exactly once', async () => {
    const db = freshDb(alice);
    const base = remoteFor(alice.client);
    const batchSizes: number[] = [];
    const remote: SyncRemote = {
      ...base,
      upsert: (table, rows, options) => {
        batchSizes.push(rows.length);
        return base.upsert(table, rows, options);
      },
    };
    const engine = engineFor(alice, db, remote);
    const queued = Array.from({ length: 250 }, (_, i) => toBob(`queued ${i}`));
    for (const message of queued) await engine.run(sendMessage, message);
    await engine.start();
    await engine.pushNow();

    expect(batchSizes).toEqual([100, 100, 50]);
    await expectAllSentInOrder(db, queued);
    await engine.stop();
    db.close();
  });

  it('sends the next batch as soon as one is answered and stores the acknowledgement while it is out, in order, each exactly once', async () => {
    const db = freshDb(alice);
    const base = remoteFor(alice.client);
    // What happens, in order: a request leaving, the outbox entries of an answered batch removed (one event per batch).
    const events: string[] = [];
    db._outbox.hook('deleting', () => {
      if (events.at(-1) !== 'acknowledged') events.push('acknowledged');
    });
    const remote: SyncRemote = {
      ...base,
      upsert: (table, rows, options) => {
        events.push(`request of ${rows.length}`);
        return base.upsert(table, rows, options);
      },
    };
    const engine = engineFor(alice, db, remote);
    const queued = Array.from({ length: 250 }, (_, i) => toBob(`pipelined ${i}`));
    for (const message of queued) await engine.run(sendMessage, message);
    await engine.start();
    await engine.pushNow();

    expect(events).toEqual(['request of 100', 'request of 100', 'acknowledged', 'request of 50', 'acknowledged']);
    await expectAllSentInOrder(db, queued);
    await engine.stop();
    db.close();
  });

  it('puts the batch prepared behind one that fails for the network back in the queue, and sends all in order once', async () => {
    const db = freshDb(alice);
    const base = remoteFor(alice.client);
    let requests = 0;
    const remote: SyncRemote = {
      ...base,
      async upsert(table, rows, options) {
        requests += 1;
        // The second batch is lost on the way (the third is prepared behind it meanwhile).
        if (requests === 2) throw new RemoteError('network', 'Failed to fetch');
        return base.upsert(table, rows, options);
      },
    };
    // A backoff that outlasts the test: the rest goes when the network is back (resumeNow).
    const engine = engineFor(alice, db, remote, { backoff: { baseMs: 600_000, capMs: 600_000 } });
    const queued = Array.from({ length: 250 }, (_, i) => toBob(`lost ${i}`));
    for (const message of queued) await engine.run(sendMessage, message);
    await engine.start();
    await engine.pushNow();
    expect(new Set((await db._outbox.toArray()).map((entry) => entry.status))).toEqual(new Set(['queued']));
    expect(await db._outbox.count()).toBe(150);

    await engine.resumeNow();
    await expectAllSentInOrder(db, queued);
    await engine.stop();
    db.close();
  });

  it('puts the batch prepared behind a refused one back in the queue: only the refused message fails, the rest go in order', async () => {
    const db = freshDb(alice);
    const engine = engineFor(alice, db, remoteFor(alice.client));
    // Carol is neither a host nor a contact: RLS refuses the message, and with it the first batch.
    const refused = { id: randomUUID(), conversationType: 'guest_guest' as const, receiverId: carol.id, text: 'refused in the first batch' };
    const queued = Array.from({ length: 150 }, (_, i) => (i === 50 ? refused : toBob(`around the refused one ${i}`)));
    for (const message of queued) await engine.run(sendMessage, message);
    await engine.start();
    await engine.pushNow();

    const sent: string[] = queued.filter((m) => m !== refused).map((m) => m.id);
    expect((await serverMessagesFrom(alice)).map((m) => m.id).filter((id) => id === refused.id || sent.includes(id))).toEqual(sent);
    expect((await db._outbox.toArray()).map((entry) => [entry.entityId, entry.status])).toEqual([[refused.id, 'failed']]);
    expect((await db.messages.get(refused.id))?._status).toBe('failed');
    await engine.stop();
    db.close();
  });

  it('on 401 (expired JWT) refreshes the session and retries without failing the write', async () => {
    const expired = await signAccessToken(t.server.keys, { sub: alice.id, email: alice.email, role: 'authenticated', aud: 'authenticated', aal: 'aal1', session_id: randomUUID() }, -60);
    let client = t.withToken(expired);
    let refreshes = 0;
    // Reads and realtime use a valid session; only the write carries the expired token, so the one
    // refresh counted here is the push path's (the start-up pull would otherwise race it for the 401).
    const writes = createSupabaseSyncRemote(() => Promise.resolve(client));
    const remote: SyncRemote = {
      ...createSupabaseSyncRemote(() => Promise.resolve(alice.client)),
      upsert: (table, rows, options) => writes.upsert(table, rows, options),
      async refreshSession() {
        refreshes += 1;
        client = alice.client;
        return 'refreshed';
      },
    };
    const db = freshDb(alice);
    const engine = engineFor(alice, db, remote);
    const message = toBob('sent after a refresh');
    await engine.run(sendMessage, message);
    await engine.start();
    await engine.pushNow();
    expect(refreshes).toBe(1);
    expect((await serverMessagesFrom(alice)).some((m) => m.id === message.id)).toBe(true);
    expect(await db._outbox.count()).toBe(0);
    await engine.stop();
    db.close();
  });

  it('applies realtime rows, and after a realtime drop during writes a catch-up pull leaves no row missing', async () => {
    await alice.client.realtime.setAuth(alice.accessToken);
    // A subscription we can cut: while "dropped", rows are lost as on a real broken socket.
    let isDropped = false;
    let statusListener: RealtimeSpec['onStatus'] = () => {};
    const base = remoteFor(alice.client);
    const remote: SyncRemote = {
      ...base,
      subscribe(spec) {
        statusListener = spec.onStatus;
        return base.subscribe({ ...spec, onRow: (table, row) => (isDropped ? undefined : spec.onRow(table, row)) });
      },
    };
    const db = freshDb(alice);
    let subscribedCount = 0;
    const engine = engineFor(alice, db, {
      ...remote,
      subscribe: (spec) => remote.subscribe({ ...spec, onStatus: (s) => { if (s === 'SUBSCRIBED') subscribedCount += 1; spec.onStatus(s); } }),
    }, { realtimeTables: ['messages', 'bookings'] });
    await engine.start();
    await until(() => subscribedCount === 1);
    await engine.pullNow();
    const conversation = directConversationKey(bob.id);

    // Live: bob's reply arrives through realtime alone (pokes are 60 s away).
    const live = randomUUID();
    const { error } = await bob.client.from('messages').insert({ id: live, sender_id: bob.id, receiver_id: alice.id, conversation_type: 'host_guest', property_id: propertyId, text: 'live reply' });
    expect(error).toBeNull();
    await until(async () => (await db.messages.get(live)) !== undefined);

    // Dropped: bob writes, alice writes; nothing arrives.
    isDropped = true;
    const missed: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const id = randomUUID();
      missed.push(id);
      const insert = await bob.client.from('messages').insert({ id, sender_id: bob.id, receiver_id: alice.id, conversation_type: 'host_guest', property_id: propertyId, text: `while dropped ${i}` });
      expect(insert.error).toBeNull();
    }
    const mine = [toBob('mine during drop 1'), toBob('mine during drop 2')];
    for (const arg of mine) await engine.run(sendMessage, arg);
    await engine.pushNow();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await db.messages.get(missed[0]!)).toBeUndefined();

    // Rejoin: SUBSCRIBED again → catch-up pull.
    isDropped = false;
    statusListener('SUBSCRIBED');
    await until(async () => (await db.messages.bulkGet(missed)).every(Boolean));

    const { data: visible } = await alice.client.from('messages').select('id').or(`sender_id.eq.${bob.id},receiver_id.eq.${bob.id}`).limit(1000);
    const local = await listConversationMessages(db, conversation, 1000);
    const localIds = new Set(local.map((m) => m.id));
    const missing = (visible as { id: string }[]).filter((m) => !localIds.has(m.id));
    expect(missing).toEqual([]);
    expect(local.every((m) => m._status === undefined)).toBe(true);
    await engine.stop();
    db.close();
  });
});
