// The session's database and engine: opened at sign-in (per-user database + sync), at sign-out the
// signed-out database (cached browsing, no sync). Features reach the engine through here.
import { setCurrentDb } from '../db/current-db.ts';
import { openAppDb, type AppDb } from '../db/db.ts';
import { countOutbox } from '../db/queries/outbox.ts';
import type { OutboxEntity, OutboxEntry, SyncedTableName } from '../db/tables.ts';
import { logger } from '../lib/logger.ts';
import type { ServerRecord, SyncRemote } from '../remote/sync-port.ts';
import { getActiveEngine, setActiveEngine } from './active-engine.ts';
import { applyServerRows } from './apply-server-rows.ts';
import type { Command } from './commands/command.ts';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './engine.ts';
import { platformLocks, platformTriggers } from './platform.ts';

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
  await current.engine?.stop();
  current.db.close();
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
    await close();
    const db = await openAppDb(options.userId, options.onVersionChange ? { onVersionChange: options.onVersionChange } : {});
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

/** Stops syncing and closes the database (the user's queued writes stay stored for their next sign-in). */
export function closeSession(): Promise<void> {
  transitions = transitions.then(close).catch((error: unknown) => logger.error('Closing the local database failed', error));
  return transitions;
}

export class NoSyncSessionError extends Error {
  constructor() {
    super('Sign in to save changes');
    this.name = 'NoSyncSessionError';
  }
}

function requireEngine(): SyncEngine {
  const engine = getActiveEngine();
  if (!engine) throw new NoSyncSessionError();
  return engine;
}

/** Runs a command (message.send@1, …) in the signed-in session: stored locally now, sent when possible. */
export function runCommand<A>(command: Command<A>, args: unknown): Promise<OutboxEntry> {
  return requireEngine().run(command, args);
}

export function retryWrite(entity: OutboxEntity, entityId: string): Promise<boolean> {
  return requireEngine().retryRow(entity, entityId);
}

export function discardWrite(entity: OutboxEntity, entityId: string): Promise<boolean> {
  return requireEngine().discardRow(entity, entityId);
}

/** Rows a feature fetched online (search results, a property page), kept for offline browsing. */
export async function cacheServerRows(table: SyncedTableName, rows: readonly ServerRecord[]): Promise<void> {
  const engine = getActiveEngine();
  if (engine) return engine.cacheServerRows(table, rows);
  const db = session?.db;
  if (!db) return;
  await applyServerRows(db, table, rows, { userId: null, now: Date.now() });
}

/** Queued plus failed writes of the signed-in user: sign-out asks first when this is above zero. */
export async function countUnsentWrites(): Promise<number> {
  const db = session?.engine ? session.db : null;
  if (!db) return 0;
  const counts = await countOutbox(db);
  return counts.pending + counts.failed;
}
