// The sync engine's push loop: one serial pusher for the outbox. Runs of a batchable command go in one
// request, the next run is prepared while one is out (docs/decisions/outbox-batching-and-collapse.md),
// failures back off, refuse (split or fail) or refresh the session.
import * as v from 'valibot';
import type { OutboxEntry } from '../db/tables.ts';
import { toRemoteError } from '../remote/errors.ts';
import { applyServerRows } from './apply-server-rows.ts';
import { retryDelay } from './backoff.ts';
import type { AnyCommand, CommandContext, PushResult, SyncNotice } from './commands/command.ts';
import { coalesced, engineTimer } from './engine-jobs.ts';
import { commandContext, shapeContext, toOutboxError, type EngineState } from './engine-state.ts';
import {
  acknowledge,
  headOfQueue,
  markFailed,
  markSending,
  nextRun,
  requeue,
  resumeAfterNetworkFailure,
  runAfter,
  scheduleRetry,
  waitFor,
} from './outbox.ts';

/** Automatic signs of a working network (a pull that went through, a realtime rejoin) end network backoffs at most this often. */
export const AUTO_RESUME_INTERVAL_MS = 30_000;

export interface PushLoopHooks {
  /** after a drain that acknowledged anything (the engine pulls to fill what the server added) */
  onAcknowledged(): void;
  emitNotice(notice: SyncNotice): void;
  /** the outbox changed: re-read the status counts */
  refreshCounts(): void;
}

export interface PushLoop {
  /** Sends queued writes until the queue is empty, blocked by a retryable failure or stopped. */
  start(): Promise<void>;
  idle(): Promise<void>;
  /** Pushes after `ms` (0: now), replacing a push already scheduled. */
  schedule(ms: number): void;
  clearTimer(): void;
  /**
   * A sign that the network is back: without this, a write that failed while offline would sit out
   * the backoff it built up there (up to a minute) although the connection has returned.
   * `online` and a return to the app always resume. The automatic signs (a pull that went through, a
   * realtime rejoin) resume at most once per AUTO_RESUME_INTERVAL_MS: a write that keeps failing as
   * "network" while reads work (a proxy that drops it, a flapping channel) must still back off.
   */
  resumeWrites(options?: { isAutomatic?: boolean }): Promise<void>;
}

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
async function prepareRun(state: EngineState, run: readonly OutboxEntry[], command: AnyCommand): Promise<PreparedRun | null> {
  const sending = await markSending(state.db, run);
  if (sending.length === 0) return null;
  const ctx = commandContext(state);
  const entries: OutboxEntry[] = [];
  const args: never[] = [];
  for (const entry of sending) {
    try {
      args.push(v.parse(command.schema, entry.args) as never);
      entries.push(entry);
    } catch (error) {
      // Args a newer app version no longer accepts: replaying them can never succeed.
      await markFailed(state.db, entry, command, { kind: 'permanent', code: 'invalid_args', message: (error as Error).message }, ctx);
    }
  }
  return entries.length ? { command, run, entries, args, ctx } : null;
}

function sendRun(state: EngineState, prepared: PreparedRun): SentRun {
  const { command, entries, args, ctx } = prepared;
  const { remote } = state;
  const request = command.pushBatch && args.length > 1 ? command.pushBatch(remote, args, ctx) : command.push(remote, args[0]!, { ...ctx, queuedAt: entries[0]!.createdAt });
  return { prepared, answer: request.then((result) => ({ result }), (thrown: unknown) => ({ thrown })) };
}

/**
 * The run of the same batchable command behind `prepared`, marked `sending` while `prepared`'s request is
 * out, so it leaves as soon as that one is answered (the queue's order holds: one request at a time).
 */
async function prepareRunAfter(state: EngineState, prepared: PreparedRun): Promise<PreparedRun | null> {
  if (!prepared.command.pushBatch || state.isStopped) return null;
  try {
    const run = await runAfter(state.db, prepared.run.at(-1)!.seq!, prepared.command.name, state.clock.now(), state.pushBatchSize, state.backoff.capMs);
    return run.length ? await prepareRun(state, run, prepared.command) : null;
  } catch (error) {
    state.logger.warn('The next run could not be read', error);
    return null;
  }
}

