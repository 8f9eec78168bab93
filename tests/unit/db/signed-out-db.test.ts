// The signed-out database is shared by everyone at this browser and has no sync: it keeps only public
// rows (scrubSignedOutDb) and forgets listings Explore's complete list no longer names.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { dropUnlistedProperties, isPublicRow, scrubSignedOutDb } from '../../../src/db/device-data.ts';
import { bookingRow, freshDb, messageRow, profileRow, propertyRow, roomRow } from './fixtures.ts';

describe('the signed-out database', () => {
  it.each([
    ['properties', {}, true],
    ['rooms', {}, true],
    ['reviews', {}, true],
    ['property_reviews', { is_public: true }, true],
    ['property_reviews', { is_public: false }, false],
    ['profiles', { is_visible_to_guests: true }, true],
    ['profiles', { is_visible_to_guests: false }, false],
    ['bookings', {}, false],
    ['messages', {}, false],
    ['messages', { deleted_at: '2025-01-01T00:00:00Z' }, true],
  ] as const)('%s %j is public: %s', (table, row, expected) => {
    expect(isPublicRow(table, row)).toBe(expected);
  });

  it('scrubs private rows left by a race or an older version', async () => {
    const db = await freshDb();
    await db.bookings.put(bookingRow({ id: 'b1' }));
    await db.messages.put(messageRow({ id: 'm1', conversation_key: 'c1' }));
    await db.profiles.bulkPut([profileRow({ id: 'host', is_visible_to_guests: true }), profileRow({ id: 'guest', is_visible_to_guests: false })]);
    await db._snapshots.put({ key: 'housemates:p1', kind: 'housemates', propertyId: 'p1', data: [], fetchedAt: 1 });
    expect(await scrubSignedOutDb(db)).toBe(4);
    expect(await db.profiles.toCollection().primaryKeys()).toEqual(['host']);
  });

  it('forgets cached listings (and their rooms) the complete server list no longer names', async () => {
    const db = await freshDb();
    await db.properties.bulkPut([propertyRow({ id: 'kept' }), propertyRow({ id: 'gone' })]);
    await db.rooms.bulkPut([roomRow({ id: 'r-kept', property_id: 'kept' }), roomRow({ id: 'r-gone', property_id: 'gone' }), roomRow({ id: 'r-gone-2', property_id: 'gone', price_per_week: 900 })]);
    expect(await dropUnlistedProperties(db, new Set(['kept']))).toBe(1);
    expect(await db.properties.toCollection().primaryKeys()).toEqual(['kept']);
    expect(await db.rooms.toCollection().primaryKeys()).toEqual(['r-kept']);
    expect(await dropUnlistedProperties(db, new Set(['kept']))).toBe(0);
  });
});
