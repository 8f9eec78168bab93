// The scope of the offline copies of Who's Staying and taken dates:
// which listings may keep a copy, on the boundaries of status and check-out, and that a copy is
// neither stored nor kept outside it.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { pruneSnapshots, readSnapshot, saveSnapshot, snapshotForDevice, snapshotScope } from '../../../src/db/queries/property-snapshots.ts';
import type { BookingStatus } from '../../../src/db/tables.ts';
import { bookingRow, freshDb, propertyRow } from './fixtures.ts';

const today = '2025-06-15';
const me = 'guest-1';

describe('snapshot scope', () => {
  // status · check-out · keeps taken dates · keeps Who's Staying
  const cases: [BookingStatus, string, boolean, boolean][] = [
    ['pending_payment', '2025-07-01', true, false],
    ['pending', '2025-07-01', true, false],
    ['paid', '2025-07-01', true, false],
    ['accepted', '2025-07-01', true, true],
    ['completed', '2025-07-01', true, true],
    ['accepted', '2025-06-16', true, true],
    ['accepted', today, false, false],
    ['completed', '2025-06-14', false, false],
    ['declined', '2025-07-01', false, false],
    ['cancelled', '2025-07-01', false, false],
  ];
  it.each(cases)('a %s booking checking out %s: dates %s, housemates %s', async (status, checkOut, keepsDates, keepsHousemates) => {
    const db = await freshDb();
    await db.bookings.put(bookingRow({ id: 'b1', user_id: me, property_id: 'p1', check_in: '2025-05-01', check_out: checkOut, status }));
    const scope = await snapshotScope(db, me, today);
    expect(scope.bookedDates.has('p1')).toBe(keepsDates);
    expect(scope.housemates.has('p1')).toBe(keepsHousemates);
  });

  it('counts listings the user hosts, not deleted ones, and not other guests\' bookings', async () => {
    const db = await freshDb();
    await db.properties.bulkPut([
      propertyRow({ id: 'mine', host_id: me }),
      propertyRow({ id: 'mine-deleted', host_id: me, deleted_at: '2025-06-01T00:00:00.000Z', version: 2 }),
      propertyRow({ id: 'theirs', host_id: 'host-2' }),
    ]);
    await db.bookings.bulkPut([
      bookingRow({ id: 'b-other', user_id: 'guest-2', guest_id: 'guest-2', property_id: 'theirs', check_out: '2025-07-01', status: 'accepted' }),
      bookingRow({ id: 'b-deleted', user_id: me, property_id: 'theirs', check_out: '2025-07-01', status: 'accepted', deleted_at: '2025-06-01T00:00:00.000Z' }),
    ]);
    const scope = await snapshotScope(db, me, today);
    expect([...scope.bookedDates]).toEqual(['mine']);
    expect([...scope.housemates]).toEqual(['mine']);
  });

  it('stores a copy only in scope, drops an existing one when the listing left it, and prunes', async () => {
    const db = await freshDb();
    await db.bookings.put(bookingRow({ id: 'b1', user_id: me, property_id: 'p1', check_out: '2025-07-01', status: 'accepted' }));
    const save = (propertyId: string) => saveSnapshot(db, me, { kind: 'housemates', propertyId, data: [{ user_id: 'x' }], fetchedAt: 1 }, today);
    expect(await save('p1')).toBe(true);
    expect(await save('p2')).toBe(false);
    expect(await readSnapshot(db, 'housemates', 'p2')).toBeUndefined();

    await db.bookings.put(bookingRow({ id: 'b1', user_id: me, property_id: 'p1', check_out: '2025-07-01', status: 'cancelled' }));
    expect(await save('p1')).toBe(false);
    expect(await readSnapshot(db, 'housemates', 'p1')).toBeUndefined();

    await db._snapshots.bulkPut([
      { key: 'housemates:p3', kind: 'housemates', propertyId: 'p3', data: [], fetchedAt: 1 },
      { key: 'booked-dates:p3', kind: 'booked-dates', propertyId: 'p3', data: [], fetchedAt: 1 },
    ]);
    await db.bookings.put(bookingRow({ id: 'b3', user_id: me, property_id: 'p3', check_out: '2025-07-01', status: 'pending_payment' }));
    expect(await pruneSnapshots(db, await snapshotScope(db, me, today))).toBe(1);
    expect((await db._snapshots.toArray()).map((row) => row.key)).toEqual(['booked-dates:p3']);
  });

  it('keeps the booking id of the user\'s own ranges only: other people\'s are blanked before storing', async () => {
    const db = await freshDb();
    await db.bookings.put(bookingRow({ id: 'mine', user_id: me, property_id: 'p1', check_out: '2025-07-01', status: 'accepted' }));
    const ranges = [{ booking_id: 'mine', room_id: 'r1' }, { booking_id: 'someone-else', room_id: 'r2' }];
    expect(await snapshotForDevice(db, me, 'booked-dates', ranges)).toEqual([{ booking_id: 'mine', room_id: 'r1' }, { booking_id: '', room_id: 'r2' }]);
    expect(await snapshotForDevice(db, me, 'housemates', ranges)).toBe(ranges);
    await saveSnapshot(db, me, { kind: 'booked-dates', propertyId: 'p1', data: ranges, fetchedAt: 1 }, today);
    expect((await readSnapshot(db, 'booked-dates', 'p1'))?.data).toEqual([{ booking_id: 'mine', room_id: 'r1' }, { booking_id: '', room_id: 'r2' }]);
  });
});