/** One drain of the queue: its session refreshes, and how it asks for another drain later. */
interface PushRound {
  state: EngineState;
  hooks: PushLoopHooks;
  /** session refreshes since the last acknowledged write (at most one, so a refused session cannot loop) */
  authRefreshes: number;
  /** drains again after `ms` (a backoff, or the head of the queue waiting) */
  retryIn(ms: number): void;
}

/**
 * Waits for a sent run's answer and stores its outcome. While it is out, the next run of a batchable
 * command is prepared; once the answer is in, that run is sent before this one's acknowledgement is stored
 * (the local work overlaps the next request) and handed back to go on with. A failure puts it back in the
 * queue as it was.
 */
async function settleRun(round: PushRound, sent: SentRun, canSendNext: boolean): Promise<{ outcome: PushOutcome; next: SentRun | null }> {
  const { state } = round;
  const { db } = state;
  const following = canSendNext ? prepareRunAfter(state, sent.prepared) : Promise.resolve(null);
  const answer = await sent.answer;
  const prepared = await following;
  if ('thrown' in answer) {
    if (prepared) await requeue(db, prepared.entries);
    return { outcome: await failedRun(round, sent.prepared, answer.thrown), next: null };
  }
  const next = prepared && !state.isStopped ? sendRun(state, prepared) : null;
  if (prepared && !next) await requeue(db, prepared.entries);
  try {
    const { result } = answer;
    await acknowledge(db, sent.prepared.entries);
    if (result.table && result.rows.length) await applyServerRows(db, result.table, result.rows, shapeContext(state));
    if (result.notice) round.hooks.emitNotice(result.notice);
    state.status.set({ isOnline: true, isAuthRequired: false });
    round.authRefreshes = 0;
    return { outcome: 'acknowledged', next };
  } catch (thrown) {
    // Stored nothing: the run sent behind it goes back to the queue too (its replay changes nothing).
    if (next) {
      await next.answer;
      await requeue(db, next.prepared.entries);
    }
    return { outcome: await failedRun(round, sent.prepared, thrown), next: null };
  }
}

/** A run that was not acknowledged: retried later, refused (split or failed), or the session refreshed. */
async function failedRun(round: PushRound, prepared: PreparedRun, thrown: unknown): Promise<PushOutcome> {
  const { state } = round;
  const { db, remote, clock } = state;
  const { command, entries, ctx } = prepared;
  const [head, ...rest] = entries as [OutboxEntry, ...OutboxEntry[]];
  const error = toRemoteError(thrown);
  const outboxError = toOutboxError(error);
  const isPermanent = error.kind !== 'auth' && !error.isRetryable;
  // Only the head's attempts count; the entries behind it wait for it (order per client).
  await requeue(db, isPermanent && entries.length > 1 ? entries : rest);
  if (isPermanent && entries.length > 1) return 'split';
  if (error.kind === 'auth' && round.authRefreshes === 0) {
    round.authRefreshes += 1;
    const outcome = await remote.refreshSession();
    if (outcome === 'refreshed') {
      // Not the write's fault: retry at once, without counting an attempt.
      await scheduleRetry(db, head, outboxError, clock.now(), false);
      return 'next';
    }
    if (outcome === 'signed-out') {
      await scheduleRetry(db, head, outboxError, clock.now(), false);
      state.status.set({ isAuthRequired: true, lastError: outboxError });
      return 'stop';
    }
  }
  if (!isPermanent) {
    const attempt = head.attempts + 1;
    const delay = retryDelay(attempt, state.random, error.retryAfterMs, state.backoff);
    await scheduleRetry(db, head, outboxError, clock.now() + delay, true);
    state.status.set({ lastError: outboxError, ...(error.kind === 'network' && { isOnline: false }) });
    round.retryIn(delay);
    return 'stop';
  }
  state.logger.warn(`Write ${head.name} failed permanently`, outboxError);
  await markFailed(db, head, command, outboxError, ctx);
  state.status.set({ isOnline: true, lastError: outboxError });
  return 'next';
}

