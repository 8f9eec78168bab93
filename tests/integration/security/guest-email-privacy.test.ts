// A host sees a guest's e-mail only on a booking that opens the two profiles to each other (paid, the
// legacy pending, accepted, completed): an unpaid request, or one the guest cancelled, unmasks nothing
// (migration 20250601001210, docs/decisions/who-can-see-and-message-whom.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';
import { stayDates } from './support/attack-world.ts';

describe.each(testEngines)("the guest's e-mail on a booking (%s)", (engine) => {
  let t: TestServer;
  let host: TestUser;
  let guest: TestUser;
  let villa: { id: string; roomIds: string[] };

  const hostSees = async (bookingId: string) => {
    const { data, error } = await host.client.from('bookings').select('*').eq('id', bookingId).single();
    expect(error).toBeNull();
    return data as { guest_email: string | null; status: string };
  };
  const guestProfileOpen = async () => ((await host.client.from('profiles').select('id').eq('id', guest.id)).data ?? []).length > 0;

  async function request(roomIndex: number, daysAhead: number): Promise<string> {
    const { data, error } = await guest.client.from('bookings').insert({
      user_id: guest.id, property_id: villa.id, room_id: villa.roomIds[roomIndex]!, ...stayDates(daysAhead, 1), total_price: 1, status: 'pending_payment',
    }).select('id').single();
    expect(error).toBeNull();
    return data!.id as string;
  }

  beforeAll(async () => {
    t = await startTestServer({ engine });
    const unique = Math.random().toString(36).slice(2, 8);
    host = await t.signUp(`host.${unique}@email-privacy.test`, undefined, { full_name: 'Hana Host', role: 'host' });
    guest = await t.signUp(`guest.${unique}@email-privacy.test`, undefined, { full_name: 'Gil Guest', role: 'guest' });
    const { data, error } = await host.client.from('properties').insert({ host_id: host.id, name: 'Cliff House', city: 'Ericeira', country: 'Portugal', price_per_week: 250 }).select('id').single();
    if (error) throw error;
    const roomIds: string[] = [];
    for (const name of ['Sea Room', 'Garden Room', 'Loft']) {
      const room = await host.client.from('rooms').insert({ property_id: data.id, name, price_per_week: 250 }).select('id').single();
      if (room.error) throw room.error;
      roomIds.push(room.data.id as string);
    }
    villa = { id: data.id as string, roomIds };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hides it on an unpaid request, and after the guest cancels it, as the profile stays hidden', async () => {
    const id = await request(0, 30);
    expect(await hostSees(id)).toMatchObject({ status: 'pending_payment', guest_email: null });
    expect(await guestProfileOpen()).toBe(false);
    const cancelled = await guest.client.from('bookings').update({ status: 'cancelled' }).eq('id', id).select('status').single();
    expect(cancelled.error).toBeNull();
    expect(await hostSees(id)).toMatchObject({ status: 'cancelled', guest_email: null });
    expect(await guestProfileOpen()).toBe(false);
  });

  it('shows it once the booking is paid and accepted (the dashboard), and hides it again when it is cancelled', async () => {
    const id = await request(1, 60);
    // Payment verification (service role) marks it paid.
    expect((await t.service().from('bookings').update({ status: 'paid', stripe_payment_intent_id: `pi_email_${id.slice(0, 8)}` }).eq('id', id)).error).toBeNull();
    expect(await hostSees(id)).toMatchObject({ status: 'paid', guest_email: guest.email });
    expect(await guestProfileOpen()).toBe(true);
    expect((await host.client.from('bookings').update({ status: 'accepted' }).eq('id', id).select('id').single()).error).toBeNull();
    expect(await hostSees(id)).toMatchObject({ status: 'accepted', guest_email: guest.email });
    // A refunded cancellation (cancel-booking, service role) closes it again.
    expect((await t.service().from('bookings').update({ status: 'cancelled' }).eq('id', id)).error).toBeNull();
    expect(await hostSees(id)).toMatchObject({ status: 'cancelled', guest_email: null });
  });

  it('keeps a client from writing or forging it', async () => {
    const id = await request(2, 90);
    const forged = await guest.client.from('bookings').update({ guest_email: 'victim@example.com' }).eq('id', id).select('id');
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.status).toBeLessThan(500);
    expect(await hostSees(id)).toMatchObject({ guest_email: null });
  });
});
