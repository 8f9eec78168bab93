// The database rules as the app meets them: through supabase-js against the stand-in's REST API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestServer, TestUser } from '../../tests/integration/local/support/start.ts';
import { startTestServer } from '../../tests/integration/local/support/start.ts';
import { engines } from './support/test-database.ts';

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(engines)('database rules through supabase-js (%s)', (engine) => {
  let t: TestServer;
  let host: TestUser;
  let guest: TestUser;
  let otherGuest: TestUser;
  let propertyId: string;
  let roomId: string;
  let bookingId: string;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    host = await t.mintUser('host@api.test');
    // Only hosts list properties (user_roles, as sign-up writes it).
    await t.service().from('user_roles').insert({ user_id: host.id, role: 'host' });
    guest = await t.mintUser('guest@api.test');
    otherGuest = await t.mintUser('other@api.test');
  });

  afterAll(async () => {
    await t?.close();
  });

  const book = (client: SupabaseClient, userId: string, from: number, to: number) =>
    client.from('bookings').insert({
      user_id: userId, property_id: propertyId, room_id: roomId, check_in: inDays(from), check_out: inDays(to),
      total_price: 1300, status: 'pending_payment', guest_email: 'g@api.test',
    }).select('id').single();

  it('lets a host create a listing with a client-generated id and a room', async () => {
    propertyId = crypto.randomUUID();
    const { error } = await host.client.from('properties').insert({ id: propertyId, host_id: host.id, name: 'API Villa', city: 'Tbilisi', country: 'Georgia' });
    expect(error).toBeNull();
    const room = await host.client.from('rooms').insert({ property_id: propertyId, name: 'Balcony', price_per_week: 150 }).select('id, version').single();
    expect(room.error).toBeNull();
    expect(room.data?.version).toBe(1);
    roomId = room.data!.id as string;
    const denied = await guest.client.from('rooms').insert({ property_id: propertyId, name: 'Sneaky', price_per_week: 1 });
    expect(denied.error?.code).toBe('42501');
  });

  it("sends the SPEC message when a host accepts an unpaid booking", async () => {
    const created = await book(guest.client, guest.id, 10, 70);
    expect(created.error).toBeNull();
    bookingId = created.data!.id as string;
    const { error, status } = await host.client.from('bookings').update({ status: 'accepted', host_decision: 'accepted' }).eq('id', bookingId);
    expect(status).toBe(400);
    expect(error?.message).toBe('Guest must complete payment before you can accept this booking');
  });

  it("keeps guests out of each other's bookings and lets only the service role mark paid", async () => {
    const peek = await otherGuest.client.from('bookings').select('id').eq('id', bookingId);
    expect(peek.data).toEqual([]);
    const selfPaid = await guest.client.from('bookings').update({ status: 'paid' }).eq('id', bookingId);
    expect(selfPaid.error?.code).toBe('42501');
    const paid = await t.service().from('bookings').update({ status: 'paid' }).eq('id', bookingId).select('status').single();
    expect(paid.data?.status).toBe('paid');
    const accepted = await host.client.from('bookings').update({ status: 'accepted' }).eq('id', bookingId).select('status, host_decision').single();
    expect(accepted.data).toEqual({ status: 'accepted', host_decision: 'accepted' });
  });

  it('stores an overlapping request without holding anything, at the server price, and reports the conflict through the RPC', async () => {
    const { data, error } = await book(otherGuest.client, otherGuest.id, 40, 100);
    expect(error).toBeNull();
    const stored = await t.service().from('bookings').select('total_price, guest_email, held_until').eq('id', data!.id as string).single();
    // round(2 months × 4.33 × $150) = $1,299; the client's 1,300 and e-mail are not trusted
    // An unpaid request carries no e-mail: a host sees it only once the booking is paid (migration 20250601002100).
    expect(stored.data).toEqual({ total_price: 1299, guest_email: null, held_until: null });
    const conflict = await otherGuest.client.rpc('check_booking_conflict', { p_property_id: propertyId, p_room_id: roomId, p_start_date: inDays(40), p_end_date: inDays(100) });
    expect(conflict.data).toBe(true);
  });

  it('serves messages with sender profiles and inbox summaries', async () => {
    const sent = await guest.client.from('messages').insert({ sender_id: guest.id, receiver_id: host.id, text: 'See you soon!', conversation_type: 'host_guest' });
    expect(sent.error).toBeNull();
    const thread = await host.client.from('messages').select('text, sender:profiles!messages_sender_id_fkey(id, name)').eq('receiver_id', host.id);
    expect(thread.error).toBeNull();
    expect(thread.data).toEqual([{ text: 'See you soon!', sender: { id: guest.id, name: 'guest' } }]);
    const inbox = await host.client.rpc('get_conversation_summaries');
    expect(inbox.error).toBeNull();
    expect(inbox.data).toEqual(expect.arrayContaining([expect.objectContaining({ other_user_id: guest.id, unread_count: 1, last_message: 'See you soon!' })]));
    const read = await host.client.rpc('mark_conversation_read', { p_other_user: guest.id });
    expect(read.data).toBe(1);
  });
});
