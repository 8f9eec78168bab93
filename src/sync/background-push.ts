// Background Sync: the service worker sends the queued writes of a signed-in user while no page is
// open (the signal came back after the app was closed). DOM-free like the rest of src/sync; the SW's
// `sync` event handler (sw/background-sync.ts) runs `pushFromServiceWorker` inside `event.waitUntil`,
// from a script of its own (sw/background-push-script.ts) that the worker evaluates only for a sync.
//
// Design:
// - The page registers a one-off sync (tag OUTBOX_SYNC_TAG, src/pwa/background-sync.ts) whenever
//   writes are pending while it is offline or its push failed for the network; browsers without
//   Background Sync do nothing more (the page pushes on open and on `online`, as before).
// - The page mirrors {userId, accessToken, expiresAt, dbName} into a small IndexedDB store
//   (src/db/sw-session.ts) on each auth change and clears it at sign-out; the SW cannot read
//   supabase-js's localStorage session.
// - Here: no record → nothing. A token that expires within EXPIRY_MARGIN_MS → nothing: the page sends
//   the writes when next opened. Throwing instead would only make the browser retry with the same
//   dead token, so these outcomes resolve.
// - Otherwise the user's AppDb is opened and the page's own engine runs it once, push only: a remote
//   holding the stored token that never refreshes it (src/remote/fixed-token-remote.ts: the page's REST
//   code over postgrest-js, without supabase-js's auth and realtime clients), no realtime,
//   no pull scopes, no triggers, and `navigator.locks` under the engine's lock name, so the SW and an
//   open tab never push at once. The engine's start-up pull with no scopes is just the inbox
//   summaries (one RPC), which leaves the inbox fresh for the next open.
// - A sync fires when the browser sees the network back, so backoffs the page left after network
//   failures end at once (the engine's resumeNow, as the page's `online`). A backoff left after a 5xx or
//   429 is honoured by ending the run, never by waiting in it: a sync event's `waitUntil` that sleeps
//   keeps the worker busy, and Chromium activates a new version only once the old one is idle, so
//   "Reload" on "New version available" would wait out the backoff
//   (docs/decisions/update-with-queued-writes.md).
// - A stop signal (an update: the new version's worker, told SKIP_WAITING, posts STOP_BACKGROUND_PUSH
//   to this one; sw/sw.ts) stops the engine at once; a write already sent is acknowledged first, under
//   the push lock, so nothing goes twice. The rest stays queued in IndexedDB for the page or the new worker.
// - The user's database is opened only if it still exists: after a sign-out wiped it, a sync event
//   that read the session just before must not create it again (empty) under the old name.
// - A write whose answer may carry a notice for the user (a profile edit or a room toggle another device
//   overruled) is left, with what follows it, for the page, which shows the notice ('left-for-page').
// - Still queued after a network or server failure, or waiting out a backoff ('incomplete'), or
//   stopped for an update ('stopped'): the handler rejects, so the browser retries the sync later. A
//   token the server refuses ('rejected'): resolves; the page's supabase-js refreshes the session when
//   the app is next opened and sends them then.
// - Writes the server refuses permanently are marked failed exactly as in the page (Retry / Delete).
import type { AppDb } from '../db/db.ts';
import { openAppDb } from '../db/db.ts';
import { databaseExists } from '../db/device-data.ts';
import { countOutbox } from '../db/queries/outbox.ts';
import { readServiceWorkerSession, type ServiceWorkerSession } from '../db/sw-session.ts';
import { logger as appLogger } from '../lib/logger.ts';
import { createFixedTokenSyncRemote } from '../remote/fixed-token-remote.ts';
import type { SyncRemote } from '../remote/sync-port.ts';
import { createSyncEngine, type SyncEngineOptions } from './engine.ts';
import { createCommandRegistry } from './commands/registry.ts';
import { headOfQueue, waitFor } from './outbox.ts';
import { DEFAULT_BACKOFF } from './backoff.ts';
import { platformLocks } from './platform.ts';
import { noTriggers, systemClock, type Clock, type Locks, type SyncLogger } from './ports.ts';

/** A token closer than this to its expiry is not used: the push must finish before it lapses. */
export const EXPIRY_MARGIN_MS = 60_000;
/** The longest one sync event keeps pushing (guards against a queue that makes no progress). */
export const BUDGET_MS = 90_000;
/** Pause between two pushes of one run whose head is due but still queued (the page held the push lock). */
const MIN_PAUSE_MS = 250;

