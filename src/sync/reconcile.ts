// Removes rows that left every scope of the user's view (docs/decisions/mirror-scope-removal.md).
// Pulls only move forward and delete on tombstones the user can still see; a listing its host deleted,
// a hard-deleted message or the house chat of a stay that ended never arrives as a tombstone. So, after
// a full pull (start-up, reconnect), the engine asks the server which of the rows it holds are still
// visible, per table and per scope, under the user's own RLS, and deletes the held rows no scope
// returns. Tables the device holds completely (bookings, payments, messages) are compared by counts over
// id ranges, split only where the counts differ, so one run covers them whatever their size; the
// others are checked id by id, in chunks. Never removed: rows with an outbox entry (unsent or failed
// writes) and rows the server has not acknowledged (`_status`, `_v` 0).
import type { AppDb } from '../db/db.ts';
import type { SyncedRows, SyncedTableName } from '../db/tables.ts';
import type { RemoteFilter, ServerRecord, SyncRemote } from '../remote/sync-port.ts';
import { tombstoneKey } from './apply-server-rows.ts';
import { DIRECT_MESSAGE_FILTER, houseChatFilters } from './pull.ts';

/** One slice of what the user may see of a table; a held row stays while at least one scope of its table returns it. */
export interface ReconcileScope {
  key: string;
  table: SyncedTableName;
  /** this scope's own filters on top of RLS; null when the scope is empty now (every held row is outside it) */
  filters(db: AppDb, userId: string): Promise<RemoteFilter[] | null>;
  /**
   * After a full pull the device holds every row this scope returns (the pull has the same scope and no
   * window), so a range whose held count equals the server's count holds nothing to remove. Tables
   * whose scopes are all complete are checked by counts (`countMatchedRanges`).
   */
  complete?: boolean;
}

export interface ReconcileOptions {
  /** most ids sent in one request (`id=in.(…)` lives in the URL); a counted range this small is checked id by id */
  chunkSize: number;
  /** most held rows of a table not held completely checked per run; the next run goes on from there (a cursor in `_sync_state`) */
  maxIdsPerTable: number;
}

export const DEFAULT_RECONCILE_OPTIONS: ReconcileOptions = { chunkSize: 200, maxIdsPerTable: 2_000 };

/** A chunk never drops below this many ids, however many ids a scope's own filter carries. */
const MIN_CHUNK = 50;

const CURSOR_PREFIX = 'reconcile:';

/** What the signed-in user's mirror may hold: whatever RLS lets them read, and house chat only of houses they still belong to. */
export function userReconcileScopes(): ReconcileScope[] {
  const everything = (table: SyncedTableName, complete = false): ReconcileScope => ({ key: `${table}:visible`, table, filters: async () => [], ...(complete && { complete }) });
  return [
    // Explore and the property pages cache only the listings the user opened: checked id by id.
    everything('properties'),
    everything('rooms'),
    // The pull takes every booking and payment the user may read (pull.ts): held completely.
    everything('bookings', true),
    everything('booking_payments', true),
    // The same message scopes as the pull (pull.ts), held completely. House chat: RLS already hides
    // other members' messages once a stay ends, but not the user's own, so the scope is the houses the
    // inbox lists (refreshed by the pull that precedes every run).
    { key: 'messages:direct', table: 'messages', filters: async () => [DIRECT_MESSAGE_FILTER], complete: true },
    { key: 'messages:house', table: 'messages', filters: (db) => houseChatFilters(db), complete: true },
    everything('profiles'),
    everything('reviews'),
    everything('property_reviews'),
  ];
}

// ----------------------------------------------------------------------------------- pure part

export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!(size >= 1)) throw new Error(`chunk size must be at least 1, got ${size}`);
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** Ids a scope's own filters already put in the URL, so a chunk plus the filter stays bounded. */
export function chunkSizeFor(filters: readonly RemoteFilter[], chunkSize: number): number {
  const used = filters.reduce((sum, filter) => sum + (filter.op === 'in' ? filter.value.length : 0), 0);
  return Math.max(Math.min(MIN_CHUNK, chunkSize), chunkSize - used);
}

