// The dashboard's own reads over the local mirror: rooms of the host's listings and the reviews
// already written for a set of bookings (so Rate Guest / Review your stay hide once used).
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../../src/db/db.ts';
import { listReviewsOfBookings, listRoomsOfProperties } from '../../../../src/db/queries/dashboard.ts';
import { applyServerRows } from '../../../../src/sync/apply-server-rows.ts';

const at = '2025-05-01T00:00:00.000Z';
const sync = { created_at: at, updated_at: at, version: 1, deleted_at: null as string | null };

const room = (id: string, propertyId: string, week: number, deleted = false) => ({
  ...sync, id, property_id: propertyId, name: id, description: null, photos: [], price_per_week: week, price_per_month: null,
  is_available: true, wifi_speed_mbps: null, capacity: 1, min_stay_weeks: 4, max_stay_weeks: 26, ...(deleted && { deleted_at: at, version: 2 }),
});

const review = (id: string, bookingId: string, type: 'guest_to_host' | 'host_to_guest') => ({
  ...sync, id, booking_id: bookingId, reviewer_id: 'r', reviewee_id: 'e', rating: 5, text: null, review_type: type,
});

const dbs: AppDb[] = [];
async function mirror(): Promise<AppDb> {
  const db = new AppDb(null, { name: `dashboard-${randomUUID()}` });
  dbs.push(db);
  const ctx = { userId: 'host' };
  await applyServerRows(db, 'rooms', [room('a-2', 'a', 300), room('a-1', 'a', 200), room('b-1', 'b', 100), room('c-1', 'c', 50), room('a-gone', 'a', 10)], ctx);
  await applyServerRows(db, 'rooms', [room('a-gone', 'a', 10, true)], ctx);
  await applyServerRows(db, 'reviews', [review('r1', 'x', 'guest_to_host'), review('r2', 'x', 'host_to_guest'), review('r3', 'y', 'guest_to_host')], ctx);
  return db;
}

afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

describe('dashboard queries', () => {
  it('lists the rooms of the given listings only, cheapest first per listing, without deleted ones', async () => {
    const db = await mirror();
    expect((await listRoomsOfProperties(db, ['a', 'b'])).map((r) => r.id)).toEqual(['a-1', 'a-2', 'b-1']);
    expect(await listRoomsOfProperties(db, [])).toEqual([]);
  });

  it('lists the reviews of the given bookings', async () => {
    const db = await mirror();
    expect((await listReviewsOfBookings(db, ['x'])).map((r) => r.id).sort()).toEqual(['r1', 'r2']);
    expect((await listReviewsOfBookings(db, ['y', 'z'])).map((r) => r.id)).toEqual(['r3']);
    expect(await listReviewsOfBookings(db, [])).toEqual([]);
  });
});