export type BackgroundPushOutcome =
  /** nobody signed in (or the page never mirrored a session) */
  | 'no-session'
  /** the stored token expired or is about to: the page sends the writes when next opened */
  | 'token-expired'
  /** the user's database could not be opened (e.g. a newer schema than this SW knows) */
  | 'database-unavailable'
  | 'nothing-queued'
  /** every queued write was sent (or marked failed, as the page would) */
  | 'sent'
  /** the server refused the stored token: left for the page */
  | 'rejected'
  /** writes are still queued after a network or server failure, or wait out a backoff: worth a browser retry */
  | 'incomplete'
  /** a new version of the worker is taking over: the page or the new worker sends what is left */
  | 'stopped'
  /** the next write's answer may carry a notice for the user (a kept conflict): it and what follows wait for the page */
  | 'left-for-page';

export interface BackgroundPushDeps {
  readSession(): Promise<ServiceWorkerSession | null>;
  openDb(session: ServiceWorkerSession): Promise<AppDb>;
  createRemote(session: ServiceWorkerSession): SyncRemote;
  locks: Locks;
  clock?: Clock;
  logger?: SyncLogger;
  expiryMarginMs?: number;
  budgetMs?: number;
  /** Aborted when a new version of the worker takes over: the run stops at once. */
  signal?: AbortSignal;
  /** engine overrides (tests: backoff, commands) */
  engine?: Partial<Omit<SyncEngineOptions, 'db' | 'userId' | 'remote' | 'locks' | 'triggers' | 'clock'>>;
}

/** One Background Sync run: sends the stored user's queued writes with the stored token, if still valid. */
export async function pushQueuedWrites(deps: BackgroundPushDeps): Promise<BackgroundPushOutcome> {
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? { warn: () => {}, error: () => {} };
  const margin = deps.expiryMarginMs ?? EXPIRY_MARGIN_MS;

  if (deps.signal?.aborted) return 'stopped';
  const session = await deps.readSession();
  if (!session) return 'no-session';
  if (session.expiresAt - margin <= clock.now()) return 'token-expired';

  let db: AppDb;
  try {
    db = await deps.openDb(session);
  } catch (error) {
    logger.warn('Background sync: the local database could not be opened', error);
    return 'database-unavailable';
  }
  try {
    if ((await countOutbox(db)).pending === 0) return 'nothing-queued';
    const commands = deps.engine?.commands ?? createCommandRegistry();
    const engine = createSyncEngine({
      logger,
      ...deps.engine,
      commands,
      // Nobody would read the notice of a kept conflict here: such a write waits for the page.
      sendsWritesThatTellTheUser: false,
      db,
      userId: session.userId,
      remote: deps.createRemote(session),
      locks: deps.locks,
      triggers: noTriggers,
      clock,
      realtimeTables: [],
      scopes: [],
    });
    const deadline = Math.min(clock.now() + (deps.budgetMs ?? BUDGET_MS), session.expiresAt - margin);
    const signal = deps.signal;
    // engine.stop() at once: no new request starts, the pause below ends, a request in flight is acknowledged.
    const stopped = new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
    const stopEngine = () => void engine.stop();
    const pause = async (ms: number) => {
      let cancel = () => {};
      await Promise.race([new Promise<void>((resolve) => (cancel = clock.setTimeout(resolve, ms))), stopped]);
      cancel();
    };
    signal?.addEventListener('abort', stopEngine, { once: true });
    try {
      await engine.start();
      // A stop that came while starting: start() may have undone it.
      if (signal?.aborted) return 'stopped';
      // The browser fired the sync because the network is back: network backoffs end now.
      await engine.resumeNow();
      for (;;) {
        if (signal?.aborted) return 'stopped';
        await engine.pushNow();
        if (signal?.aborted) return 'stopped';
        const head = await headOfQueue(db);
        if (!head) return 'sent';
        if (engine.status.get().lastError?.kind === 'auth') return 'rejected';
        if (commands.get(head.name)?.mayTellTheUser) return 'left-for-page';
        // A backoff is left to the browser's retry (or the page): never slept through here.
        if (waitFor(head, clock.now(), deps.engine?.backoff?.capMs ?? DEFAULT_BACKOFF.capMs) > 0 || clock.now() + MIN_PAUSE_MS > deadline) return 'incomplete';
        await pause(MIN_PAUSE_MS);
      }
    } finally {
      signal?.removeEventListener('abort', stopEngine);
      await engine.stop();
    }
  } finally {
    db.close();
  }
}

/** The service worker's wiring: the mirrored session, the user's AppDb, postgrest-js with that token. */
export function pushFromServiceWorker(signal?: AbortSignal): Promise<BackgroundPushOutcome> {
  return pushQueuedWrites({
    signal,
    readSession: () => readServiceWorkerSession(),
    openDb: async (session) => {
      if (!(await databaseExists(session.dbName))) throw new Error(`${session.dbName} no longer exists (signed out)`);
      return openAppDb(session.userId, { name: session.dbName });
    },
    createRemote: (session) => createFixedTokenSyncRemote({ accessToken: session.accessToken }),
    locks: platformLocks(),
    logger: appLogger,
  });
}
