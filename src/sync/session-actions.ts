// What features do with the session local-first-session.ts opened: run commands (stored now, sent
// when possible), keep rows fetched online, count and flush unsent writes. Only the current database
// and the active engine are needed here, so a page that uses these does not load the engine's code
// (the engine arrives with the session, after first paint).
import { getCurrentDb } from '../db/current-db.ts';
import { dropUnlistedProperties, isPublicRow } from '../db/device-data.ts';
import { countOutbox } from '../db/queries/outbox.ts';
import { saveSnapshot } from '../db/queries/property-snapshots.ts';
import type { OutboxEntity, OutboxEntry, PropertySnapshotKind, SyncedTableName } from '../db/tables.ts';
import { toDateOnly } from '../domain/stay-dates.ts';
import type { ServerRecord } from '../remote/sync-port.ts';
import { getActiveEngine } from './active-engine.ts';
import { applyServerRows } from './apply-server-rows.ts';
import type { Command } from './commands/command.ts';
import type { SyncEngine } from './engine.ts';

/** Before a sign-out: tries to send what is queued (network backoff reset), for at most `timeoutMs`. */
export async function flushWrites(timeoutMs: number): Promise<void> {
  const engine = getActiveEngine();
  if (!engine) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([engine.resumeNow(), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
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

/**
 * Sends what is queued now (for at most `timeoutMs`) and says what became of one entry: sent, still
 * queued (no connection, backing off) or refused by the server (failed). For saves whose form wants
 * to say which it was while the user is still looking.
 */
export async function settleWrite(entryId: string, timeoutMs: number): Promise<'sent' | 'queued' | 'failed'> {
  const engine = requireEngine();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([engine.pushNow(), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
  const entry = await engine.db._outbox.where('id').equals(entryId).first();
  if (!entry) return 'sent';
  return entry.status === 'failed' ? 'failed' : 'queued';
}

/** Pulls the user's own profile row and role now (see SyncEngine.pullOwnProfileNow); no-op signed out. */
export function pullOwnProfile(): Promise<void> {
  return getActiveEngine()?.pullOwnProfileNow() ?? Promise.resolve();
}

export function retryWrite(entity: OutboxEntity, entityId: string): Promise<boolean> {
  return requireEngine().retryRow(entity, entityId);
}

export function discardWrite(entity: OutboxEntity, entityId: string): Promise<boolean> {
  return requireEngine().discardRow(entity, entityId);
}

/**
 * Rows a feature fetched online (search results, a property page), kept for offline browsing. Signed
 * out, only public rows are kept: the signed-out database outlives every user of this browser, and a
 * fetch made signed in may answer after the sign-out.
 */
export async function cacheServerRows(table: SyncedTableName, rows: readonly ServerRecord[]): Promise<void> {
  const engine = getActiveEngine();
  if (engine) return engine.cacheServerRows(table, rows);
  const db = getCurrentDb();
  if (!db) return;
  const publicRows = rows.filter((row) => isPublicRow(table, row));
  if (publicRows.length) await applyServerRows(db, table, publicRows, { userId: null });
}

/**
 * Explore fetched the complete list of listings: signed out, cached ones it no longer names go (signed
 * in, the engine's reconciliation does this for every table).
 */
export async function forgetUnlistedProperties(listedIds: ReadonlySet<string>): Promise<void> {
  const db = getCurrentDb();
  if (!db || getActiveEngine()) return;
  await dropUnlistedProperties(db, listedIds);
}

/**
 * A property-page read fetched online (Who's Staying, taken dates), kept for offline use when the
 * listing is in the signed-in user's scope (db/queries/property-snapshots.ts). Signed out: never kept.
 */
export async function cacheSnapshot(kind: PropertySnapshotKind, propertyId: string, data: unknown): Promise<void> {
  const engine = getActiveEngine();
  if (!engine) return;
  const now = Date.now();
  await saveSnapshot(engine.db, engine.userId, { kind, propertyId, data, fetchedAt: now }, toDateOnly(new Date(now)));
}

/** Queued plus failed writes of the signed-in user: sign-out asks first when this is above zero. */
export async function countUnsentWrites(): Promise<number> {
  const engine = getActiveEngine();
  if (!engine) return 0;
  const counts = await countOutbox(engine.db);
  return counts.pending + counts.failed;
}
