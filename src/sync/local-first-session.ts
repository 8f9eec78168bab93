// The session's database and engine: opened at sign-in (per-user database + sync), at sign-out the
// signed-out database (cached browsing, no sync). Features reach the session through session-actions.ts.
//
// Leaving a user wipes their data from this browser (docs/decisions/sign-out-wipes-device-data.md):
// whenever the session moves away from a signed-in user (sign-out, another account signing in, a
// session lost to a refused refresh), their database, the service worker's copy of their session and
// the private caches the app registered (user-data-wipers.ts) are deleted before anything else opens.
// One exception: a session the server refused while the user had unsent writes keeps their database,
// sealed, until the same user signs in again (sealed-session.ts); another account signing in wipes it.
// Other tabs showing that user's data drop it when the database is deleted under them (`versionchange`).
import { setCurrentDb } from '../db/current-db.ts';
import { databaseNameFor, openAppDb, type AppDb } from '../db/db.ts';
import { deleteDatabase, deleteOtherUsersDatabases, scrubSignedOutDb } from '../db/device-data.ts';
import { clearServiceWorkerSession } from '../db/sw-session.ts';
import { logger } from '../lib/logger.ts';
import { serverNow } from '../remote/server-clock.ts';
import type { SyncRemote } from '../remote/sync-port.ts';
import { setActiveEngine } from './active-engine.ts';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './engine.ts';
import { platformLocks, platformTriggers } from './platform.ts';
import { systemClock, type Clock } from './ports.ts';
import { discardedNotice, type LeaveReason, forgetSealedSession, readSealedSession, sealSession, whenUserLeaves, whenUserSignsIn, type SealedSession } from './sealed-session.ts';
import { runUserDataWipers } from './user-data-wipers.ts';

/** Optimistic rows (a pending message's created_at) and timers in the server's time: docs/decisions/device-clock-skew.md */
const serverCorrectedClock: Clock = { now: serverNow, setTimeout: systemClock.setTimeout };

interface Session {
  userId: string | null;
  email: string | null;
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
async function wipeUserData(userId: string, nextUserId: string | null, options: { keepDatabase?: boolean } = {}): Promise<void> {
  await clearServiceWorkerSession({ userId }).catch((error: unknown) => logger.warn('The service worker session could not be cleared', error));
  const name = databaseNameFor(userId);
  if (!options.keepDatabase && !(await deleteDatabase(name))) logger.warn(`Deleting ${name} waits for another tab to close it`);
  for (const error of await runUserDataWipers({ userId, nextUserId })) logger.warn('Private data could not be wiped', error);
}

/** Any other user's database still here (a session lost while the app was closed) goes too. */
async function wipeLeftovers(keepUserId: string | null): Promise<void> {
  try {
    // Signed out, a database sealed by a refused session waits for its user (sealed-session.ts).
    const sealed = keepUserId ? null : readSealedSession();
    const leftovers = await deleteOtherUsersDatabases([keepUserId, sealed?.userId ?? null]);
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

/** A refused session with unsent writes: seal them for their user (their database stays, unread). */
async function sealIfRefused(leaving: Session, reason: LeaveReason): Promise<boolean> {
  if (!leaving.userId) return false;
  const unsent = await leaving.db._outbox.count().catch(() => 0);
  if (whenUserLeaves({ reason, unsent }) !== 'seal') return false;
  sealSession({ userId: leaving.userId, email: leaving.email, unsent });
  logger.warn(`The session was refused with ${unsent} unsent writes: kept sealed until the same user signs in`);
  return true;
}

/** A sign-in over sealed writes: the same user gets them back (the engine sends them), another wipes them. */
async function settleSealedWrites(userId: string, onDiscarded?: (notice: string) => void): Promise<void> {
  const seal = whenUserSignsIn(userId);
  if (seal.action === 'discard') await discardSealed(seal.sealed, userId, onDiscarded);
  else if (seal.action === 'unseal') forgetSealedSession();
}

async function discardSealed(sealed: SealedSession, nextUserId: string | null, onDiscarded?: (notice: string) => void): Promise<void> {
  await wipeUserData(sealed.userId, nextUserId);
  forgetSealedSession();
  onDiscarded?.(discardedNotice(sealed));
}

/**
 * The signed-out person chose to discard writes a refused session sealed (the sign-in form offers it).
 * Resolves with what to tell them, or null when nothing was sealed.
 */
export function discardSealedWrites(): Promise<string | null> {
  let notice: string | null = null;
  transitions = transitions
    .then(async () => {
      const sealed = readSealedSession();
      if (sealed) await discardSealed(sealed, null, (text) => (notice = text));
    })
    .catch((error: unknown) => logger.error('Discarding the unsent writes failed', error));
  return transitions.then(() => notice);
}

export interface OpenSessionOptions {
  /** null: signed out (the anonymous database, no sync) */
  userId: string | null;
  /** the signed-in user's email, to name them if their sealed writes are discarded later */
  email?: string | null;
  /**
   * Signing out ('chosen', the default) wipes the leaving user's data; a session the server refused
   * ('refused') keeps their database sealed while it holds unsent writes.
   */
  leaveReason?: LeaveReason;
  /** another account signed in over sealed writes, which were deleted: tell the person (the notice) */
  onSealedWritesDiscarded?: (notice: string) => void;
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
    const isSealed = leaving !== null && !options.userId && (await sealIfRefused(session!, options.leaveReason ?? 'chosen'));
    await close();
    if (leaving && leaving !== options.userId) await wipeUserData(leaving, options.userId, { keepDatabase: isSealed });
    if (options.userId) await settleSealedWrites(options.userId, options.onSealedWritesDiscarded);
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
      engine = createSyncEngine({ locks: platformLocks(), triggers: platformTriggers(), logger, clock: serverCorrectedClock, ...options.engine, db, userId: options.userId, remote: options.remote });
    }
    publish({ userId: options.userId, email: options.email ?? null, db, engine });
    await engine?.start();
    // Other users' databases are never read by this session: they go after it shows and syncs its own data
    // (a deletion waits while another tab or the service worker still holds one open).
    await wipeLeftovers(options.userId);
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
      if (readSealedSession()?.userId === leaving) forgetSealedSession();
    })
    .catch((error: unknown) => logger.error('Wiping the local data failed', error));
  return transitions;
}