/**
 * Sends one entry, or a run of entries of a batchable command in one request, and waits for it. A
 * refused batch answers 'split': its entries are then sent one by one, so only the bad one fails.
 */
async function pushRun(round: PushRound, run: readonly OutboxEntry[], command: AnyCommand): Promise<PushOutcome> {
  const prepared = await prepareRun(round.state, run, command);
  return prepared ? (await settleRun(round, sendRun(round.state, prepared), false)).outcome : 'next';
}

/** The head of the queue prepared and sent; null when the queue is empty, waiting, or left to another engine. */
async function sendHead(round: PushRound): Promise<SentRun | 'empty' | 'again'> {
  const { state } = round;
  const { db, clock, backoff } = state;
  const head = await headOfQueue(db);
  if (!head) return 'empty';
  const wait = waitFor(head, clock.now(), backoff.capMs);
  if (wait > 0) {
    round.retryIn(wait);
    return 'empty';
  }
  const command = state.registry.get(head.name);
  if (!command) {
    await markFailed(db, head, undefined, { kind: 'permanent', code: 'unknown_command', message: `Unknown command ${head.name}` }, commandContext(state));
    return 'again';
  }
  if (command.mayTellTheUser && !state.sendsWritesThatTellTheUser) return 'empty';
  const prepared = await prepareRun(state, command.pushBatch ? await nextRun(db, head, clock.now(), state.pushBatchSize, backoff.capMs) : [head], command);
  return prepared ? sendRun(state, prepared) : 'again';
}

export function createPushLoop(state: EngineState, hooks: PushLoopHooks): PushLoop {
  const { db, clock } = state;
  const pushTimer = engineTimer(clock);

  async function drainOutbox(): Promise<void> {
    let acknowledgedAny = false;
    await state.locks.request(`nomadnest-outbox-push:${db.name}`, async () => {
      state.status.set({ isPushing: true });
      try {
        const round: PushRound = { state, hooks, authRefreshes: 0, retryIn: (ms) => pushTimer.set(ms, () => void pusher.start()) };
        // A run already sent behind the one acknowledged last: its answer is awaited even after a stop.
        let sent: SentRun | null = null;
        while (sent || !state.isStopped) {
          if (!sent) {
            const head = await sendHead(round);
            if (head === 'empty') break;
            if (head === 'again') continue;
            sent = head;
          }
          const { prepared } = sent;
          const settled: { outcome: PushOutcome; next: SentRun | null } = await settleRun(round, sent, true);
          sent = settled.next;
          let outcome = settled.outcome;
          if (outcome === 'split') {
            // Up to the first entry that does not go through; the next round starts from there.
            for (const entry of prepared.run) {
              outcome = await pushRun(round, [entry], prepared.command);
              if (outcome !== 'acknowledged') break;
              acknowledgedAny = true;
            }
          }
          if (outcome === 'stop') break;
          if (outcome === 'acknowledged') acknowledgedAny = true;
        }
      } finally {
        state.status.set({ isPushing: false });
        hooks.refreshCounts();
      }
    });
    if (acknowledgedAny) hooks.onAcknowledged();
  }

  const pusher = coalesced(drainOutbox, () => state.isStopped);

  let lastAutoResumeAt = Number.NEGATIVE_INFINITY;
  async function resumeWrites(options: { isAutomatic?: boolean } = {}): Promise<void> {
    if (state.isStopped) return;
    if (options.isAutomatic && clock.now() - lastAutoResumeAt < AUTO_RESUME_INTERVAL_MS) return;
    try {
      const resumed = await resumeAfterNetworkFailure(db, clock.now());
      if (state.isStopped || (options.isAutomatic && resumed === 0)) return;
      if (options.isAutomatic) lastAutoResumeAt = clock.now();
      pushTimer.clear();
      await pusher.start();
    } catch (error) {
      state.logger.warn('Queued writes could not be resumed', error);
    }
  }

  return {
    start: pusher.start,
    idle: pusher.idle,
    schedule(ms) {
      if (state.isStopped) return;
      if (ms <= 0) void pusher.start();
      else pushTimer.set(ms, () => void pusher.start());
    },
    clearTimer: pushTimer.clear,
    resumeWrites,
  };
}
