// Slow resume: a write that failed while offline must not sit out the
// backoff it built up there once the network is back. The engine runs on a clock and triggers the test
// drives by hand, so "sent at once" means: sent without the clock moving a single millisecond.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDb, deleteAppDb } from '../../../src/db/db.ts';
import { RemoteError } from '../../../src/remote/errors.ts';
import type { RealtimeStatus, SyncRemote } from '../../../src/remote/sync-port.ts';
import { sendMessage } from '../../../src/sync/commands/message-send.ts';
import { AUTO_RESUME_INTERVAL_MS, createSyncEngine, type SyncEngine } from '../../../src/sync/engine.ts';
import { headOfQueue } from '../../../src/sync/outbox.ts';
import type { Clock, Triggers } from '../../../src/sync/ports.ts';
import { createMemoryRemote, createMemoryServer, type Fault, type MemoryServer } from './support/memory-remote.ts';
import { until } from '../local/support/wait.ts';

/** A clock that only moves when told to; timers are recorded, never run (the test asks for pushes itself). */
function manualClock(start = Date.UTC(2025, 5, 1, 12)) {
  let now = start;
  const clock: Clock = { now: () => now, setTimeout: () => () => {} };
  return { clock, advance: (ms: number) => void (now += Math.max(0, ms)) };
}

type Signal = 'online' | 'offline' | 'visible';

function manualTriggers() {
  const listeners = new Map<Signal, Set<() => void>>();
  const on = (signal: Signal) => (listener: () => void) => {
    const set = listeners.get(signal) ?? new Set();
    listeners.set(signal, set.add(listener));
    return () => void set.delete(listener);
  };
  const triggers: Triggers = { isOnline: () => true, onOnline: on('online'), onOffline: on('offline'), onVisible: on('visible') };
  return { triggers, fire: (signal: Signal) => listeners.get(signal)?.forEach((listener) => listener()) };
}

/**
 * The memory server behind a connection the test switches: while down, every request fails as fetch
 * does offline; `writeFault` scripts what an answered write does (a 5xx, for the control case).
 */
function switchableRemote(server: MemoryServer) {
  const inner = createMemoryRemote(server, { faultFor: () => (state.isDown ? 'network-before-commit' : state.writeFault) });
  // The calls the engine makes once the connection is up; a test may wrap them to watch their order.
  const remoteCalls: Pick<SyncRemote, 'upsert' | 'select' | 'rpc'> = { upsert: inner.upsert, select: inner.select, rpc: inner.rpc };
  const state = { isDown: true, writeFault: 'none' as Fault, realtimeStatus: null as ((status: RealtimeStatus) => void) | null, remoteCalls };
  const down = () => Promise.reject(new RemoteError('network', 'Failed to fetch'));
  const remote: SyncRemote = {
    ...inner,
    upsert: (table, rows, options) => remoteCalls.upsert(table, rows, options),
    select: (query) => (state.isDown ? down() : remoteCalls.select(query)),
    rpc: (fn, args) => (state.isDown ? down() : remoteCalls.rpc(fn, args)),
    subscribe(spec) {
      state.realtimeStatus = spec.onStatus;
      return { unsubscribe: async () => {} };
    },
  };
  return { remote, state };
}

const userId = randomUUID();
const propertyId = randomUUID();
const opened: { db: AppDb; engine: SyncEngine }[] = [];

