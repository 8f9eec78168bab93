// One status machine on two sides: the bookings trigger (tg_bookings_transition) decides which status
// change a guest or a host may make through the API, and the app's table (canTransition) decides which
// buttons it offers. This tries every (from, to, party) change against the database and compares the
// outcome with the table, so the two cannot drift apart.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ACTORS, BOOKING_STATUSES, canTransition, type BookingActor } from '../functions/_shared/domain/booking-status.ts';
import { createProperty, createRoom, createUser } from './support/fixtures.ts';
import type { TestDatabase } from './support/test-database.ts';
import { attempt, engines, inRolledBackRequest, openMigratedDatabase, user } from './support/test-database.ts';

describe.each(engines)('booking status transitions, database against the app (%s)', (engine) => {
  let handle: TestDatabase;
  let ids: Record<BookingActor, string> & { property: string; room: string };

  beforeAll(async () => {
    handle = await openMigratedDatabase(engine);
    const guest = await createUser(handle.db, { role: 'guest' });
    const host = await createUser(handle.db, { role: 'host' });
    const property = await createProperty(handle.db, host);
    ids = { guest, host, property, room: await createRoom(handle.db, property) };
  });

  afterAll(async () => {
    await handle?.close();
  });

  /**
   * Whether `party` may move a booking from `from` to `to` with a plain update. The booking is the
   * guest's, for a stay that began five days ago (so completing is not refused for being early) and
   * without a recorded payment (so cancelling is not refused for needing a refund); each attempt
   * runs in a transaction that is rolled back.
   */
  async function databaseAllows(party: BookingActor, from: string, to: string): Promise<boolean> {
    const booking = randomUUID();
    const prepare = `insert into public.bookings (id, user_id, property_id, room_id, check_in, check_out, total_price, status)
      values ('${booking}', '${ids.guest}', '${ids.property}', '${ids.room}', current_date - 5, current_date + 55, 1000, '${from}')`;
    const { rows, error } = await inRolledBackRequest(handle.db, user(ids[party]), {
      prepare,
      fn: (tx) => attempt(tx, 'update public.bookings set status = $2 where id = $1 returning id', [booking, to]),
    });
    return error === null && rows.length === 1;
  }

  it('allows exactly the changes canTransition allows, and no other', async () => {
    const allowedByDatabase: string[] = [];
    const allowedByApp: string[] = [];
    for (const party of BOOKING_ACTORS) {
      for (const from of BOOKING_STATUSES) {
        for (const to of BOOKING_STATUSES) {
          if (to === from) continue;
          const change = `${party}: ${from} → ${to}`;
          if (await databaseAllows(party, from, to)) allowedByDatabase.push(change);
          if (canTransition(from, to, party)) allowedByApp.push(change);
        }
      }
    }
    // A fixture the trigger refuses outright would make every change look forbidden.
    expect(allowedByDatabase).not.toEqual([]);
    expect(allowedByApp).toEqual(allowedByDatabase);
  });
});
