// The sync engine's pull loop: catch-up pulls of every scope and the inbox, followed by a reconciliation of
// the mirror when one is due (start-up and reconnects; docs/decisions/mirror-scope-removal.md).
import { toDateOnly } from '../domain/stay-dates.ts';
import { toRemoteError } from '../remote/errors.ts';
import { coalesced, engineTimer } from './engine-jobs.ts';
import { shapeContext, toOutboxError, type EngineState } from './engine-state.ts';
import { refreshPropertySnapshots } from './property-snapshots.ts';
import { pullConversationSummaries, pullOwnRole, pullScope } from './pull.ts';
import { reconcileMirror } from './reconcile.ts';

export interface PullLoopHooks {
  /** the server answered: writes waiting out an offline backoff may go now */
  onServerAnswered(): void;
}

export interface PullLoop {
  start(): Promise<void>;
  idle(): Promise<void>;
  /** Pulls after `ms` (0: now), replacing a pull already scheduled. */
  schedule(ms: number): void;
  clearTimer(): void;
  /** Asks for a reconciliation after the next full pull (a reconnect at most every reconcileIntervalMs; start-up always). */
  requestReconcile(options?: { isStartup?: boolean }): void;
  /** Just the user's own profile row and role, without waiting for a full pull in progress. */
  pullOwnProfile(): Promise<void>;
}

export function createPullLoop(state: EngineState, hooks: PullLoopHooks): PullLoop {
  const { db, remote, userId, clock } = state;
  const pullTimer = engineTimer(clock);
  const shapes = () => shapeContext(state);

  // Reconciliation follows a full pull that went through, when one is due: at start-up and after a
  // reconnect (`online`, a realtime rejoin), never after the pokes of realtime rows or acknowledgements.
  let isReconcileDue = false;
  let lastReconcileAt = Number.NEGATIVE_INFINITY;
  function requestReconcile(options: { isStartup?: boolean } = {}) {
    if (state.reconcileScopes.length === 0) return;
    if (!options.isStartup && clock.now() - lastReconcileAt < state.reconcileIntervalMs) return;
    isReconcileDue = true;
  }

  async function reconcileIfDue(): Promise<void> {
    if (!isReconcileDue || state.isStopped) return;
    isReconcileDue = false;
    lastReconcileAt = clock.now();
    try {
      await reconcileMirror(db, remote, userId, state.reconcileScopes, state.reconcileOptions);
      // The offline copies of Who's Staying and taken dates follow the same runs (and the scope the pull just refreshed).
      await refreshPropertySnapshots(db, remote, userId, clock.now(), toDateOnly(new Date(clock.now())));
    } catch (thrown) {
      const error = toRemoteError(thrown);
      // Only a network failure is worth another go at the next pull; anything else waits for the next reconnect.
      if (error.kind === 'network') isReconcileDue = true;
      state.logger.warn('Reconciliation failed', error);
    }
  }

  /** Every scope in order; false when the engine stopped on the way. */
  async function pullScopes(): Promise<boolean> {
    let isInboxPulled = false;
    // A first sync pulls the inbox once more, right after the user's own row, so the Messages page lists it
    // while thousands of messages page in (docs/decisions/inbox-before-mirror.md).
    // (No full pull yet: start() read the last one's time into the status, so no database read per pull.)
    let isInboxEarly = state.status.get().lastSyncedAt === null;
    for (const scope of state.scopes) {
      if (state.isStopped) return false;
      // The inbox feeds the house chat and contacts scopes, so it comes just before the first of them.
      if (scope.needsInbox && !isInboxPulled) {
        await pullConversationSummaries(db, remote, userId);
        isInboxPulled = true;
      }
      await pullScope(db, remote, scope, userId, shapes, state.pullOptions);
      // The role travels with the user's own profile row (pullOwnRole).
      if (scope.key === 'profiles:self') await pullOwnRole(db, remote, userId);
      if (isInboxEarly && scope.key === 'profiles:self') {
        await pullConversationSummaries(db, remote, userId);
        isInboxEarly = false;
      }
    }
    if (!isInboxPulled) await pullConversationSummaries(db, remote, userId);
    return true;
  }

  async function pullAll(): Promise<void> {
    state.status.set({ isPulling: true });
    try {
      if (!(await pullScopes())) return;
      const now = clock.now();
      await db._sync_state.put({ key: 'meta:last-synced', updatedAt: null, id: null, lastPulledAt: now, signature: '' });
      state.status.set({ isOnline: true, lastSyncedAt: now });
      await reconcileIfDue();
      hooks.onServerAnswered();
    } catch (thrown) {
      const error = toRemoteError(thrown);
      state.status.set({ lastError: toOutboxError(error), ...(error.kind === 'network' && { isOnline: false }) });
      if (error.kind === 'auth') {
        const outcome = await remote.refreshSession();
        if (outcome === 'signed-out') state.status.set({ isAuthRequired: true });
        else if (outcome === 'refreshed') schedule(0);
      }
      state.logger.warn('Pull failed', error);
    } finally {
      state.status.set({ isPulling: false });
    }
  }

  const puller = coalesced(pullAll, () => state.isStopped);

  function schedule(ms: number) {
    if (state.isStopped) return;
    if (ms <= 0) void puller.start();
    else pullTimer.set(ms, () => void puller.start());
  }

  return {
    start: puller.start,
    idle: puller.idle,
    schedule,
    clearTimer: pullTimer.clear,
    requestReconcile,
    async pullOwnProfile() {
      const own = state.scopes.find((scope) => scope.key === 'profiles:self');
      if (!own || state.isStopped) return;
      await pullScope(db, remote, own, userId, shapes, state.pullOptions);
      await pullOwnRole(db, remote, userId);
    },
  };
}