async function setUp() {
  const server = createMemoryServer();
  const { remote, state } = switchableRemote(server);
  const time = manualClock();
  const signals = manualTriggers();
  const db = new AppDb(userId, { name: `resume-${randomUUID()}` });
  // random 0.99: each backoff is near its ceiling (1, 2, 4, … 60 s), so it grows as fast as it can.
  const engine = createSyncEngine({
    db, userId, remote, clock: time.clock, triggers: signals.triggers, random: () => 0.99,
    scopes: [], realtimeTables: ['messages'], pushDebounceMs: 0, pullDebounceMs: 60_000,
  });
  opened.push({ db, engine });
  await engine.start();
  const delivered = () => server.tables.get('messages')?.size ?? 0;
  return { server, state, time, signals, db, engine, delivered };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

/** Queues a message offline and lets the engine fail until the head waits `minWaitMs` or more. */
async function backOffWhileOffline(t: Setup, minWaitMs: number): Promise<{ wait: number; attempts: number }> {
  await t.engine.run(sendMessage, { id: randomUUID(), conversationType: 'house', propertyId, text: 'written offline' });
  for (let round = 0; round < 20; round += 1) {
    await t.engine.pushNow();
    const head = (await headOfQueue(t.db))!;
    const wait = head.nextAttemptAt - t.time.clock.now();
    if (wait >= minWaitMs) return { wait, attempts: head.attempts };
    // The backoff runs out while still offline: the next attempt fails again and waits longer.
    t.time.advance(wait);
  }
  throw new Error('the backoff never grew');
}

afterEach(async () => {
  for (const { db, engine } of opened.splice(0)) {
    await engine.stop();
    db.close();
    await deleteAppDb(db.name);
  }
});

describe('resume after reconnect', () => {
  it('a write that backed off for 40 s while offline is sent at once on the online signal', async () => {
    const t = await setUp();
    const { wait, attempts } = await backOffWhileOffline(t, 40_000);
    expect(wait).toBeGreaterThanOrEqual(40_000);
    expect(attempts).toBeGreaterThanOrEqual(6);

    // The connection is back but nobody said so: the queue honours its backoff and sends nothing.
    t.state.isDown = false;
    await t.engine.pushNow();
    expect(t.delivered()).toBe(0);

    // `online`: sent without the clock moving at all (before, it waited out the remaining 40+ s).
    const before = t.time.clock.now();
    t.signals.fire('online');
    await until(async () => t.delivered() === 1 && (await t.db._outbox.count()) === 0);
    expect(t.time.clock.now()).toBe(before);
    expect(t.engine.status.get().isOnline).toBe(true);
  });

  it.each([
    ['the app becoming visible', (t: Setup) => t.signals.fire('visible')],
    ['a realtime rejoin', (t: Setup) => t.state.realtimeStatus?.('SUBSCRIBED')],
    ['a pull that went through', (t: Setup) => void t.engine.pullNow()],
  ])('%s sends it at once too', async (_name, signal) => {
    const t = await setUp();
    await backOffWhileOffline(t, 30_000);
    t.state.isDown = false;
    signal(t);
    await until(() => t.delivered() === 1);
  });

  it.each([
    ['`online`', (t: Setup) => t.signals.fire('online')],
    ['a realtime rejoin', (t: Setup) => t.state.realtimeStatus?.('SUBSCRIBED')],
  ])('on %s the queued writes go first: the pull starts once they are acknowledged', async (_name, signal) => {
    const t = await setUp();
    await backOffWhileOffline(t, 30_000);
    t.state.isDown = false;
    // Record the order of requests; hold the write's answer until the test lets it go.
    const requests: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { upsert, select, rpc } = t.state.remoteCalls;
    t.state.remoteCalls.upsert = async (...args) => {
      requests.push('write sent');
      await held;
      const rows = await upsert(...args);
      requests.push('write acknowledged');
      return rows;
    };
    t.state.remoteCalls.select = (query) => (requests.push(`read ${query.table}`), select(query));
    t.state.remoteCalls.rpc = (fn, args) => (requests.push(`read ${fn}`), rpc(fn, args));

    try {
      signal(t);
      await until(() => requests.includes('write sent'));
      // Reads started now would share the connection, the server and the main thread with the write.
      expect(requests).toEqual(['write sent']);
    } finally {
      release();
    }
    await until(() => t.delivered() === 1 && requests.some((request) => request.startsWith('read')));
    expect(requests.slice(0, 3)).toEqual(['write sent', 'write acknowledged', 'read get_conversation_summaries']);
  });

  it('after resuming, a new network failure backs off from the start again (not from a minute)', async () => {
    const t = await setUp();
    await backOffWhileOffline(t, 40_000);
    // `online` fires, but the first request still finds no network (the link is not quite up yet).
    t.signals.fire('online');
    await until(async () => (await headOfQueue(t.db))!.attempts === 1);
    const head = (await headOfQueue(t.db))!;
    expect(head.nextAttemptAt - t.time.clock.now()).toBeLessThan(1_000);
  });

  it('a write that keeps failing as "network" while pulls work still backs off (one automatic resume per 30 s)', async () => {
    const t = await setUp();
    await backOffWhileOffline(t, 30_000);
    // Reads work again, but this write keeps getting dropped on the way (a proxy, a captive portal).
    t.state.isDown = false;
    t.state.writeFault = 'network-before-commit';
    await t.engine.pullNow();
    await until(async () => (await headOfQueue(t.db))!.attempts === 1);
    const first = (await headOfQueue(t.db))!;
    // Pulls keep going through (realtime traffic): they do not reset it again right away.
    for (let i = 0; i < 3; i += 1) {
      t.time.advance(1_000);
      await t.engine.pullNow();
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await headOfQueue(t.db))!).toMatchObject({ attempts: 1, nextAttemptAt: first.nextAttemptAt });
    // `online` always resumes; so does a pull once the interval has passed.
    t.time.advance(AUTO_RESUME_INTERVAL_MS);
    const resumedAt = t.time.clock.now();
    await t.engine.pullNow();
    // Made due at once and tried again: one failed attempt, counted from the start.
    await until(async () => {
      const head = (await headOfQueue(t.db))!;
      return head.attempts === 1 && head.nextAttemptAt >= resumedAt;
    });
  });

  it('keeps the backoff the server asked for: a 5xx is not retried sooner on `online`', async () => {
    const t = await setUp();
    t.state.isDown = false;
    t.state.writeFault = 'server-error';
    await t.engine.run(sendMessage, { id: randomUUID(), conversationType: 'house', propertyId, text: 'server busy' });
    for (let round = 0; round < 4; round += 1) {
      await t.engine.pushNow();
      t.time.advance((await headOfQueue(t.db))!.nextAttemptAt - t.time.clock.now());
    }
    await t.engine.pushNow();
    const waiting = (await headOfQueue(t.db))!;
    expect(waiting.lastError?.kind).toBe('server');
    expect(waiting.nextAttemptAt).toBeGreaterThan(t.time.clock.now());

    t.state.writeFault = 'none';
    t.signals.fire('online');
    await t.engine.resumeNow();
    expect(t.delivered()).toBe(0);
    expect((await headOfQueue(t.db))!.nextAttemptAt).toBe(waiting.nextAttemptAt);
    // It goes once its own wait is over.
    t.time.advance(waiting.nextAttemptAt - t.time.clock.now());
    await t.engine.pushNow();
    expect(t.delivered()).toBe(1);
  });
});
