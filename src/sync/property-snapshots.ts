// Refreshes the offline copies of Who's Staying and taken dates (db/queries/property-snapshots.ts)
// with the reconciliation runs (start-up, reconnect): copies of listings that left the user's scope
// go, and those in scope are fetched again, so an installed app shows them on patchy Wi-Fi even for a
// listing the user has not opened since they booked it.
import type { AppDb } from '../db/db.ts';
import { pruneSnapshots, snapshotForDevice, snapshotKey, snapshotScope } from '../db/queries/property-snapshots.ts';
import type { PropertySnapshotRow } from '../db/tables.ts';
import type { SyncRemote } from '../remote/sync-port.ts';
import {
  BLOCKING_STATUSES,
  BOOKED_DATE_COLUMNS,
  BOOKED_DATES_VIEW,
  HOUSEMATES_RPC,
  housematesArgs,
  MAX_BOOKED_RANGES,
  toHousemates,
  type BookedDatesRow,
} from '../remote/property-snapshot-shapes.ts';

/** Most listings refreshed per run (a guest has a few; a large host's others refresh when their pages open). */
export const MAX_SNAPSHOT_LISTINGS = 20;

export interface SnapshotRefreshResult {
  pruned: number;
  stored: number;
}

export async function refreshPropertySnapshots(db: AppDb, remote: SyncRemote, userId: string, now: number, today: string): Promise<SnapshotRefreshResult> {
  const scope = await snapshotScope(db, userId, today);
  const pruned = await pruneSnapshots(db, scope);
  const dateListings = [...scope.bookedDates].sort().slice(0, MAX_SNAPSHOT_LISTINGS);
  const housemateListings = [...scope.housemates].sort().slice(0, MAX_SNAPSHOT_LISTINGS);
  const rows: PropertySnapshotRow[] = [];

  if (dateListings.length) {
    const ranges = (await remote.select({
      table: BOOKED_DATES_VIEW,
      select: `property_id, ${BOOKED_DATE_COLUMNS}`,
      filters: [
        { column: 'property_id', op: 'in', value: dateListings },
        { column: 'status', op: 'in', value: [...BLOCKING_STATUSES] },
      ],
      order: [{ column: 'start_date', ascending: true }],
      limit: MAX_BOOKED_RANGES * dateListings.length,
    })) as unknown as (BookedDatesRow & { property_id: string })[];
    for (const propertyId of dateListings) {
      const data = ranges.filter((range) => range.property_id === propertyId).map(({ property_id: _listing, ...range }) => range);
      rows.push({ key: snapshotKey('booked-dates', propertyId), kind: 'booked-dates', propertyId, data, fetchedAt: now });
    }
  }
  for (const propertyId of housemateListings) {
    const data = toHousemates(await remote.rpc(HOUSEMATES_RPC, housematesArgs(propertyId)));
    rows.push({ key: snapshotKey('housemates', propertyId), kind: 'housemates', propertyId, data, fetchedAt: now });
  }
  // The scope may have moved while fetching (a sign-out closes the database; a booking cancelled meanwhile).
  const stored = await db.transaction('rw', [db._snapshots, db.bookings, db.properties], async () => {
    const current = await snapshotScope(db, userId, today);
    const kept = rows.filter((row) => (row.kind === 'housemates' ? current.housemates : current.bookedDates).has(row.propertyId));
    for (const row of kept) row.data = await snapshotForDevice(db, userId, row.kind, row.data);
    await db._snapshots.bulkPut(kept);
    return kept.length;
  });
  return { pruned, stored };
}
