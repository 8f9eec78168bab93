// Copies of Who's Staying and taken dates kept for offline use (see
// docs/decisions/property-snapshots-offline.md). They follow a scope like every mirrored row: the
// listings the user hosts, and those where they have a live booking (a request in progress, a paid or
// accepted stay) that has not ended. A copy outside that scope is never stored and is pruned once the
// listing leaves it (a stay ended, a booking cancelled), so the device holds no one else's stay data.
import { PAID_STATUSES } from '../../domain/booking-status.ts';
import type { AppDb } from '../db.ts';
import type { BookingStatus, PropertySnapshotKind, PropertySnapshotRow } from '../tables.ts';
import { DEFAULT_BOOKING_LIMIT } from './bookings.ts';

/**
 * Bookings that put a listing in scope until their check-out day: being booked, paid for or staying (a
 * stay marked completed early still runs to its check-out). Declined and cancelled ones do not.
 */
const SCOPE_STATUSES: readonly BookingStatus[] = ['pending_payment', ...PAID_STATUSES];
/** Who's Staying is served to a guest with an accepted stay that has not ended (get_housemates): nobody else gets a list to keep. */
const STAY_STATUSES: readonly BookingStatus[] = ['accepted', 'completed'];

export const snapshotKey = (kind: PropertySnapshotKind, propertyId: string) => `${kind}:${propertyId}`;

export interface SnapshotScope {
  /** listings whose taken dates may be kept */
  bookedDates: Set<string>;
  /** listings whose Who's Staying may be kept (hosted, or a stay of the user's that has not ended) */
  housemates: Set<string>;
}

/** The user's snapshot scope on `today` (YYYY-MM-DD): from the mirrored bookings and hosted listings (get_housemates' own rule). */
export async function snapshotScope(db: AppDb, userId: string, today: string): Promise<SnapshotScope> {
  const scope: SnapshotScope = { bookedDates: new Set(), housemates: new Set() };
  const hosted = await db.properties.where('host_id').equals(userId).filter((row) => !row.deleted_at).primaryKeys();
  for (const id of hosted) {
    scope.bookedDates.add(id);
    scope.housemates.add(id);
  }
  const stays = await db.bookings
    .where('[user_id+check_in]')
    .between([userId, ''], [userId, '\uffff'])
    .filter((booking) => !booking.deleted_at && booking.check_out > today && SCOPE_STATUSES.includes(booking.status))
    .limit(DEFAULT_BOOKING_LIMIT)
    .toArray();
  for (const stay of stays) {
    scope.bookedDates.add(stay.property_id);
    if (STAY_STATUSES.includes(stay.status)) scope.housemates.add(stay.property_id);
  }
  return scope;
}

export function isInSnapshotScope(scope: SnapshotScope, kind: PropertySnapshotKind, propertyId: string): boolean {
  return (kind === 'housemates' ? scope.housemates : scope.bookedDates).has(propertyId);
}

/**
 * What of a server answer the device keeps. Taken dates name the booking behind each range (the page
 * needs it to tell the user's own stays apart); other people's booking ids are of no use here, so they
 * are blanked before storing: the copy says when a room is taken, not by which booking.
 */
export async function snapshotForDevice(db: AppDb, userId: string, kind: PropertySnapshotKind, data: unknown): Promise<unknown> {
  if (kind !== 'booked-dates' || !Array.isArray(data)) return data;
  const own = new Set(await db.bookings.where('[user_id+check_in]').between([userId, ''], [userId, '\uffff']).limit(DEFAULT_BOOKING_LIMIT).primaryKeys());
  return (data as { booking_id?: unknown }[]).map((range) => (typeof range.booking_id === 'string' && own.has(range.booking_id) ? range : { ...range, booking_id: '' }));
}

export function readSnapshot(db: AppDb, kind: PropertySnapshotKind, propertyId: string): Promise<PropertySnapshotRow | undefined> {
  return db._snapshots.get(snapshotKey(kind, propertyId));
}

/**
 * Keeps the server's answer for offline use when the listing is in the user's scope; otherwise drops
 * any copy (the listing just left it). Returns whether it was kept.
 */
export async function saveSnapshot(
  db: AppDb,
  userId: string,
  snapshot: { kind: PropertySnapshotKind; propertyId: string; data: unknown; fetchedAt: number },
  today: string,
): Promise<boolean> {
  return db.transaction('rw', [db._snapshots, db.bookings, db.properties], async () => {
    const key = snapshotKey(snapshot.kind, snapshot.propertyId);
    if (!isInSnapshotScope(await snapshotScope(db, userId, today), snapshot.kind, snapshot.propertyId)) {
      await db._snapshots.delete(key);
      return false;
    }
    await db._snapshots.put({ key, ...snapshot, data: await snapshotForDevice(db, userId, snapshot.kind, snapshot.data) });
    return true;
  });
}

/** Removes the copies of listings that left the scope; returns how many went. */
export async function pruneSnapshots(db: AppDb, scope: SnapshotScope): Promise<number> {
  return db._snapshots.filter((row) => !isInSnapshotScope(scope, row.kind, row.propertyId)).delete();
}
