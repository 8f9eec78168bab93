import { describe, expect, it } from 'vitest';
import { planMerge, type VersionedRow } from '../../../src/sync/merge.ts';

const row = (id: string, version: number, deleted = false): VersionedRow => ({ id, version, deleted_at: deleted ? '2025-06-01T00:00:00+00:00' : null });

function plan(incoming: VersionedRow[], local: Record<string, number> = {}, options: { tombstones?: Record<string, number>; pending?: string[] } = {}) {
  return planMerge({
    incoming,
    localVersions: new Map(Object.entries(local)),
    tombstoneVersions: new Map(Object.entries(options.tombstones ?? {})),
    pendingIds: new Set(options.pending ?? []),
  });
}

describe('planMerge', () => {
  it.each([
    { name: 'new row is stored', incoming: [row('a', 1)], local: {}, puts: ['a'], deletes: [], skipped: [] },
    { name: 'newer version replaces', incoming: [row('a', 3)], local: { a: 2 }, puts: ['a'], deletes: [], skipped: [] },
    { name: 'same version is ignored', incoming: [row('a', 2)], local: { a: 2 }, puts: [], deletes: [], skipped: ['a'] },
    { name: 'older version (stale realtime event) is ignored', incoming: [row('a', 1)], local: { a: 2 }, puts: [], deletes: [], skipped: ['a'] },
    { name: 'optimistic local row (_v 0) is replaced by the server row', incoming: [row('a', 1)], local: { a: 0 }, puts: ['a'], deletes: [], skipped: [] },
    { name: 'tombstone deletes', incoming: [row('a', 4, true)], local: { a: 3 }, puts: [], deletes: ['a'], skipped: [] },
    { name: 'a public face (version 0) is stored when nothing is held', incoming: [row('a', 0)], local: {}, puts: ['a'], deletes: [], skipped: [] },
    { name: 'a public face (version 0) never replaces a held row', incoming: [row('a', 0)], local: { a: 1 }, puts: [], deletes: [], skipped: ['a'] },
    { name: 'a real row replaces a public face', incoming: [row('a', 1)], local: { a: 0 }, puts: ['a'], deletes: [], skipped: [] },
    { name: 'tombstone of an unknown row is remembered', incoming: [row('a', 4, true)], local: {}, puts: [], deletes: ['a'], skipped: [] },
  ] as { name: string; incoming: VersionedRow[]; local: Record<string, number>; puts: string[]; deletes: string[]; skipped: string[] }[])('$name', ({ incoming, local, puts, deletes, skipped }) => {
    const result = plan(incoming, local);
    expect(result.puts.map((r) => r.id)).toEqual(puts);
    expect(result.deletes.map((r) => r.id)).toEqual(deletes);
    expect(result.skipped).toEqual(skipped);
  });

  it('never overwrites a row with a pending outbox entry, even with a newer version or a tombstone', () => {
    const result = plan([row('a', 9), row('b', 9, true)], { a: 1, b: 1 }, { pending: ['a', 'b'] });
    expect(result.puts).toEqual([]);
    expect(result.deletes).toEqual([]);
    expect(result.skipped.sort()).toEqual(['a', 'b']);
  });

  it('does not resurrect a deleted row from an older copy', () => {
    expect(plan([row('a', 3)], {}, { tombstones: { a: 4 } }).puts).toEqual([]);
    expect(plan([row('a', 5)], {}, { tombstones: { a: 4 } }).puts.map((r) => r.version)).toEqual([5]);
  });

  it('keeps only the newest of duplicates within one batch', () => {
    const result = plan([row('a', 2), row('a', 5), row('a', 3)]);
    expect(result.puts).toHaveLength(1);
    expect(result.puts[0]!.version).toBe(5);
  });
});
