// Realtime must not tell outsiders when somebody books or writes: a subscriber that may not see a
// booking or message row gets no event at all (hosted Realtime drops RLS-hidden rows; the empty
// "Error 401: Unauthorized" events it sends to roles without SELECT are not sent here either).
// Every "nothing arrived" is asserted after a positive signal on the same socket: a later change the
// subscriber may see (the property's name), which Realtime delivers in commit order.
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signAccessToken } from '../../../supabase/local/src/keys.ts';
import { createBooking, createProperty, createRoom, createUser } from '../../../supabase/tests/support/fixtures.ts';
import { clientOptions, startTestServer, testEngines, type TestServer } from '../local/support/start.ts';
import { subscribed, until } from '../local/support/wait.ts';

interface SeenEvent {
  table: string;
  eventType: string;
  new: Record<string, unknown>;
  errors: unknown;
}

interface Watcher {
  label: string;
  events: SeenEvent[];
  channel: RealtimeChannel;
}

describe.each(testEngines)('realtime privacy on %s', (engine) => {
  let t: TestServer;
  let hostId: string;
  let guestId: string;
  let outsiderId: string;
  let propertyId: string;
  let roomId: string;
  const clients: Record<'host' | 'guest' | 'outsider', SupabaseClient> = {} as never;
  let channelCount = 0;
  const ownClients: SupabaseClient[] = [];

  /**
   * A client that is the user for REST and Realtime alike. (A manual realtime.setAuth(token) is undone
   * by supabase-js at the next join, which then joins with the anon key.)
   */
  async function userClient(id: string): Promise<SupabaseClient> {
    const token = await signAccessToken(t.server.keys, { sub: id, role: 'authenticated', aud: 'authenticated', aal: 'aal1', session_id: randomUUID(), is_anonymous: false }, 3600);
    const client = createClient(t.url, t.server.keys.anonKey, { ...clientOptions, accessToken: async () => token });
    ownClients.push(client);
    return client;
  }

  /** One channel per subscriber: bookings, messages, and the property as the sentinel. */
  async function watch(label: string, client: SupabaseClient): Promise<Watcher> {
    const events: SeenEvent[] = [];
    const record = (table: string) => (payload: { eventType: string; new: Record<string, unknown>; errors: unknown }) =>
      events.push({ table, eventType: payload.eventType, new: payload.new, errors: payload.errors });
    channelCount += 1;
    const channel = client.channel(`privacy-${label}-${channelCount}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'bookings' }, record('bookings'))
      .on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, record('messages'))
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'properties', filter: `id=eq.${propertyId}` }, record('properties'));
    await subscribed(channel);
    return { label, events, channel };
  }

  async function watchAll(): Promise<Record<'host' | 'guest' | 'outsider' | 'anon', Watcher>> {
    return {
      host: await watch('host', clients.host),
      guest: await watch('guest', clients.guest),
      outsider: await watch('outsider', clients.outsider),
      anon: await watch('anon', t.anon()),
    };
  }

  /** Renames the property (visible to everyone) and waits until every watcher has seen that rename. */
  async function sentinel(watchers: Watcher[]): Promise<void> {
    const name = `Villa ${randomUUID().slice(0, 8)}`;
    await t.server.ctx.db.query('update public.properties set name = $2 where id = $1', [propertyId, name]);
    for (const w of watchers) await until(() => w.events.some((e) => e.table === 'properties' && e.new.name === name), { what: `${w.label} to see the sentinel` });
  }

  const private_ = (w: Watcher) => w.events.filter((e) => e.table === 'bookings' || e.table === 'messages');

  beforeAll(async () => {
    t = await startTestServer({ engine });
    const db = t.server.ctx.db;
    hostId = await createUser(db, { role: 'host' });
    guestId = await createUser(db);
    outsiderId = await createUser(db);
    propertyId = await createProperty(db, hostId);
    roomId = await createRoom(db, propertyId);
    clients.host = await userClient(hostId);
    clients.guest = await userClient(guestId);
    clients.outsider = await userClient(outsiderId);
  });
  afterAll(async () => {
    for (const client of ownClients) await client.removeAllChannels();
    await t?.close();
  });

  it('delivers a new booking to its guest and host, and nothing to another guest or anon', async () => {
    const w = await watchAll();
    const bookingId = await createBooking(t.server.ctx.db, { guestId, propertyId, roomId, checkIn: 30, nights: 60, heldFor: '30 minutes' });
    await until(() => w.host.events.some((e) => e.table === 'bookings' && e.new.id === bookingId), { what: 'the host to see the booking' });
    await until(() => w.guest.events.some((e) => e.table === 'bookings' && e.new.id === bookingId), { what: 'the guest to see the booking' });
    await sentinel(Object.values(w));
    expect(private_(w.outsider)).toEqual([]);
    expect(private_(w.anon)).toEqual([]);
    const seen = w.host.events.find((e) => e.table === 'bookings' && e.new.id === bookingId)!;
    expect(seen).toMatchObject({ eventType: 'INSERT', errors: null, new: { id: bookingId, user_id: guestId, property_id: propertyId } });
  });

  it('delivers a booking status change to the parties only', async () => {
    const bookingId = await createBooking(t.server.ctx.db, { guestId, propertyId, roomId, checkIn: 120, nights: 60, heldFor: '30 minutes' });
    const w = await watchAll();
    await t.server.ctx.db.query(`update public.bookings set status = 'cancelled' where id = $1`, [bookingId]);
    await until(() => w.host.events.some((e) => e.table === 'bookings' && e.eventType === 'UPDATE' && e.new.id === bookingId), { what: 'the host to see the change' });
    await until(() => w.guest.events.some((e) => e.table === 'bookings' && e.eventType === 'UPDATE' && e.new.id === bookingId), { what: 'the guest to see the change' });
    await sentinel(Object.values(w));
    expect(private_(w.outsider)).toEqual([]);
    expect(private_(w.anon)).toEqual([]);
    expect(w.guest.events.find((e) => e.table === 'bookings' && e.new.id === bookingId)?.new.status).toBe('cancelled');
  });

  it('delivers a message insert to its sender and receiver, and nothing to another guest or anon', async () => {
    const w = await watchAll();
    const { rows } = await t.server.ctx.db.query<{ id: string }>(
      `insert into public.messages (sender_id, receiver_id, conversation_type, text) values ($1, $2, 'host_guest', 'Is the room still free in May?') returning id`,
      [guestId, hostId],
    );
    const messageId = rows[0]!.id;
    await until(() => w.host.events.some((e) => e.table === 'messages' && e.new.id === messageId), { what: 'the host to see the message' });
    await until(() => w.guest.events.some((e) => e.table === 'messages' && e.new.id === messageId), { what: 'the guest to see the message' });
    await sentinel(Object.values(w));
    expect(private_(w.outsider)).toEqual([]);
    expect(private_(w.anon)).toEqual([]);
    expect(w.host.events.find((e) => e.new.id === messageId)).toMatchObject({ eventType: 'INSERT', errors: null, new: { text: 'Is the room still free in May?' } });
  });

  it('keeps a message written through /rest/v1 by the guest from the outsider', async () => {
    const w = await watchAll();
    const id = randomUUID();
    const { error } = await clients.guest.from('messages').insert({ id, receiver_id: hostId, conversation_type: 'host_guest', text: 'Sent through the API' });
    expect(error).toBeNull();
    await until(() => w.host.events.some((e) => e.table === 'messages' && e.new.id === id), { what: 'the host to see the message' });
    await sentinel([w.outsider, w.anon]);
    expect(private_(w.outsider)).toEqual([]);
    expect(private_(w.anon)).toEqual([]);
  });

  it('sends an anon socket no frame at all for bookings and messages (no empty "Error 401" events)', async () => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${t.server.keys.anonKey}&vsn=1.0.0`);
    const frames: { event: string; payload: Record<string, unknown> }[] = [];
    const texts: string[] = [];
    ws.on('message', (data) => {
      texts.push(String(data));
      frames.push(JSON.parse(String(data)) as { event: string; payload: Record<string, unknown> });
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    try {
      ws.send(JSON.stringify({
        topic: 'realtime:anon-raw', event: 'phx_join', ref: '1', join_ref: '1',
        payload: { config: { postgres_changes: [
          { event: '*', schema: 'public', table: 'bookings' },
          { event: '*', schema: 'public', table: 'messages' },
          { event: 'UPDATE', schema: 'public', table: 'properties', filter: `id=eq.${propertyId}` },
        ] } },
      }));
      await until(() => frames.some((f) => f.event === 'phx_reply' && (f.payload as { status?: string }).status === 'ok'), { what: 'the join reply' });
      const watcherHost = await watch('host-raw', clients.host);
      await createBooking(t.server.ctx.db, { guestId, propertyId, roomId, checkIn: 210, nights: 60, heldFor: '30 minutes' });
      await t.server.ctx.db.query(`insert into public.messages (sender_id, receiver_id, conversation_type, text) values ($1, $2, 'host_guest', 'raw socket check')`, [hostId, guestId]);
      await until(() => private_(watcherHost).length >= 2, { what: 'the host to see both changes' });
      const name = `Villa ${randomUUID().slice(0, 8)}`;
      await t.server.ctx.db.query('update public.properties set name = $2 where id = $1', [propertyId, name]);
      await until(() => texts.some((text) => text.includes(name)), { what: 'the sentinel on the raw socket' });
      // Only the sentinel: no postgres_changes frame for bookings or messages, empty or not.
      const changes = frames.filter((f) => f.event === 'postgres_changes');
      expect(changes).toHaveLength(1);
      expect(changes[0]!.payload).toMatchObject({ data: { table: 'properties', type: 'UPDATE', errors: null } });
      expect(texts.filter((text) => text.includes('Error 401'))).toEqual([]);
    } finally {
      ws.close();
    }
  });
});
