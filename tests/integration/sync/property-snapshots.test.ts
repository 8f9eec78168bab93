// Offline copies of Who's Staying and taken dates (see
// docs/decisions/property-snapshots-offline.md): the engine with real Dexie (fake-indexeddb) against
// the stand-in keeps them for the listings of the user's own stays, never for one merely browsed, and
// drops them once the stay ends.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/db.ts';
import { readSnapshot } from '../../../src/db/queries/property-snapshots.ts';
import { addDaysToDate, toDateOnly } from '../../../src/domain/stay-dates.ts';
import type { BookedDatesRow, Housemate } from '../../../src/remote/property-snapshot-shapes.ts';
import { createSupabaseSyncRemote } from '../../../src/remote/sync-remote.ts';
import { createSyncEngine } from '../../../src/sync/engine.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';

const inDays = (days: number) => addDaysToDate(toDateOnly(new Date()), days);

describe.each(testEngines)('offline copies of Who\'s Staying and taken dates, on %s', (engineKind) => {
  let t: TestServer;
  let host: TestUser;
  let guest: TestUser;
  let housemate: TestUser;
  let houseId: string;
  let browsedId: string;
  let guestBookingId: string;

  async function listing(name: string): Promise<{ propertyId: string; roomIds: string[] }> {
    const { data, error } = await host.client.from('properties').insert({ host_id: host.id, name, city: 'Tbilisi', country: 'Georgia', price_per_week: 250 }).select('id').single();
    if (error) throw error;
    const propertyId = (data as { id: string }).id;
    const rooms = await host.client.from('rooms').insert([{ property_id: propertyId, name: 'Room A', price_per_week: 250 }, { property_id: propertyId, name: 'Room B', price_per_week: 250 }]).select('id');
    if (rooms.error) throw rooms.error;
    return { propertyId, roomIds: (rooms.data as { id: string }[]).map((room) => room.id) };
  }

  async function stay(user: TestUser, propertyId: string, roomId: string): Promise<string> {
    const { data, error } = await t.service().from('bookings').insert({
      user_id: user.id, property_id: propertyId, room_id: roomId, check_in: inDays(-5), check_out: inDays(40),
      total_price: 1500, status: 'accepted', guest_email: user.email, stripe_payment_intent_id: `pi_snap_${randomUUID().slice(0, 8)}`,
    }).select('id').single();
    if (error) throw error;
    return (data as { id: string }).id;
  }

  async function startUpSync(db: AppDb): Promise<void> {
    const engine = createSyncEngine({
      db, userId: guest.id, remote: createSupabaseSyncRemote(() => Promise.resolve(guest.client)), realtimeTables: [], pushDebounceMs: 60_000, pullDebounceMs: 60_000,
    });
    await engine.start();
    await engine.pullNow();
    await engine.stop();
  }

  beforeAll(async () => {
    t = await startTestServer({ engine: engineKind });
    host = await t.signUp(`host-${randomUUID().slice(0, 8)}@example.com`, 'correct-horse-battery-1', { full_name: 'Hana Host', role: 'host' });
    guest = await t.signUp(`guest-${randomUUID().slice(0, 8)}@example.com`, 'correct-horse-battery-1', { full_name: 'Gil Guest', role: 'guest' });
    housemate = await t.signUp(`mate-${randomUUID().slice(0, 8)}@example.com`, 'correct-horse-battery-1', { full_name: 'Rita Mate', role: 'guest' });
    const house = await listing('Casa Snapshot');
    houseId = house.propertyId;
    browsedId = (await listing('Just Browsing')).propertyId;
    guestBookingId = await stay(guest, houseId, house.roomIds[0]!);
    await stay(housemate, houseId, house.roomIds[1]!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the house\'s housemates and taken dates after a start-up sync, nothing for a listing only browsed', async () => {
    const db = new AppDb(guest.id, { name: `snapshots-${randomUUID()}` });
    // Browsed in Explore: cached, but no stay of the guest's.
    const { data: browsed } = await guest.client.from('properties').select('*').eq('id', browsedId);
    await createSyncEngine({ db, userId: guest.id, remote: createSupabaseSyncRemote(() => Promise.resolve(guest.client)), realtimeTables: [] }).cacheServerRows('properties', browsed ?? []);
    await startUpSync(db);
    expect(await db.properties.get(browsedId)).toBeDefined();

    const housemates = (await readSnapshot(db, 'housemates', houseId))?.data as Housemate[];
    expect(housemates.map((mate) => mate.first_initial)).toEqual(['R']);
    const dates = (await readSnapshot(db, 'booked-dates', houseId))?.data as BookedDatesRow[];
    expect(dates).toHaveLength(2);
    expect(dates.every((range) => range.status === 'accepted' && !('property_id' in range))).toBe(true);
    // Only the guest's own range keeps its booking id on the device.
    expect(dates.map((range) => range.booking_id).sort()).toEqual(['', guestBookingId]);
    expect(await db._snapshots.where('propertyId').equals(browsedId).count()).toBe(0);

    // The stay ends: the copies go with the next start-up sync, other people's stay data included.
    const ended = await t.service().from('bookings').update({ check_in: inDays(-60), check_out: inDays(-1), status: 'completed' }).eq('id', guestBookingId);
    expect(ended.error).toBeNull();
    await startUpSync(db);
    expect(await db._snapshots.count()).toBe(0);
    db.close();
  });
});
