// The session's database and engine: opened at sign-in (per-user database + sync), at sign-out the
// signed-out database (cached browsing, no sync). Features reach the session through session-actions.ts.
//
// Leaving a user wipes their data from this browser (docs/decisions/sign-out-wipes-device-data.md):
// whenever the session moves away from a signed-in user (sign-out, another account signing in, a
// session lost to a refused refresh), their database, the service worker's copy of their session and
// the private caches the app registered (user-data-wipers.ts) are deleted before anything else opens.
// Other tabs showing that user's data drop it when the database is deleted under them (`versionchange`).
import { setCurrentDb } from '../db/current-db.ts';
import { databaseNameFor, openAppDb, type AppDb } from '../db/db.ts';
import { deleteDatabase, deleteOtherUsersDatabases, scrubSignedOutDb } from '../db/device-data.ts';
import { clearServiceWorkerSession } from '../db/sw-session.ts';
import { logger } from '../lib/logger.ts';
import type { SyncRemote } from '../remote/sync-port.ts';
import { setActiveEngine } from './active-engine.ts';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './engine.ts';
import { platformLocks, platformTriggers } from './platform.ts';
import { runUserDataWipers } from './user-data-wipers.ts';

interface Session {
  userId: string | null;
  db: AppDb;
  engine: SyncEngine | null;
}

let session: Session | null = null;
let transitions: Promise<void> = Promise.resolve();

function publish(next: Session | null) {
  session = next;
  setCurrentDb(next?.db ?? null);
  setActiveEngine(next?.engine ?? null);
}

async function close(): Promise<void> {
  const current = session;
  if (!current) return;
  publish(null);
  try {
    await current.engine?.stop();
  } catch (error) {
    // A database deleted under the engine (another tab signed out) fails its last jobs: nothing to keep.
    logger.warn('Sync stopped with an error', error);
  }
  current.db.close();
}

/**
 * Deletes what `userId` left in this browser: first the service worker's copy of their session (so a
 * Background Sync run cannot open their database again), then the database (queued writes included),
 * then the app's registered extras (private photo caches, local-storage keys).
 */
async function wipeUserData(userId: string, nextUserId: string | null): Promise<void> {
  await clearServiceWorkerSession({ userId }).catch((error: unknown) => logger.warn('The service worker session could not be cleared', error));
  const name = databaseNameFor(userId);
  if (!(await deleteDatabase(name))) logger.warn(`Deleting ${name} waits for another tab to close it`);
  for (const error of await runUserDataWipers({ userId, nextUserId })) logger.warn('Private data could not be wiped', error);
}

/** Any other user's database still here (a session lost while the app was closed) goes too. */
async function wipeLeftovers(keepUserId: string | null): Promise<void> {
  try {
    const leftovers = await deleteOtherUsersDatabases(keepUserId);
    for (const name of leftovers) await wipeUserData(name.slice('nomadnest-'.length), keepUserId);
  } catch (error) {
    logger.warn('Leftover local data could not be checked', error);
  }
}

/** Another tab deleted this database (its user signed out there): stop reading it at once. */
function onDatabaseDeleted(db: AppDb) {
  const deleted = session;
  if (deleted?.db !== db) return;
  // Unpublished at once (live queries stop reading), the engine stopped in turn.
  publish(null);
  transitions = transitions
    .then(() => deleted.engine?.stop())
    .catch((error: unknown) => logger.warn('Sync stopped with an error', error));
}

export interface OpenSessionOptions {
  /** null: signed out (the anonymous database, no sync) */
  userId: string | null;
  /** required when signed in */
  remote?: SyncRemote;
  /** another tab upgraded the database schema: this tab should reload */
  onVersionChange?: () => void;
  /** engine overrides (tests) */
  engine?: Partial<Omit<SyncEngineOptions, 'db' | 'userId' | 'remote'>>;
}

/**
 * Switches the session to `userId`'s database and, when signed in, starts syncing it. Calls are
 * serialised, so rapid auth events (INITIAL_SESSION, SIGNED_IN, TOKEN_REFRESHED) settle in order;
 * opening the session that is already open does nothing.
 */
export function openSession(options: OpenSessionOptions): Promise<void> {
  transitions = transitions.then(async () => {
    if (session && session.userId === options.userId) return;
    const leaving = session?.userId ?? null;
    await close();
    if (leaving && leaving !== options.userId) await wipeUserData(leaving, options.userId);
    await wipeLeftovers(options.userId);
    const db: AppDb = await openAppDb(options.userId, {
      ...(options.onVersionChange && { onVersionChange: options.onVersionChange }),
      onDeleted: () => onDatabaseDeleted(db),
    });
    if (!options.userId) {
      const removed = await scrubSignedOutDb(db).catch((error: unknown) => logger.warn('The signed-out database could not be checked', error));
      if (removed) logger.warn(`Removed ${removed} private rows from the signed-out database`);
    }
    let engine: SyncEngine | null = null;
    if (options.userId) {
      if (!options.remote) throw new Error('openSession: a signed-in session needs a remote');
      engine = createSyncEngine({ locks: platformLocks(), triggers: platformTriggers(), logger, ...options.engine, db, userId: options.userId, remote: options.remote });
    }
    publish({ userId: options.userId, db, engine });
    await engine?.start();
  }).catch((error: unknown) => logger.error('Local database could not be opened', error));
  return transitions;
}

/**
 * Sign-out: stops syncing and wipes the signed-in user's data from this browser (their database with
 * any unsent writes, the service worker's session copy, the registered private caches). Resolves once
 * done; the signed-out database opens when the auth state says so (openSession({ userId: null })).
 */
export function endUserSession(): Promise<void> {
  transitions = transitions
    .then(async () => {
      const leaving = session?.userId;
      if (!leaving) return;
      await close();
      await wipeUserData(leaving, null);
    })
    .catch((error: unknown) => logger.error('Wiping the local data failed', error));
  return transitions;
}
