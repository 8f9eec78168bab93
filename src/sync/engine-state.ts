// What the sync engine's parts share, as one explicit object: the resolved options (defaults filled in),
// the status store and whether the engine is stopped. The push loop, the pull loop and the realtime
// handler each take it; engine.ts makes it and wires them together.
import type { AppDb } from '../db/db.ts';
import type { OutboxError } from '../db/tables.ts';
import type { RemoteError } from '../remote/errors.ts';
import type { SyncRemote } from '../remote/sync-port.ts';
import { DEFAULT_BACKOFF, type BackoffOptions } from './backoff.ts';
import type { AnyCommand, CommandContext } from './commands/command.ts';
import { createCommandRegistry } from './commands/registry.ts';
import { createLocalLocks, noTriggers, systemClock, type Clock, type Locks, type RandomSource, type SyncLogger, type Triggers } from './ports.ts';
import { DEFAULT_PULL_OPTIONS, userScopes, type PullOptions, type PullScope } from './pull.ts';
import { DEFAULT_RECONCILE_OPTIONS, userReconcileScopes, type ReconcileOptions, type ReconcileScope } from './reconcile.ts';
import { createStatusStore, type StatusStore } from './status.ts';
import type { ShapeContext } from './table-shapes.ts';

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

export interface EngineState {
  readonly db: AppDb;
  readonly userId: string;
  readonly remote: SyncRemote;
  readonly clock: Clock;
  readonly random: RandomSource;
  readonly locks: Locks;
  readonly triggers: Triggers;
  readonly logger: SyncLogger;
  readonly newId: () => string;
  readonly registry: ReadonlyMap<string, AnyCommand>;
  readonly backoff: BackoffOptions;
  readonly pullOptions: PullOptions;
  readonly scopes: readonly PullScope[];
  readonly reconcileScopes: readonly ReconcileScope[];
  readonly reconcileOptions: ReconcileOptions;
  readonly reconcileIntervalMs: number;
  readonly sendsWritesThatTellTheUser: boolean;
  readonly realtimeTables: readonly string[];
  readonly pushBatchSize: number;
  readonly pushDebounceMs: number;
  readonly pullDebounceMs: number;
  readonly countDebounceMs: number;
  readonly status: StatusStore;
  /** true before start() and after stop(): loops end their round and timers set nothing */
  isStopped: boolean;
}

export function createEngineState(options: SyncEngineOptions): EngineState {
  const triggers = options.triggers ?? noTriggers;
  return {
    db: options.db,
    userId: options.userId,
    remote: options.remote,
    clock: options.clock ?? systemClock,
    random: options.random ?? Math.random,
    locks: options.locks ?? createLocalLocks(),
    triggers,
    logger: options.logger ?? { warn: () => {}, error: () => {} },
    newId: options.newId ?? (() => crypto.randomUUID()),
    registry: options.commands ?? createCommandRegistry(),
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    pullOptions: { ...DEFAULT_PULL_OPTIONS, ...options.pull },
    scopes: options.scopes ?? userScopes(),
    reconcileScopes: options.reconcileScopes ?? (options.scopes ? [] : userReconcileScopes()),
    reconcileOptions: { ...DEFAULT_RECONCILE_OPTIONS, ...options.reconcile },
    reconcileIntervalMs: options.reconcileIntervalMs ?? 60_000,
    sendsWritesThatTellTheUser: options.sendsWritesThatTellTheUser ?? true,
    // Rooms: a host's toggle on another device shows at once (docs/decisions/room-availability-later-decision.md).
    realtimeTables: options.realtimeTables ?? ['messages', 'bookings', 'booking_payments', 'rooms'],
    pushBatchSize: options.pushBatchSize ?? 100,
    pushDebounceMs: options.pushDebounceMs ?? 250,
    pullDebounceMs: options.pullDebounceMs ?? 1_000,
    countDebounceMs: options.countDebounceMs ?? 100,
    status: createStatusStore({ ...createStatusStore().get(), isOnline: triggers.isOnline() }),
    isStopped: true,
  };
}

export const commandContext = (state: EngineState): CommandContext => ({ userId: state.userId, nowIso: new Date(state.clock.now()).toISOString() });

export const shapeContext = (state: EngineState): ShapeContext => ({ userId: state.userId });

export function toOutboxError(error: RemoteError): OutboxError {
  return { kind: error.kind, code: error.code, message: error.message };
}
