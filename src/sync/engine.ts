// The local-first engine: one serial pusher for the outbox, catch-up pulls, realtime merged through
// the same merge rule. DOM-free and React-free; everything it touches is injected.
import * as v from 'valibot';
import type { AppDb } from '../db/db.ts';
import { countOutbox } from '../db/queries/outbox.ts';
import type { OutboxEntity, OutboxEntry, OutboxError, SyncedTableName } from '../db/tables.ts';
import { syncedTableNames } from '../db/tables.ts';
import { toDateOnly } from '../domain/stay-dates.ts';
import { RemoteError, toRemoteError } from '../remote/errors.ts';
import type { RealtimeStatus, ServerRecord, SyncRemote } from '../remote/sync-port.ts';
import { applyServerRows } from './apply-server-rows.ts';
import { DEFAULT_BACKOFF, retryDelay, type BackoffOptions } from './backoff.ts';
import type { AnyCommand, Command, CommandContext, PushResult, SyncNotice } from './commands/command.ts';
import { createCommandRegistry } from './commands/registry.ts';
import {
  acknowledge,
  discardEntry,
  enqueue,
  headOfQueue,
  latestEntryFor,
  markFailed,
  markSending,
  nextRun,
  requeue,
  resetInFlight,
  resumeAfterNetworkFailure,
  retryEntry,
  runAfter,
  scheduleRetry,
  waitFor,
} from './outbox.ts';
import { createLocalLocks, noTriggers, systemClock, type Clock, type Locks, type RandomSource, type SyncLogger, type Triggers } from './ports.ts';
import { DEFAULT_PULL_OPTIONS, pullConversationSummaries, pullOwnRole, pullScope, userScopes, type PullOptions, type PullScope } from './pull.ts';
import { refreshPropertySnapshots } from './property-snapshots.ts';
import { DEFAULT_RECONCILE_OPTIONS, reconcileMirror, userReconcileScopes, type ReconcileOptions, type ReconcileScope } from './reconcile.ts';
import { createStatusStore, type StatusStore } from './status.ts';
import { tablesPulledWithEmbeds, type ShapeContext } from './table-shapes.ts';

export interface SyncEngineOptions {
  db: AppDb;
  userId: string;
  remote: SyncRemote;
  clock?: Clock;
  random?: RandomSource;
  locks?: Locks;
  triggers?: Triggers;
  logger?: SyncLogger;
  newId?: () => string;
  commands?: ReadonlyMap<string, AnyCommand>;
  backoff?: BackoffOptions;
  pull?: Partial<PullOptions>;
  scopes?: PullScope[];
  /**
   * What the mirror may hold (reconcile.ts): after a full pull at start-up and on reconnect, held rows
   * no scope returns any more are removed. Default: the user's scopes, or none when `scopes` is given
   * (a push-only or hand-driven engine keeps what it holds).
   */
  reconcileScopes?: readonly ReconcileScope[];
  reconcile?: Partial<ReconcileOptions>;
  /** least time between two reconciliations triggered by reconnects (start-up always runs one) */
  reconcileIntervalMs?: number;
  /**
   * false: stop at a write whose answer may carry a notice (`mayTellTheUser`) and leave it, and what
   * follows it, to an engine whose notices reach the user (the service worker's push-only run). Default true.
   */
  sendsWritesThatTellTheUser?: boolean;
  /** realtime tables (postgres_changes); none disables realtime */
  realtimeTables?: readonly string[];
  /** most queued entries of one batchable command sent in one request */
  pushBatchSize?: number;
  /** delay between an enqueue and the push it triggers (coalesces bursts of writes) */
  pushDebounceMs?: number;
  /** delay before the status counts are re-read after outbox changes */
  countDebounceMs?: number;
  /** delay between a realtime row and the catch-up pull it triggers */
  pullDebounceMs?: number;
}

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

/** Realtime tables whose rows the mirror takes only when it holds them already (and that need no catch-up pull). */
const realtimeHeldRowsOnly: ReadonlySet<SyncedTableName> = new Set(['rooms']);

/** Automatic signs of a working network (a pull that went through, a realtime rejoin) end network backoffs at most this often. */
export const AUTO_RESUME_INTERVAL_MS = 30_000;

