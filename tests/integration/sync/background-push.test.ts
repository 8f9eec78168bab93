// The service worker's Background Sync push (src/sync/background-push.ts) against the real stand-in
// in-process: real Dexie on fake-indexeddb for the user's AppDb and the mirrored session, postgrest-js
// with the stored access token over HTTP, Postgres RLS deciding what lands.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../../supabase/local/src/keys.ts';
import { AppDb, openAppDb } from '../../../src/db/db.ts';
import { countOutbox } from '../../../src/db/queries/outbox.ts';
import { readServiceWorkerSession, saveServiceWorkerSession, type ServiceWorkerSession } from '../../../src/db/sw-session.ts';
import { createFixedTokenSyncRemote } from '../../../src/remote/fixed-token-remote.ts';
import type { SyncRemote } from '../../../src/remote/sync-port.ts';
import { DEFAULT_BACKOFF } from '../../../src/sync/backoff.ts';
import { pushQueuedWrites, type BackgroundPushDeps } from '../../../src/sync/background-push.ts';
import { sendMessage } from '../../../src/sync/commands/message-send.ts';
import { createSyncEngine } from '../../../src/sync/engine.ts';
import { createLocalLocks } from '../../../src/sync/ports.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';

describe.each(testEngines)('Background Sync push against the stand-in on %s', (engineKind) => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let propertyId: string;

  const toBob = (text: string) => ({ id: randomUUID(), conversationType: 'host_guest' as const, receiverId: bob.id, propertyId, text });

  /** What the page leaves behind when closed offline: messages queued (not sent) in alice's AppDb. */
  async function queueOffline(texts: string[]): Promise<{ dbName: string; ids: string[] }> {
    const dbName = `bg-push-${randomUUID()}`;
    const db = new AppDb(alice.id, { name: dbName });
    const unreachable: SyncRemote = createFixedTokenSyncRemote({ accessToken: alice.accessToken, url: 'http://127.0.0.1:9', anonKey: t.server.keys.anonKey });
    // Never started: run() only stores the optimistic row and the outbox entry.
    const page = createSyncEngine({ db, userId: alice.id, remote: unreachable, realtimeTables: [], pushDebounceMs: 3_600_000, countDebounceMs: 0 });
    const ids: string[] = [];
    for (const text of texts) ids.push((await page.run(sendMessage, toBob(text))).entityId);
    await page.stop();
    db.close();
    return { dbName, ids };
  }

  /** The SW's wiring of pushFromServiceWorker, with test names and the stand-in's URL. */
  function deps(sessionStore: string, overrides: Partial<BackgroundPushDeps> = {}): BackgroundPushDeps & { opened: string[] } {
    const opened: string[] = [];
    return {
      opened,
      readSession: () => readServiceWorkerSession({ name: sessionStore }),
      openDb: (session) => {
        opened.push(session.dbName);
        return openAppDb(session.userId, { name: session.dbName });
      },
      createRemote: (session: ServiceWorkerSession) =>
        createFixedTokenSyncRemote({ accessToken: session.accessToken, url: t.url, anonKey: t.server.keys.anonKey }),
      locks: createLocalLocks(),
      engine: { backoff: { baseMs: 10, capMs: 50 } },
      ...overrides,
    };
  }

  async function serverCopies(ids: string[]): Promise<Map<string, number>> {
    const { data, error } = await t.service().from('messages').select('id').in('id', ids);
    if (error) throw error;
    const counts = new Map<string, number>();
    for (const { id } of data as { id: string }[]) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  }

  async function localState(dbName: string, ids: string[]) {
    const db = new AppDb(alice.id, { name: dbName });
    try {
      const rows = await db.messages.bulkGet(ids);
      return { outbox: await countOutbox(db), statuses: rows.map((row) => row?._status ?? (row ? 'sent' : 'missing')) };
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    t = await startTestServer({ engine: engineKind });
    [alice, bob] = await Promise.all([t.signUp('alice@example.com'), t.signUp('bob@example.com')]);
    const { data, error } = await t.service().from('properties').insert({ host_id: bob.id, name: 'Casa Azul', city: 'Lisbon', country: 'Portugal' }).select('id').single();
    if (error) throw error;
    propertyId = (data as { id: string }).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('with a valid stored token, sends the queued messages exactly once, after the backoff the page left', async () => {
    const { dbName, ids } = await queueOffline(['closed offline 1', 'closed offline 2', 'closed offline 3']);
    // The page's last attempts failed for the network: the head waits a little longer.
    const db = new AppDb(alice.id, { name: dbName });
    await db._outbox.toCollection().modify({ attempts: 3, nextAttemptAt: Date.now() + 400, lastError: { kind: 'network', code: null, message: 'Failed to fetch' } });
    db.close();
    const sessionStore = `sw-session-${randomUUID()}`;
    await saveServiceWorkerSession({ userId: alice.id, accessToken: alice.accessToken, expiresAt: Date.now() + 3_600_000, dbName }, { name: sessionStore });

    expect(await pushQueuedWrites(deps(sessionStore))).toBe('sent');
    const copies = await serverCopies(ids);
    expect(ids.map((id) => copies.get(id))).toEqual([1, 1, 1]);
    expect(await localState(dbName, ids)).toEqual({ outbox: { pending: 0, failed: 0 }, statuses: ['sent', 'sent', 'sent'] });

    // A second sync (the browser's, or a retry) finds nothing to do and sends nothing again.
    const again = deps(sessionStore);
    expect(await pushQueuedWrites(again)).toBe('nothing-queued');
    expect((await serverCopies(ids)).size).toBe(3);
  });

  it('with an expired stored token sends nothing and loses nothing (the page sends them when opened)', async () => {
    const { dbName, ids } = await queueOffline(['waits for the page']);
    const sessionStore = `sw-session-${randomUUID()}`;
    const expired = await signAccessToken(t.server.keys, { sub: alice.id, email: alice.email, role: 'authenticated', aud: 'authenticated', aal: 'aal1', session_id: randomUUID() }, -60);
    await saveServiceWorkerSession({ userId: alice.id, accessToken: expired, expiresAt: Date.now() - 60_000, dbName }, { name: sessionStore });
    const run = deps(sessionStore);
    expect(await pushQueuedWrites(run)).toBe('token-expired');
    expect(run.opened).toEqual([]);
    // Within the safety margin counts as expired too.
    await saveServiceWorkerSession({ userId: alice.id, accessToken: alice.accessToken, expiresAt: Date.now() + 30_000, dbName }, { name: sessionStore });
    expect(await pushQueuedWrites(deps(sessionStore))).toBe('token-expired');

    expect((await serverCopies(ids)).size).toBe(0);
    expect(await localState(dbName, ids)).toEqual({ outbox: { pending: 1, failed: 0 }, statuses: ['pending'] });
  });

  it('a token the server refuses (401) leaves the writes queued, not failed', async () => {
    const { dbName, ids } = await queueOffline(['refused token']);
    const sessionStore = `sw-session-${randomUUID()}`;
    const expired = await signAccessToken(t.server.keys, { sub: alice.id, email: alice.email, role: 'authenticated', aud: 'authenticated', aal: 'aal1', session_id: randomUUID() }, -60);
    // The record claims an hour left (a clock skew, a revoked session): the server has the last word.
    await saveServiceWorkerSession({ userId: alice.id, accessToken: expired, expiresAt: Date.now() + 3_600_000, dbName }, { name: sessionStore });
    expect(await pushQueuedWrites(deps(sessionStore))).toBe('rejected');
    expect((await serverCopies(ids)).size).toBe(0);
    expect(await localState(dbName, ids)).toEqual({ outbox: { pending: 1, failed: 0 }, statuses: ['pending'] });
  });

  it('still offline: reports incomplete (the browser retries the sync) and keeps the writes', async () => {
    const { dbName, ids } = await queueOffline(['no network yet']);
    const sessionStore = `sw-session-${randomUUID()}`;
    await saveServiceWorkerSession({ userId: alice.id, accessToken: alice.accessToken, expiresAt: Date.now() + 3_600_000, dbName }, { name: sessionStore });
    const offline = deps(sessionStore, {
      budgetMs: 600,
      createRemote: (session) => createFixedTokenSyncRemote({ accessToken: session.accessToken, url: 'http://127.0.0.1:9', anonKey: t.server.keys.anonKey }),
    });
    expect(await pushQueuedWrites(offline)).toBe('incomplete');
    expect(await localState(dbName, ids)).toEqual({ outbox: { pending: 1, failed: 0 }, statuses: ['pending'] });
    // The browser's retry, with the network back, delivers it.
    expect(await pushQueuedWrites(deps(sessionStore))).toBe('sent');
    expect((await serverCopies(ids)).get(ids[0]!)).toBe(1);
  });

  it('a backoff left after a server failure ends the run at once (incomplete), never waited out in the sync event', async () => {
    const { dbName, ids } = await queueOffline(['after a 5xx']);
    const db = new AppDb(alice.id, { name: dbName });
    // Near the backoff's cap, longer than this test may take: a run that sleeps through it times out.
    await db._outbox.toCollection().modify({ attempts: 7, nextAttemptAt: Date.now() + 55_000, lastError: { kind: 'server', code: null, message: 'HTTP 503' } });
    db.close();
    const sessionStore = `sw-session-${randomUUID()}`;
    await saveServiceWorkerSession({ userId: alice.id, accessToken: alice.accessToken, expiresAt: Date.now() + 7_200_000, dbName }, { name: sessionStore });
    expect(await pushQueuedWrites(deps(sessionStore, { budgetMs: 3_600_000, engine: { backoff: DEFAULT_BACKOFF } }))).toBe('incomplete');
    expect((await serverCopies(ids)).size).toBe(0);
    expect(await localState(dbName, ids)).toEqual({ outbox: { pending: 1, failed: 0 }, statuses: ['pending'] });
  });

  it('a stop (a new worker takes over) ends the run at once; the queue stays and is sent exactly once later', async () => {
    const { dbName, ids } = await queueOffline(['across an update 1', 'across an update 2']);
    const sessionStore = `sw-session-${randomUUID()}`;
    await saveServiceWorkerSession({ userId: alice.id, accessToken: alice.accessToken, expiresAt: Date.now() + 3_600_000, dbName }, { name: sessionStore });
    // SKIP_WAITING arrives just as the run asks for the push lock.
    const update = new AbortController();
    const inner = createLocalLocks();
    const locks = {
      request<T>(name: string, task: () => Promise<T>): Promise<T> {
        update.abort();
        return inner.request(name, task);
      },
    };
    expect(await pushQueuedWrites(deps(sessionStore, { locks, signal: update.signal }))).toBe('stopped');
    expect((await serverCopies(ids)).size).toBe(0);
    expect(await localState(dbName, ids)).toEqual({ outbox: { pending: 2, failed: 0 }, statuses: ['pending', 'pending'] });
    // A stopped worker starts no push at all, not even opening the database.
    const stopped = deps(sessionStore, { signal: update.signal });
    expect(await pushQueuedWrites(stopped)).toBe('stopped');
    expect(stopped.opened).toEqual([]);

    // The new worker's sync (or the page) sends them, once each.
    expect(await pushQueuedWrites(deps(sessionStore))).toBe('sent');
    const copies = await serverCopies(ids);
    expect(ids.map((id) => copies.get(id))).toEqual([1, 1]);
  });

  it('without a mirrored session (signed out, or never signed in here) does nothing', async () => {
    const run = deps(`sw-session-${randomUUID()}`);
    expect(await pushQueuedWrites(run)).toBe('no-session');
    expect(run.opened).toEqual([]);
  });
});
