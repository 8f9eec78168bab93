// free_rooms_for_stay (Explore's date search): the booking's taken-dates rule (paid or accepted), per
// room, for anyone; what anon can and cannot learn from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createProperty, createRoom, createUser } from './support/fixtures.ts';
import type { TestDatabase } from './support/test-database.ts';
import { anon, engines, errorOf, openMigratedDatabase, queryAs, user } from './support/test-database.ts';

describe.each(engines)('free_rooms_for_stay (%s)', (engine) => {
  let handle: TestDatabase;
  let guest: string;
  let property: string;
  let paidRoom: string;
  let acceptedRoom: string;
  let heldRoom: string;
  let declinedRoom: string;
  let freeRoom: string;
  let closedRoom: string;

  beforeAll(async () => {
    handle = await openMigratedDatabase(engine);
    guest = await createUser(handle.db, { role: 'guest' });
    const host = await createUser(handle.db, { role: 'host' });
    property = await createProperty(handle.db, host);
    paidRoom = await createRoom(handle.db, property);
    acceptedRoom = await createRoom(handle.db, property);
    heldRoom = await createRoom(handle.db, property);
    declinedRoom = await createRoom(handle.db, property);
    freeRoom = await createRoom(handle.db, property);
    closedRoom = await createRoom(handle.db, property, { isAvailable: false });
    // Stays from day 30 to day 90 (service role: as the payment and host decisions would leave them).
    await createBooking(handle.db, { guestId: guest, propertyId: property, roomId: paidRoom, checkIn: 30, nights: 60, status: 'paid' });
    await createBooking(handle.db, { guestId: guest, propertyId: property, roomId: acceptedRoom, checkIn: 30, nights: 60, status: 'accepted' });
    await createBooking(handle.db, { guestId: guest, propertyId: property, roomId: heldRoom, checkIn: 30, nights: 60, status: 'pending_payment', heldFor: '30 minutes' });
    await createBooking(handle.db, { guestId: guest, propertyId: property, roomId: declinedRoom, checkIn: 30, nights: 60, status: 'declined' });
  });

  afterAll(async () => {
    await handle?.close();
  });

  const freeFor = async (actor: Parameters<typeof queryAs>[1], from: number, to: number, guests = 1) =>
    queryAs<Record<string, unknown>>(
      handle.db,
      actor,
      'select * from public.free_rooms_for_stay(current_date + $1::int, current_date + $2::int, $3) where property_id = $4',
      [from, to, guests, property],
    );
  const roomIds = (rows: Record<string, unknown>[]) => rows.map((row) => row.room_id).sort();

  it('leaves out rooms taken by a paid or accepted stay, and rooms switched off, for anon and users alike', async () => {
    const expected = [heldRoom, declinedRoom, freeRoom].sort();
    expect(roomIds(await freeFor(anon, 45, 75))).toEqual(expected);
    expect(roomIds(await freeFor(user(guest), 45, 75))).toEqual(expected);
    // Touching the stay's edges: check-out day is free again ([check_in, check_out)).
    expect(roomIds(await freeFor(anon, 0, 30))).toContain(paidRoom);
    expect(roomIds(await freeFor(anon, 90, 120))).toContain(acceptedRoom);
    expect(roomIds(await freeFor(anon, 89, 120))).not.toContain(acceptedRoom);
    expect(roomIds(await freeFor(anon, 0, 30))).not.toContain(closedRoom);
  });

  it('answers ids only: no booking, guest, status or dates', async () => {
    const rows = await freeFor(anon, 45, 75);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['property_id', 'room_id']);
  });

  it('filters by capacity (rooms below the guest count are left out)', async () => {
    expect(await freeFor(anon, 0, 30, 2)).toEqual([]);
    await handle.db.query('update public.rooms set capacity = 2 where id = $1', [freeRoom]);
    expect(roomIds(await freeFor(anon, 0, 30, 2))).toEqual([freeRoom]);
  });

  it('refuses inverted, empty and calendar-scanning ranges and a guest count below 1', async () => {
    expect((await errorOf(freeFor(anon, 30, 30)))?.code).toBe('22023');
    expect((await errorOf(freeFor(anon, 60, 30)))?.code).toBe('22023');
    expect((await errorOf(freeFor(anon, 0, 400)))?.code).toBe('22023');
    expect((await errorOf(freeFor(anon, 0, 30, 0)))?.code).toBe('22023');
  });

  it('is SECURITY INVOKER: it gives no rights the caller lacks', async () => {
    const { rows } = await handle.db.query<{ definer: boolean }>(
      `select prosecdef as definer from pg_proc where proname = 'free_rooms_for_stay' and pronamespace = 'public'::regnamespace`,
    );
    expect(rows).toEqual([{ definer: false }]);
  });
});
