// Background Sync: the service worker sends the queued writes of a signed-in user while no page is
// open (the signal came back after the app was closed). DOM-free like the rest of src/sync; the SW's
// `sync` event handler (sw/background-sync.ts) runs `pushFromServiceWorker` inside `event.waitUntil`,
// from a script of its own (sw/background-push-script.ts) that the worker evaluates only for a sync.
//
// Design (issue 5, deliverable 6):
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
// - A backoff the page left after network failures ends once the engine's start-up pull is answered
//   (the network is back, as on the page's `online`); one left after a 5xx or 429 is honoured, the SW
//   waiting for it within BUDGET_MS (Chromium gives a sync event minutes).
// - The user's database is opened only if it still exists: after a sign-out wiped it, a sync event
//   that read the session just before must not create it again (empty) under the old name.
// - Still queued after a network or server failure ('incomplete'): the handler rejects, so the
//   browser retries the sync later. A token the server refuses ('rejected'): resolves; the page's
//   supabase-js refreshes the session when the app is next opened and sends them then.
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
import { headOfQueue } from './outbox.ts';
import { platformLocks } from './platform.ts';
import { noTriggers, systemClock, type Clock, type Locks, type SyncLogger } from './ports.ts';

/** A token closer than this to its expiry is not used: the push must finish before it lapses. */
export const EXPIRY_MARGIN_MS = 60_000;
/** The longest one sync event waits for the queue's backoff before leaving the rest to a browser retry. */
export const BUDGET_MS = 90_000;
/** Shortest pause between two pushes of one run (guards against a queue that makes no progress). */
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
  /** writes are still queued after a network or server failure: worth a browser retry */
  | 'incomplete';

export interface BackgroundPushDeps {
  readSession(): Promise<ServiceWorkerSession | null>;
  openDb(session: ServiceWorkerSession): Promise<AppDb>;
  createRemote(session: ServiceWorkerSession): SyncRemote;
  locks: Locks;
  clock?: Clock;
  logger?: SyncLogger;
  expiryMarginMs?: number;
  budgetMs?: number;
  /** engine overrides (tests: backoff, commands) */
  engine?: Partial<Omit<SyncEngineOptions, 'db' | 'userId' | 'remote' | 'locks' | 'triggers' | 'clock'>>;
}

/** One Background Sync run: sends the stored user's queued writes with the stored token, if still valid. */
export async function pushQueuedWrites(deps: BackgroundPushDeps): Promise<BackgroundPushOutcome> {
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? { warn: () => {}, error: () => {} };
  const margin = deps.expiryMarginMs ?? EXPIRY_MARGIN_MS;

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
    const engine = createSyncEngine({
      logger,
      ...deps.engine,
      db,
      userId: session.userId,
      remote: deps.createRemote(session),
      locks: deps.locks,
      triggers: noTriggers,
      clock,
      realtimeTables: [],
      scopes: [],
    });
    const sleep = (ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));
    const deadline = Math.min(clock.now() + (deps.budgetMs ?? BUDGET_MS), session.expiresAt - margin);
    await engine.start();
    try {
      for (;;) {
        await engine.pushNow();
        const head = await headOfQueue(db);
        if (!head) return 'sent';
        if (engine.status.get().lastError?.kind === 'auth') return 'rejected';
        const pause = Math.max(head.nextAttemptAt - clock.now(), MIN_PAUSE_MS);
        if (clock.now() + pause > deadline) return 'incomplete';
        await sleep(pause);
      }
    } finally {
      await engine.stop();
    }
  } finally {
    db.close();
  }
}

/** The service worker's wiring: the mirrored session, the user's AppDb, postgrest-js with that token. */
export function pushFromServiceWorker(): Promise<BackgroundPushOutcome> {
  return pushQueuedWrites({
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