/**
 * The held ids (sorted) whose counts differ from the server's, in ranges of at most `leafSize` ids: a
 * range whose held count equals the count the server gives for the same id bounds is settled; one that
 * differs is halved until it is no longer than a leaf. `serverCount` answers for the inclusive bounds
 * [first, last].
 */
export async function countMatchedRanges(
  sortedIds: readonly string[],
  leafSize: number,
  serverCount: (first: string, last: string) => Promise<number>,
): Promise<string[][]> {
  if (!(leafSize >= 1)) throw new Error(`leaf size must be at least 1, got ${leafSize}`);
  const unsettled: string[][] = [];
  // Level by level, the ranges of one level asked at once: a run takes about log2(rows / leaf) round trips.
  let level: (readonly string[])[] = sortedIds.length ? [sortedIds] : [];
  while (level.length) {
    const counts = await Promise.all(level.map((range) => serverCount(range[0]!, range[range.length - 1]!)));
    const next: (readonly string[])[] = [];
    level.forEach((range, index) => {
      if (counts[index] === range.length) return;
      if (range.length <= leafSize) unsettled.push([...range]);
      else next.push(range.slice(0, Math.ceil(range.length / 2)), range.slice(Math.ceil(range.length / 2)));
    });
    level = next;
  }
  return unsettled;
}

export interface HeldRow {
  id: string;
  _v: number;
  _status?: string;
}

export interface ServerAnswer {
  id: string;
  version: number;
  deleted_at: string | null;
}

export interface ReconcileRemoval {
  id: string;
  /** `_v` the row had when checked: a row that changed since then is left for the next run */
  heldVersion: number;
  /** the server still shows it, as a tombstone: remembered like a pulled tombstone */
  tombstoneVersion: number | null;
}

export interface ReconcilePlan {
  removals: ReconcileRemoval[];
  /** held rows that may not be removed: a queued or failed write, or not acknowledged by the server */
  kept: string[];
}

/** A held row the reconciliation may never remove, whatever the server says. */
export function isProtected(row: HeldRow, outboxIds: ReadonlySet<string>): boolean {
  return outboxIds.has(row.id) || row._status !== undefined || row._v === 0;
}

/**
 * Which held rows go: those no scope returned, and those a scope returned as a tombstone. Protected
 * rows always stay. `answers` are every scope's answers for these ids.
 */
export function planReconcile(held: readonly HeldRow[], answers: readonly ServerAnswer[], outboxIds: ReadonlySet<string>): ReconcilePlan {
  const live = new Set<string>();
  const tombstones = new Map<string, number>();
  for (const answer of answers) {
    if (answer.deleted_at === null || answer.deleted_at === undefined) live.add(answer.id);
    else tombstones.set(answer.id, Math.max(answer.version, tombstones.get(answer.id) ?? 0));
  }
  const plan: ReconcilePlan = { removals: [], kept: [] };
  for (const row of held) {
    if (isProtected(row, outboxIds)) plan.kept.push(row.id);
    else if (tombstones.has(row.id)) plan.removals.push({ id: row.id, heldVersion: row._v, tombstoneVersion: tombstones.get(row.id)! });
    else if (!live.has(row.id)) plan.removals.push({ id: row.id, heldVersion: row._v, tombstoneVersion: null });
  }
  return plan;
}

function toAnswer(record: ServerRecord): ServerAnswer | null {
  if (typeof record.id !== 'string') return null;
  const deleted = record.deleted_at;
  return { id: record.id, version: Number(record.version ?? 0), deleted_at: typeof deleted === 'string' ? deleted : null };
}

// ----------------------------------------------------------------------------- database part

export interface ReconcileResult {
  /** held rows checked, per table */
  checked: Partial<Record<SyncedTableName, number>>;
  /** rows removed, per table */
  removed: Partial<Record<SyncedTableName, number>>;
  requests: number;
}

