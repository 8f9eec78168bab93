// The local-first engine: one serial pusher for the outbox (push-loop.ts), catch-up pulls and reconciliation
// (pull-loop.ts), realtime merged through the same merge rule (realtime-rows.ts). This module wires them to
// the triggers (online, offline, visible) and gives the app its API. DOM-free and React-free; everything it
// touches is injected (engine-state.ts).
import { countOutbox } from '../db/queries/outbox.ts';
import type { AppDb } from '../db/db.ts';
import type { OutboxEntity, OutboxEntry, SyncedTableName } from '../db/tables.ts';
import type { ServerRecord } from '../remote/sync-port.ts';
import { applyServerRows } from './apply-server-rows.ts';
import type { AnyCommand, Command, SyncNotice } from './commands/command.ts';
import { engineTimer } from './engine-jobs.ts';
import { commandContext, createEngineState, shapeContext, type SyncEngineOptions } from './engine-state.ts';
import { discardEntry, enqueue, latestEntryFor, resetInFlight, retryEntry } from './outbox.ts';
import { createPullLoop } from './pull-loop.ts';
import { AUTO_RESUME_INTERVAL_MS, createPushLoop } from './push-loop.ts';
import type { SyncLogger } from './ports.ts';
import { createRealtimeRows } from './realtime-rows.ts';
import type { StatusStore } from './status.ts';

export { AUTO_RESUME_INTERVAL_MS, type SyncEngineOptions };

/** How long a reconnect's pull waits at most for the queued writes to be answered. */
const RECONNECT_PULL_LATEST_MS = 5_000;

export interface SyncEngine {
  readonly db: AppDb;
  readonly userId: string;
  readonly status: StatusStore;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Validates, writes optimistically and queues; resolves once stored locally (not once sent). */
  run<A>(command: Command<A>, args: unknown): Promise<OutboxEntry>;
  retry(entryId: string): Promise<boolean>;
  discard(entryId: string): Promise<boolean>;
  /** Retry / Delete by the row a user sees (a message bubble): its latest outbox entry. */
  retryRow(entity: OutboxEntity, entityId: string): Promise<boolean>;
  discardRow(entity: OutboxEntity, entityId: string): Promise<boolean>;
  /** Sends queued writes until the queue is empty or blocked by a retryable failure. */
  pushNow(): Promise<void>;
  /**
   * The network is back: writes that were backing off after network failures are due at once and
   * the queue is pushed now (what `online`, return to the tab, a realtime rejoin and a pull that
   * went through do by themselves).
   */
  resumeNow(): Promise<void>;
  /** Catch-up pull of every scope and the inbox. */
  pullNow(): Promise<void>;
  /**
   * Pulls just the user's own profile row and role, without waiting for a full pull in progress (a
   * page waiting for a row the account setup has only just created).
   */
  pullOwnProfileNow(): Promise<void>;
  /** Stores rows a feature fetched online (search results, a viewed property) through the merge rule. */
  cacheServerRows(table: SyncedTableName, rows: readonly ServerRecord[]): Promise<void>;
  /** What acknowledged writes report to the user (a profile field kept from another device). */
  subscribeNotices(listener: (notice: SyncNotice) => void): () => void;
}

