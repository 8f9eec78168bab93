// No double booking through the whole HTTP path under concurrency (native Postgres only: PGlite runs
// one transaction at a time and can never show a race). 20 rounds × 25 guests request one room's
// overlapping dates and start checkout at the same moment: one hold per round, every other answer a
// clean 409, never a 5xx; then everyone pays at once and exactly one booking ends up paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, payWithCard, sessionIdOf } from '../payments/payments-support.ts';
import { startTestServer, type TestServer, type TestUser } from '../local/support/start.ts';
import { stayDates } from './support/attack-world.ts';

const rounds = 20;
const guestsPerRound = 25;

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrent checkouts of one room (native Postgres)', () => {
  let t: TestServer;
  let host: TestUser;
  let propertyId: string;
  const guests: TestUser[] = [];

  beforeAll(async () => {
    t = await startTestServer({ engine: 'postgres' });
    host = await t.signUp('race.host@attack.test', 'correct-horse-battery-1', { role: 'host', full_name: 'Rae Host' });
    const { data, error } = await host.client.from('properties').insert({ host_id: host.id, name: 'Race Villa', city: 'Lisbon', country: 'Portugal' }).select('id').single();
    if (error) throw error;
    propertyId = data.id as string;
    for (let index = 0; index < guestsPerRound; index += 1) {
      guests.push(await t.signUp(`race.guest.${index}@attack.test`, 'correct-horse-battery-1', { role: 'guest', full_name: `Racer ${index}` }));
    }
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  it(`${rounds} rounds × ${guestsPerRound} parallel overlapping checkouts: 0 double bookings, 0 responses ≥ 500`, async () => {
    const statuses: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const { data: room, error } = await host.client.from('rooms').insert({ property_id: propertyId, name: `Room ${round}`, price_per_week: 200 }).select('id').single();
      if (error) throw error;
      const attempts = await Promise.all(guests.map(async (guest, index) => {
        const request = await guest.client.from('bookings').insert({
          user_id: guest.id, property_id: propertyId, room_id: room.id, ...stayDates(30 + (index % 5), 2), total_price: 1, status: 'pending_payment',
        }).select('id').single();
        expect(request.status).toBeLessThan(500);
        if (request.error) return { status: request.status, url: null };
        const checkout = await invoke(guest.client, 'create-checkout-session-v2', { booking_id: request.data.id, user_id: guest.id });
        // As the booking card does when checkout cannot start: cancel the request that holds nothing.
        if (checkout.status !== 200) await guest.client.from('bookings').update({ status: 'cancelled' }).eq('id', request.data.id).eq('status', 'pending_payment');
        return { status: checkout.status, url: typeof checkout.body.url === 'string' ? checkout.body.url : null };
      }));
      statuses.push(...attempts.map((attempt) => attempt.status));
      const winners = attempts.filter((attempt) => attempt.status === 200);
      expect(winners).toHaveLength(1);
      expect(attempts.filter((attempt) => attempt.status !== 200).every((attempt) => attempt.status === 409)).toBe(true);

      // Everyone who got a session pays at once (here: the one), and nobody else can be charged.
      const payments = await Promise.all(winners.map((winner) => payWithCard(t, sessionIdOf(winner.url!))));
      expect(payments.every((payment) => payment.status === 200)).toBe(true);
      const holding = await t.server.ctx.db.query<{ n: number }>('select count(*)::int as n from public.booked_dates where room_id = $1', [room.id]);
      expect(holding.rows).toEqual([{ n: 1 }]);
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const overlapping = await t.server.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from public.booked_dates a join public.booked_dates b
       on a.room_id = b.room_id and a.id < b.id and a.stay && b.stay`,
    );
    expect(overlapping.rows).toEqual([{ n: 0 }]);
  }, 600_000);
});