/** Up to `limit` held rows after the table's cursor, wrapping round to the start. */
async function heldBatch(db: AppDb, table: SyncedTableName, limit: number): Promise<HeldToCheck> {
  const localTable = db.table<SyncedRows[SyncedTableName], string>(table);
  const cursor = (await db._sync_state.get(CURSOR_PREFIX + table))?.id ?? '';
  const after = (await (cursor ? localTable.where(':id').above(cursor) : localTable.orderBy(':id')).limit(limit).toArray()).map(toHeld);
  if (after.length === limit) return { rows: after, nextCursor: after[after.length - 1]!.id, compared: after.length };
  if (!cursor) return { rows: after, nextCursor: '', compared: after.length };
  const wrapped = (await localTable.where(':id').belowOrEqual(cursor).limit(limit - after.length).toArray()).map(toHeld);
  const rows = [...after, ...wrapped];
  const isWholeTable = wrapped.length < limit - after.length;
  return { rows, nextCursor: isWholeTable || rows.length === 0 ? '' : rows[rows.length - 1]!.id, compared: rows.length };
}

async function outboxIdsFor(db: AppDb, table: SyncedTableName, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const entries = await db._outbox.where('[entity+entityId]').anyOf(ids.map((id) => [table, id])).toArray();
  return new Set(entries.map((entry) => entry.entityId));
}

/**
 * One reconciliation run: per table, the next `maxIdsPerTable` held rows are checked against every
 * scope of the table, and the rows no scope returns are deleted (re-checked in the deleting
 * transaction: a row that changed or got a write meanwhile stays).
 */
export async function reconcileMirror(
  db: AppDb,
  remote: SyncRemote,
  userId: string,
  scopes: readonly ReconcileScope[],
  options: ReconcileOptions = DEFAULT_RECONCILE_OPTIONS,
): Promise<ReconcileResult> {
  const result: ReconcileResult = { checked: {}, removed: {}, requests: 0 };
  const tables = [...new Set(scopes.map((scope) => scope.table))];
  for (const table of tables) {
    const tableScopes: ScopeFilters[] = [];
    for (const scope of scopes.filter((s) => s.table === table)) tableScopes.push({ filters: await scope.filters(db, userId), complete: scope.complete === true });
    const isComplete = tableScopes.every((scope) => scope.complete);
    const { rows: held, nextCursor, compared } = isComplete ? await heldByCounts(db, remote, table, tableScopes, options, result) : await heldBatch(db, table, options.maxIdsPerTable);
    result.checked[table] = compared;
    const outboxIds = await outboxIdsFor(db, table, held.map((row) => row.id));
    const candidates = held.filter((row) => !isProtected(row, outboxIds));
    const answers = await answersFor(remote, table, tableScopes, candidates.map((row) => row.id), options, result);
    const plan = planReconcile(candidates, answers, outboxIds);
    result.removed[table] = plan.removals.length ? await removeRows(db, table, plan.removals) : 0;
    if (!isComplete) await saveCursor(db, table, nextCursor);
  }
  return result;
}

interface HeldToCheck {
  /** held rows to check id by id */
  rows: HeldRow[];
  /** where the next run of a table checked in batches goes on */
  nextCursor: string;
  /** held rows this run compared with the server (by count or id) */
  compared: number;
}

interface ScopeFilters {
  /** null: the scope is empty now */
  filters: RemoteFilter[] | null;
  complete: boolean;
}

const toHeld = (row: SyncedRows[SyncedTableName]): HeldRow => ({ id: row.id, _v: row._v, ...(row._status !== undefined && { _status: row._status }) });

/**
 * The held rows of a completely held table that need an id check: the server's live rows are counted
 * over id ranges of the acknowledged held rows (`_v` > 0; the others are never removed), and only the
 * ranges whose counts differ are split and then checked (`countMatchedRanges`). Counted in the run's
 * requests; `checked` counts every held row, settled by a count or not.
 */