function toOutboxError(error: RemoteError): OutboxError {
  return { kind: error.kind, code: error.code, message: error.message };
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, userId, remote } = options;
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const locks = options.locks ?? createLocalLocks();
  const triggers = options.triggers ?? noTriggers;
  const logger = options.logger ?? { warn: () => {}, error: () => {} };
  const newId = options.newId ?? (() => crypto.randomUUID());
  const registry = options.commands ?? createCommandRegistry();
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const pullOptions: PullOptions = { ...DEFAULT_PULL_OPTIONS, ...options.pull };
  const scopes = options.scopes ?? userScopes();
  const reconcileScopes = options.reconcileScopes ?? (options.scopes ? [] : userReconcileScopes());
  const reconcileOptions: ReconcileOptions = { ...DEFAULT_RECONCILE_OPTIONS, ...options.reconcile };
  const reconcileIntervalMs = options.reconcileIntervalMs ?? 60_000;
  // Rooms: a host's toggle on another device shows at once (docs/decisions/refused-and-conflicting-writes.md).
  const realtimeTables = options.realtimeTables ?? ['messages', 'bookings', 'booking_payments', 'rooms'];
  const pushDebounceMs = options.pushDebounceMs ?? 250;
  const pushBatchSize = options.pushBatchSize ?? 100;
  const pullDebounceMs = options.pullDebounceMs ?? 1_000;
  const countDebounceMs = options.countDebounceMs ?? 100;
  const status = createStatusStore({ ...createStatusStore().get(), isOnline: triggers.isOnline() });

  let isStopped = true;
  const cleanups: (() => void)[] = [];
  let realtime: { unsubscribe(): Promise<void> } | null = null;

  const noticeListeners = new Set<(notice: SyncNotice) => void>();
  function emitNotice(notice: SyncNotice) {
    for (const listener of noticeListeners) {
      try {
        listener(notice);
      } catch (error) {
        logger.warn('A notice listener failed', error);
      }
    }
  }

  const commandContext = (): CommandContext => ({ userId, nowIso: new Date(clock.now()).toISOString() });
  const shapeContext = (): ShapeContext => ({ userId });

  // ------------------------------------------------------------------ coalesced, cancellable jobs

  function coalesced(job: () => Promise<void>) {
    let running: Promise<void> | null = null;
    let isRequestedAgain = false;
    const start = (): Promise<void> => {
      if (running) {
        isRequestedAgain = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            isRequestedAgain = false;
            if (isStopped) return;
            await job();
          } while (isRequestedAgain);
        } finally {
          running = null;
        }
      })();
      return running;
    };
    return { start, idle: () => running ?? Promise.resolve() };
  }

  function timer() {
    let cancel: (() => void) | null = null;
    return {
      set(ms: number, task: () => void) {
        cancel?.();
        cancel = clock.setTimeout(() => {
          cancel = null;
          task();
        }, ms);
      },
      clear() {
        cancel?.();
        cancel = null;
      },
    };
  }

  const pushTimer = timer();
  const pullTimer = timer();
  const countTimer = timer();

  // Counts are re-read (debounced) after this tab changes the outbox and when the app becomes
  // visible, rather than by a live query that would recount the queue on every single write.
  function refreshCounts() {
    countTimer.set(countDebounceMs, () => {
      countOutbox(db)
        .then((counts) => status.set({ pendingCount: counts.pending, failedCount: counts.failed }))
        .catch((error: unknown) => logger.warn('Outbox count failed', error));
    });
  }

  // ------------------------------------------------------------------------------------ push

  type PushOutcome = 'acknowledged' | 'next' | 'stop' | 'split';

  /** A run marked `sending`, its args parsed: ready to go in one request. */
  interface PreparedRun {
    command: AnyCommand;
    /** the entries as read from the queue (the next run starts after the last of them) */
    run: readonly OutboxEntry[];
    /** those still there to send */
    entries: OutboxEntry[];
    args: never[];
    ctx: CommandContext;
  }

  /** A prepared run whose request has left; `answer` never rejects. */
  interface SentRun {
    prepared: PreparedRun;
    answer: Promise<{ result: PushResult } | { thrown: unknown }>;
  }

  /** Marks a run `sending` and parses its args; null when none of it is left to send. */
  async function prepareRun(run: readonly OutboxEntry[], command: AnyCommand): Promise<PreparedRun | null> {
    const sending = await markSending(db, run);
    if (sending.length === 0) return null;
    const ctx = commandContext();
    const entries: OutboxEntry[] = [];
    const args: never[] = [];
    for (const entry of sending) {
      try {
        args.push(v.parse(command.schema, entry.args) as never);
        entries.push(entry);
      } catch (error) {
        // Args a newer app version no longer accepts: replaying them can never succeed.
        await markFailed(db, entry, command, { kind: 'permanent', code: 'invalid_args', message: (error as Error).message }, ctx);
      }
    }
    return entries.length ? { command, run, entries, args, ctx } : null;
  }

  function sendRun(prepared: PreparedRun): SentRun {
    const { command, entries, args, ctx } = prepared;
    const request = command.pushBatch && args.length > 1 ? command.pushBatch(remote, args, ctx) : command.push(remote, args[0]!, { ...ctx, queuedAt: entries[0]!.createdAt });
    return { prepared, answer: request.then((result) => ({ result }), (thrown: unknown) => ({ thrown })) };
  }

  /**
   * The run of the same batchable command behind `prepared`, marked `sending` while `prepared`'s request is
   * out, so it leaves as soon as that one is answered (the queue's order holds: one request at a time).
   */
  async function prepareRunAfter(prepared: PreparedRun): Promise<PreparedRun | null> {
    if (!prepared.command.pushBatch || isStopped) return null;
    try {
      const run = await runAfter(db, prepared.run.at(-1)!.seq!, prepared.command.name, clock.now(), pushBatchSize, backoff.capMs);
      return run.length ? await prepareRun(run, prepared.command) : null;
    } catch (error) {
      logger.warn('The next run could not be read', error);
      return null;
    }
  }

  /**
   * Waits for a sent run's answer and stores its outcome. While it is out, the next run of a batchable
   * command is prepared; once the answer is in, that run is sent before this one's acknowledgement is stored
   * (the local work overlaps the next request) and handed back to go on with. A failure puts it back in the
   * queue as it was.
   */
  async function settleRun(sent: SentRun, authRefreshes: { count: number }, canSendNext: boolean): Promise<{ outcome: PushOutcome; next: SentRun | null }> {
    const following = canSendNext ? prepareRunAfter(sent.prepared) : Promise.resolve(null);
    const answer = await sent.answer;
    const prepared = await following;
    if ('thrown' in answer) {
      if (prepared) await requeue(db, prepared.entries);
      return { outcome: await failedRun(sent.prepared, answer.thrown, authRefreshes), next: null };
    }
    const next = prepared && !isStopped ? sendRun(prepared) : null;
    if (prepared && !next) await requeue(db, prepared.entries);
    try {
      const { result } = answer;
      await acknowledge(db, sent.prepared.entries);
      if (result.table && result.rows.length) await applyServerRows(db, result.table, result.rows, shapeContext());
      if (result.notice) emitNotice(result.notice);
      status.set({ isOnline: true, isAuthRequired: false });
      authRefreshes.count = 0;
      return { outcome: 'acknowledged', next };
    } catch (thrown) {
      // Stored nothing: the run sent behind it goes back to the queue too (its replay changes nothing).
      if (next) {
        await next.answer;
        await requeue(db, next.prepared.entries);
      }
      return { outcome: await failedRun(sent.prepared, thrown, authRefreshes), next: null };
    }
  }

  /** A run that was not acknowledged: retried later, refused (split or failed), or the session refreshed. */
  async function failedRun(prepared: PreparedRun, thrown: unknown, authRefreshes: { count: number }): Promise<PushOutcome> {
    const { command, entries, ctx } = prepared;
    const [head, ...rest] = entries as [OutboxEntry, ...OutboxEntry[]];
    const error = toRemoteError(thrown);
    const outboxError = toOutboxError(error);
    const isPermanent = error.kind !== 'auth' && !error.isRetryable;
    // Only the head's attempts count; the entries behind it wait for it (order per client).
    await requeue(db, isPermanent && entries.length > 1 ? entries : rest);
    if (isPermanent && entries.length > 1) return 'split';
    if (error.kind === 'auth' && authRefreshes.count === 0) {
      authRefreshes.count += 1;
      const outcome = await remote.refreshSession();
      if (outcome === 'refreshed') {
        // Not the write's fault: retry at once, without counting an attempt.
        await scheduleRetry(db, head, outboxError, clock.now(), false);
        return 'next';
      }
      if (outcome === 'signed-out') {
        await scheduleRetry(db, head, outboxError, clock.now(), false);
        status.set({ isAuthRequired: true, lastError: outboxError });
        return 'stop';
      }
    }
    if (!isPermanent) {
      const attempt = head.attempts + 1;
      const delay = retryDelay(attempt, random, error.retryAfterMs, backoff);
      await scheduleRetry(db, head, outboxError, clock.now() + delay, true);
      status.set({ lastError: outboxError, ...(error.kind === 'network' && { isOnline: false }) });
      pushTimer.set(delay, () => void pusher.start());
      return 'stop';
    }
    logger.warn(`Write ${head.name} failed permanently`, outboxError);
    await markFailed(db, head, command, outboxError, ctx);
    status.set({ isOnline: true, lastError: outboxError });
    return 'next';
  }

  /**
   * Sends one entry, or a run of entries of a batchable command in one request, and waits for it. A
   * refused batch answers 'split': its entries are then sent one by one, so only the bad one fails.
   */
  async function pushRun(run: readonly OutboxEntry[], command: AnyCommand, authRefreshes: { count: number }): Promise<PushOutcome> {
    const prepared = await prepareRun(run, command);
    return prepared ? (await settleRun(sendRun(prepared), authRefreshes, false)).outcome : 'next';
  }

  async function drainOutbox(): Promise<void> {
    let acknowledgedAny = false;
    await locks.request(`nomadnest-outbox-push:${db.name}`, async () => {
      status.set({ isPushing: true });
      try {
        const authRefreshes = { count: 0 };
        // A run already sent behind the one acknowledged last: its answer is awaited even after a stop.
        let sent: SentRun | null = null;
        while (sent || !isStopped) {
          if (!sent) {
            const head = await headOfQueue(db);
            if (!head) break;
            const wait = waitFor(head, clock.now(), backoff.capMs);
            if (wait > 0) {
              pushTimer.set(wait, () => void pusher.start());
              break;
            }
            const command = registry.get(head.name);
            if (!command) {
              await markFailed(db, head, undefined, { kind: 'permanent', code: 'unknown_command', message: `Unknown command ${head.name}` }, commandContext());
              continue;
            }
            if (command.mayTellTheUser && options.sendsWritesThatTellTheUser === false) break;
            const prepared = await prepareRun(command.pushBatch ? await nextRun(db, head, clock.now(), pushBatchSize, backoff.capMs) : [head], command);
            if (!prepared) continue;
            sent = sendRun(prepared);
          }
          const { prepared } = sent;
          const settled: { outcome: PushOutcome; next: SentRun | null } = await settleRun(sent, authRefreshes, true);
          sent = settled.next;
          let outcome = settled.outcome;
          if (outcome === 'split') {
            // Up to the first entry that does not go through; the next round starts from there.
            for (const entry of prepared.run) {
              outcome = await pushRun([entry], prepared.command, authRefreshes);
              if (outcome !== 'acknowledged') break;
              acknowledgedAny = true;
            }
          }
          if (outcome === 'stop') break;
          if (outcome === 'acknowledged') acknowledgedAny = true;
        }
      } finally {
        status.set({ isPushing: false });
        refreshCounts();
      }
    });
    if (acknowledgedAny) schedulePull(pullDebounceMs);
  }

  const pusher = coalesced(drainOutbox);

  // ------------------------------------------------------------------------------------ pull

  // Reconciliation follows a full pull that went through, when one is due: at start-up and after a
  // reconnect (`online`, a realtime rejoin), never after the pokes of realtime rows or acknowledgements.
  let isReconcileDue = false;
  let lastReconcileAt = Number.NEGATIVE_INFINITY;
  function requestReconcile(options: { isStartup?: boolean } = {}) {
    if (reconcileScopes.length === 0) return;
    if (!options.isStartup && clock.now() - lastReconcileAt < reconcileIntervalMs) return;
    isReconcileDue = true;
  }

  async function reconcileIfDue(): Promise<void> {
    if (!isReconcileDue || isStopped) return;
    isReconcileDue = false;
    lastReconcileAt = clock.now();
    try {
      await reconcileMirror(db, remote, userId, reconcileScopes, reconcileOptions);
      // The offline copies of Who's Staying and taken dates follow the same runs (and the scope the pull just refreshed).
      await refreshPropertySnapshots(db, remote, userId, clock.now(), toDateOnly(new Date(clock.now())));
    } catch (thrown) {
      const error = toRemoteError(thrown);
      // Only a network failure is worth another go at the next pull; anything else waits for the next reconnect.
      if (error.kind === 'network') isReconcileDue = true;
      logger.warn('Reconciliation failed', error);
    }
  }

  async function pullAll(): Promise<void> {
    status.set({ isPulling: true });
    try {
      let isInboxPulled = false;
      for (const scope of scopes) {
        if (isStopped) return;
        // The inbox feeds the house chat and contacts scopes, so it comes just before the first of them.
        if (scope.needsInbox && !isInboxPulled) {
          await pullConversationSummaries(db, remote, userId);
          isInboxPulled = true;
        }
        await pullScope(db, remote, scope, userId, shapeContext, pullOptions);
        // The role travels with the user's own profile row (pullOwnRole).
        if (scope.key === 'profiles:self') await pullOwnRole(db, remote, userId);
      }
      if (!isInboxPulled) await pullConversationSummaries(db, remote, userId);
      const now = clock.now();
      await db._sync_state.put({ key: 'meta:last-synced', updatedAt: null, id: null, lastPulledAt: now, signature: '' });
      status.set({ isOnline: true, lastSyncedAt: now });
      await reconcileIfDue();
      // The server answered: writes still waiting out an offline backoff go now.
      void resumeWrites({ isAutomatic: true });
    } catch (thrown) {
      const error = toRemoteError(thrown);
      status.set({ lastError: toOutboxError(error), ...(error.kind === 'network' && { isOnline: false }) });
      if (error.kind === 'auth') {
        const outcome = await remote.refreshSession();
        if (outcome === 'signed-out') status.set({ isAuthRequired: true });
        else if (outcome === 'refreshed') schedulePull(0);
      }
      logger.warn('Pull failed', error);
    } finally {
      status.set({ isPulling: false });
    }
  }

  const puller = coalesced(pullAll);

  function schedulePull(ms: number) {
    if (isStopped) return;
    if (ms <= 0) void puller.start();
    else pullTimer.set(ms, () => void puller.start());
  }

  function schedulePush(ms: number) {
    if (isStopped) return;
    if (ms <= 0) void pusher.start();
    else pushTimer.set(ms, () => void pusher.start());
  }

  /**
   * A sign that the network is back: without this, a write that failed while offline would sit out
   * the backoff it built up there (up to a minute) although the connection has returned.
   * `online` and a return to the app always resume. The automatic signs (a pull that went through, a
   * realtime rejoin) resume at most once per AUTO_RESUME_INTERVAL_MS: a write that keeps failing as
   * "network" while reads work (a proxy that drops it, a flapping channel) must still back off.
   */
  let lastAutoResumeAt = Number.NEGATIVE_INFINITY;
  async function resumeWrites(options: { isAutomatic?: boolean } = {}): Promise<void> {
    if (isStopped) return;
    if (options.isAutomatic && clock.now() - lastAutoResumeAt < AUTO_RESUME_INTERVAL_MS) return;
    try {
      const resumed = await resumeAfterNetworkFailure(db, clock.now());
      if (isStopped || (options.isAutomatic && resumed === 0)) return;
      if (options.isAutomatic) lastAutoResumeAt = clock.now();
      pushTimer.clear();
      await pusher.start();
    } catch (error) {
      logger.warn('Queued writes could not be resumed', error);
    }
  }

  // -------------------------------------------------------------------------------- realtime

  let realtimeChain: Promise<unknown> = Promise.resolve();

  function onRealtimeRow(table: string, row: ServerRecord) {
    if (!(syncedTableNames as readonly string[]).includes(table)) return;
    const synced = table as SyncedTableName;
    if (realtimeHeldRowsOnly.has(synced)) {
      // RLS lets anyone read every listed room; the mirror keeps only its scopes' (held rows are updated).
      realtimeChain = realtimeChain
        .then(async () => {
          if (await db.table(synced).get(String(row.id))) await applyServerRows(db, synced, [row], shapeContext());
        })
        .catch((error: unknown) => logger.warn('Realtime row could not be stored', error));
      return;
    }
    // Applied in arrival order; a poke pull then fills names, the inbox and anything missed.
    realtimeChain = realtimeChain
      .then(async () => {
        // A row the mirror doesn't hold yet, of a table pulled with embeds, waits for the poke pull below.
        if (tablesPulledWithEmbeds.has(synced) && !(await db.table(synced).get(String(row.id)))) return;
        await applyServerRows(db, synced, [row], shapeContext());
      })
      .catch((error: unknown) => logger.warn('Realtime row could not be stored', error));
    schedulePull(pullDebounceMs);
  }

  function onRealtimeStatus(next: RealtimeStatus) {
    // Realtime promises no delivery: every (re)subscribe is followed by a catch-up pull.
    if (next === 'SUBSCRIBED') {
      requestReconcile();
      schedulePull(0);
      schedulePush(0);
      void resumeWrites({ isAutomatic: true });
    } else {
      logger.warn(`Realtime ${next}`);
    }
  }

  // --------------------------------------------------------------------------------- public

  async function entryCommand(entryId: string): Promise<AnyCommand | undefined> {
    const entry = await db._outbox.where('id').equals(entryId).first();
    return entry ? registry.get(entry.name) : undefined;
  }

  const engine: SyncEngine = {
    db,
    userId,
    status,

    async start() {
      if (!isStopped) return;
      isStopped = false;
      await resetInFlight(db);
      const lastSynced = await db._sync_state.get('meta:last-synced');
      status.set({ lastSyncedAt: lastSynced?.lastPulledAt ?? null });
      refreshCounts();
      cleanups.push(triggers.onOnline(() => {
        status.set({ isOnline: true });
        void resumeWrites();
        requestReconcile();
        schedulePull(0);
      }));
      cleanups.push(triggers.onOffline(() => status.set({ isOnline: false })));
      cleanups.push(triggers.onVisible(() => {
        refreshCounts();
        void resumeWrites();
        schedulePull(0);
      }));
      requestReconcile({ isStartup: true });
      if (realtimeTables.length) realtime = remote.subscribe({ tables: realtimeTables, onRow: onRealtimeRow, onStatus: onRealtimeStatus });
      schedulePush(0);
      schedulePull(0);
    },

    async stop() {
      isStopped = true;
      pushTimer.clear();
      pullTimer.clear();
      countTimer.clear();
      for (const cleanup of cleanups.splice(0)) cleanup();
      const subscription = realtime;
      realtime = null;
      await Promise.all([subscription?.unsubscribe(), pusher.idle(), puller.idle(), realtimeChain]);
    },

    async run(command, args) {
      const registered = registry.get(command.name);
      if (registered !== (command as unknown as AnyCommand)) throw new Error(`Command ${command.name} is not registered`);
      const entry = await enqueue(db, command, args, commandContext(), newId(), clock.now());
      refreshCounts();
      schedulePush(pushDebounceMs);
      return entry;
    },

    async retry(entryId) {
      const command = await entryCommand(entryId);
      if (!command) return false;
      const isQueued = await retryEntry(db, entryId, command, commandContext(), clock.now());
      refreshCounts();
      if (isQueued) schedulePush(0);
      return isQueued;
    },

    async discard(entryId) {
      const isDiscarded = await discardEntry(db, entryId, await entryCommand(entryId), commandContext());
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
      pushTimer.clear();
      await pusher.start();
    },

    resumeNow: () => resumeWrites(),

    async pullNow() {
      pullTimer.clear();
      await puller.start();
    },

    async pullOwnProfileNow() {
      const own = scopes.find((scope) => scope.key === 'profiles:self');
      if (!own || isStopped) return;
      await pullScope(db, remote, own, userId, shapeContext, pullOptions);
      await pullOwnRole(db, remote, userId);
    },

    async cacheServerRows(table, rows) {
      await applyServerRows(db, table, rows, shapeContext());
    },

    subscribeNotices(listener) {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
  };
  return engine;
}
