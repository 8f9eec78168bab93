// The merge rule for every row that arrives from the server (pull, realtime, write acknowledgement).
// Pure: the database side lives in apply-server-rows.ts.

export interface VersionedRow {
  id: string;
  version: number;
  deleted_at: string | null;
}

export interface MergeInput<R extends VersionedRow> {
  incoming: readonly R[];
  /** `_v` of the rows held locally */
  localVersions: ReadonlyMap<string, number>;
  /** versions at which rows were deleted locally (so an older copy cannot resurrect them) */
  tombstoneVersions: ReadonlyMap<string, number>;
  /** ids with a queued or failed outbox entry: the local intent stays until acknowledged */
  pendingIds: ReadonlySet<string>;
}

export interface MergePlan<R extends VersionedRow> {
  puts: R[];
  deletes: { id: string; version: number }[];
  /** ids left alone: pending locally, or not newer than what we hold */
  skipped: string[];
}

/**
 * Server-authoritative merge: a row replaces the local one only when its server `version` is newer;
 * rows with pending local writes are never overwritten; tombstones (`deleted_at`) delete.
 */
export function planMerge<R extends VersionedRow>(input: MergeInput<R>): MergePlan<R> {
  const newest = new Map<string, R>();
  for (const row of input.incoming) {
    const seen = newest.get(row.id);
    if (!seen || row.version > seen.version) newest.set(row.id, row);
  }
  const plan: MergePlan<R> = { puts: [], deletes: [], skipped: [] };
  for (const row of newest.values()) {
    // Nothing held counts as -1, so a version-0 row (a partial public face, see remote/property-detail) is
    // stored when nothing better is, and any real row (version ≥ 1) replaces it.
    const known = Math.max(input.localVersions.get(row.id) ?? -1, input.tombstoneVersions.get(row.id) ?? -1);
    if (input.pendingIds.has(row.id) || known >= row.version) {
      plan.skipped.push(row.id);
    } else if (row.deleted_at !== null) {
      plan.deletes.push({ id: row.id, version: row.version });
    } else {
      plan.puts.push(row);
    }
  }
  return plan;
}