async function heldByCounts(
  db: AppDb,
  remote: SyncRemote,
  table: SyncedTableName,
  scopes: readonly ScopeFilters[],
  options: ReconcileOptions,
  result: ReconcileResult,
): Promise<HeldToCheck> {
  const localTable = db.table<SyncedRows[SyncedTableName], string>(table);
  const acknowledged: HeldRow[] = [];
  await localTable.orderBy(':id').each((row) => {
    if (row._v > 0) acknowledged.push(toHeld(row));
  });
  const byId = new Map(acknowledged.map((row) => [row.id, row]));
  const live = scopes.flatMap((scope) => (scope.filters ? [scope.filters] : []));
  const ranges = await countMatchedRanges(acknowledged.map((row) => row.id), options.chunkSize, async (first, last) => {
    let total = 0;
    for (const filters of live) {
      result.requests += 1;
      total += await remote.count({ table, filters: [...filters, { column: 'deleted_at', op: 'is', value: null }, { column: 'id', op: 'gte', value: first }, { column: 'id', op: 'lte', value: last }] });
    }
    return total;
  });
  return { rows: ranges.flat().map((id) => byId.get(id)!), nextCursor: '', compared: acknowledged.length };
}

/** Every scope's answer for these ids, in chunks; ids one scope returned are not asked of the next. */
async function answersFor(
  remote: SyncRemote,
  table: SyncedTableName,
  scopes: readonly ScopeFilters[],
  ids: readonly string[],
  options: ReconcileOptions,
  result: ReconcileResult,
): Promise<ServerAnswer[]> {
  const answers: ServerAnswer[] = [];
  let unseen = [...ids];
  for (const { filters } of scopes) {
    if (unseen.length === 0) break;
    if (!filters) continue;
    for (const chunkIds of chunk(unseen, chunkSizeFor(filters, options.chunkSize))) {
      result.requests += 1;
      const records = await remote.select({
        table,
        select: 'id, version, deleted_at',
        filters: [...filters, { column: 'id', op: 'in', value: chunkIds }],
        order: [{ column: 'id', ascending: true }],
        limit: chunkIds.length,
      });
      for (const record of records) {
        const answer = toAnswer(record);
        if (answer) answers.push(answer);
      }
    }
    const seen = new Set(answers.map((answer) => answer.id));
    unseen = unseen.filter((id) => !seen.has(id));
  }
  return answers;
}

async function saveCursor(db: AppDb, table: SyncedTableName, cursor: string): Promise<void> {
  await db._sync_state.put({ key: CURSOR_PREFIX + table, updatedAt: null, id: cursor || null, lastPulledAt: Date.now(), signature: '' });
}

async function removeRows(db: AppDb, table: SyncedTableName, removals: readonly ReconcileRemoval[]): Promise<number> {
  const localTable = db.table<SyncedRows[SyncedTableName], string>(table);
  return db.transaction('rw', [localTable, db._outbox, db._tombstones], async () => {
    const ids = removals.map((removal) => removal.id);
    const [current, outboxIds] = await Promise.all([localTable.bulkGet(ids), outboxIdsFor(db, table, ids)]);
    const gone = removals.filter((removal, index) => {
      const row = current[index];
      return row && row._v === removal.heldVersion && !isProtected(row, outboxIds);
    });
    if (gone.length === 0) return 0;
    await localTable.bulkDelete(gone.map((removal) => removal.id));
    // A tombstone only for rows the server shows deleted: a row that merely left the user's view may
    // come back at the same version (a new booking of the house) and must then be stored again.
    const tombstones = gone.filter((removal) => removal.tombstoneVersion !== null);
    if (tombstones.length) await db._tombstones.bulkPut(tombstones.map((removal) => ({ key: tombstoneKey(table, removal.id), version: removal.tombstoneVersion! })));
    return gone.length;
  });
}
