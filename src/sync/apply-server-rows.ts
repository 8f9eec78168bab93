import type { AppDb } from '../db/db.ts';
import type { SyncedRows, SyncedTableName } from '../db/tables.ts';
import type { ServerRecord } from '../remote/sync-port.ts';
import { planMerge, type MergePlan } from './merge.ts';
import { rebaseSnapshots } from './outbox.ts';
import { isServerRecord, toLocalRow, type ShapeContext } from './table-shapes.ts';

export function tombstoneKey(table: SyncedTableName, id: string): string {
  return `${table}:${id}`;
}

export interface ApplyResult {
  plan: MergePlan<{ id: string; version: number; deleted_at: string | null }>;
  /** records without the columns every synced row has */
  rejected: number;
}

/** Merges server records into a local table in one transaction (see merge.ts for the rule). */
export async function applyServerRows(db: AppDb, table: SyncedTableName, records: readonly ServerRecord[], ctx: ShapeContext): Promise<ApplyResult> {
  const valid = records.filter(isServerRecord);
  const rejected = records.length - valid.length;
  const localTable = db.table<SyncedRows[SyncedTableName], string>(table);
  const plan = await db.transaction('rw', [localTable, db._outbox, db._tombstones], async () => {
    const ids = [...new Set(valid.map((record) => record.id))];
    const [existing, entries, tombstones] = await Promise.all([
      localTable.bulkGet(ids),
      ids.length ? db._outbox.where('[entity+entityId]').anyOf(ids.map((id) => [table, id])).toArray() : Promise.resolve([]),
      db._tombstones.bulkGet(ids.map((id) => tombstoneKey(table, id))),
    ]);
    const existingById = new Map<string, SyncedRows[SyncedTableName]>();
    const localVersions = new Map<string, number>();
    const tombstoneVersions = new Map<string, number>();
    ids.forEach((id, index) => {
      const row = existing[index];
      if (row) {
        existingById.set(id, row);
        localVersions.set(id, row._v);
      }
      const tombstone = tombstones[index];
      if (tombstone) tombstoneVersions.set(id, tombstone.version);
    });
    const pendingIds = new Set(entries.filter((entry) => !entry.rolledBack).map((entry) => entry.entityId));
    const merged = planMerge({ incoming: valid.map((record) => ({ ...record, deleted_at: record.deleted_at ?? null })), localVersions, tombstoneVersions, pendingIds });
    if (merged.puts.length) {
      await localTable.bulkPut(merged.puts.map((record) => toLocalRow(table, record, existingById.get(record.id), ctx)));
    }
    if (merged.deletes.length) {
      await localTable.bulkDelete(merged.deletes.map((row) => row.id));
      await db._tombstones.bulkPut(merged.deletes.map((row) => ({ key: tombstoneKey(table, row.id), version: row.version })));
    }
    // Rows held back by a write in flight become what a refusal of that write restores.
    const skipped = new Set(merged.skipped);
    const heldBack = valid.filter((record) => pendingIds.has(record.id) && skipped.has(record.id));
    await rebaseSnapshots(db, table, heldBack.map((record) => toLocalRow(table, { ...record, deleted_at: record.deleted_at ?? null }, existingById.get(record.id), ctx)));
    return merged;
  });
  return { plan, rejected };
}