/** What acknowledged writes report, to every listener (one failing listener does not stop the others). */
function noticeChannel(logger: SyncLogger) {
  const listeners = new Set<(notice: SyncNotice) => void>();
  return {
    emit(notice: SyncNotice) {
      for (const listener of listeners) {
        try {
          listener(notice);
        } catch (error) {
          logger.warn('A notice listener failed', error);
        }
      }
    },
    subscribe(listener: (notice: SyncNotice) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const state = createEngineState(options);
  const { db, userId, clock, logger, registry, status, triggers } = state;
  const cleanups: (() => void)[] = [];
  let realtime: { unsubscribe(): Promise<void> } | null = null;

  const notices = noticeChannel(logger);

  // Counts are re-read (debounced) after this tab changes the outbox and when the app becomes
  // visible, rather than by a live query that would recount the queue on every single write.
  const countTimer = engineTimer(clock);
  function refreshCounts() {
    countTimer.set(state.countDebounceMs, () => {
      countOutbox(db)
        .then((counts) => status.set({ pendingCount: counts.pending, failedCount: counts.failed }))
        .catch((error: unknown) => logger.warn('Outbox count failed', error));
    });
  }

  const push = createPushLoop(state, { onAcknowledged: () => pull.schedule(state.pullDebounceMs), emitNotice: notices.emit, refreshCounts });
  const pull = createPullLoop(state, { onServerAnswered: () => void push.resumeWrites({ isAutomatic: true }) });
  const realtimeRows = createRealtimeRows(state, {
    onRowReceived: () => pull.schedule(state.pullDebounceMs),
    onSubscribed() {
      pull.requestReconcile();
      push.schedule(0);
      void pullAfterPush(push.resumeWrites({ isAutomatic: true }));
    },
  });

  // On a reconnect the queued writes go first and the pull (with its reconciliation) follows once they are
  // answered: started together they shared the connection, the server and the main thread, and the writes
  // waited for pulled pages to be stored (docs/decisions/reconnect-sends-at-once.md). A push that hangs
  // holds the pull back by RECONNECT_PULL_LATEST_MS at most.
  async function pullAfterPush(resumed: Promise<void>): Promise<void> {
    pull.schedule(RECONNECT_PULL_LATEST_MS);
    await resumed;
    await push.idle();
    pull.clearTimer();
    pull.schedule(0);
  }

  async function entryCommand(entryId: string): Promise<AnyCommand | undefined> {
    const entry = await db._outbox.where('id').equals(entryId).first();
    return entry ? registry.get(entry.name) : undefined;
  }

  const engine: SyncEngine = {
    db,
    userId,
    status,

    async start() {
      if (!state.isStopped) return;
      state.isStopped = false;
      await resetInFlight(db);
      const lastSynced = await db._sync_state.get('meta:last-synced');
      status.set({ lastSyncedAt: lastSynced?.lastPulledAt ?? null });
      refreshCounts();
      cleanups.push(triggers.onOnline(() => {
        status.set({ isOnline: true });
        pull.requestReconcile();
        void pullAfterPush(push.resumeWrites());
      }));
      cleanups.push(triggers.onOffline(() => status.set({ isOnline: false })));
      cleanups.push(triggers.onVisible(() => {
        refreshCounts();
        void push.resumeWrites();
        pull.schedule(0);
      }));
      pull.requestReconcile({ isStartup: true });
      if (state.realtimeTables.length) realtime = state.remote.subscribe({ tables: state.realtimeTables, onRow: realtimeRows.onRow, onStatus: realtimeRows.onStatus });
      push.schedule(0);
      pull.schedule(0);
    },

    async stop() {
      state.isStopped = true;
      push.clearTimer();
      pull.clearTimer();
      countTimer.clear();
      for (const cleanup of cleanups.splice(0)) cleanup();
      const subscription = realtime;
      realtime = null;
      await Promise.all([subscription?.unsubscribe(), push.idle(), pull.idle(), realtimeRows.idle()]);
    },

    async run(command, args) {
      const registered = registry.get(command.name);
      if (registered !== (command as unknown as AnyCommand)) throw new Error(`Command ${command.name} is not registered`);
      const entry = await enqueue(db, command, args, commandContext(state), state.newId(), clock.now());
      refreshCounts();
      push.schedule(state.pushDebounceMs);
      return entry;
    },

    async retry(entryId) {
      const command = await entryCommand(entryId);
      if (!command) return false;
      const isQueued = await retryEntry(db, entryId, command, commandContext(state), clock.now());
      refreshCounts();
      if (isQueued) push.schedule(0);
      return isQueued;
    },

    async discard(entryId) {
      const isDiscarded = await discardEntry(db, entryId, await entryCommand(entryId), commandContext(state));
      refreshCounts();
      return isDiscarded;
    },

    async retryRow(entity, entityId) {
      const entry = await latestEntryFor(db, entity, entityId);
      return entry ? engine.retry(entry.id) : false;
    },

    async discardRow(entity, entityId) {
      const entry = await latestEntryFor(db, entity, entityId);
      return entry ? engine.discard(entry.id) : false;
    },

    async pushNow() {
      push.clearTimer();
      await push.start();
    },

    resumeNow: () => push.resumeWrites(),

    async pullNow() {
      pull.clearTimer();
      await pull.start();
    },

    pullOwnProfileNow: () => pull.pullOwnProfile(),

    async cacheServerRows(table, rows) {
      await applyServerRows(db, table, rows, shapeContext(state));
    },

    subscribeNotices: notices.subscribe,
  };
  return engine;
}
