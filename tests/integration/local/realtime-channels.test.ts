// Realtime through supabase-js (vsn 2.0.0) and raw sockets (vsn 1.0.0/2.0.0): postgres_changes with
// per-subscriber RLS and filters, broadcast, presence, bad JWTs and garbage frames.
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, testEngines, type TestServer, type TestUser } from './support/start.ts';
import { subscribed, until } from './support/wait.ts';

const projectDir = fileURLToPath(new URL('../../fixtures/storage-realtime', import.meta.url));

/** A raw Phoenix socket that records every decoded frame. */
async function rawSocket(url: string, apikey: string, vsn: '1.0.0' | '2.0.0'): Promise<{ ws: WebSocket; frames: unknown[] }> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=${vsn}`);
  const frames: unknown[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, frames };
}

describe.each(testEngines)('realtime on %s', (engine) => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  /** A user client whose realtime socket carries the user's JWT. */
  async function realtimeClient(user: TestUser): Promise<SupabaseClient> {
    await user.client.realtime.setAuth(user.accessToken);
    return user.client;
  }

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir });
    alice = await t.mintUser('alice@example.com');
    bob = await t.mintUser('bob@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('delivers an insert only to the subscriber whose RLS lets it see the row', async () => {
    const aliceSeen: Record<string, unknown>[] = [];
    const bobSeen: Record<string, unknown>[] = [];
    const aliceChannel = (await realtimeClient(alice)).channel('notes-a')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notes' }, (p) => aliceSeen.push(p.new));
    const bobChannel = (await realtimeClient(bob)).channel('notes-b')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notes' }, (p) => bobSeen.push(p.new));
    await subscribed(aliceChannel);
    await subscribed(bobChannel);

    // A write as the owner (any path is captured) and one in a request transaction under bob's
    // role and claims, the shape /rest/v1 and functions use.
    await t.server.ctx.db.query(`insert into public.notes (owner, body) values ($1, 'for alice')`, [alice.id]);
    await t.server.ctx.db.asRequest({ role: 'authenticated', claims: { sub: bob.id, role: 'authenticated' } }, null, (tx) =>
      tx.query(`insert into public.notes (owner, body) values ($1, 'for bob')`, [bob.id]));

    await until(() => aliceSeen.length === 1 && bobSeen.length === 1);
    expect(aliceSeen[0]).toMatchObject({ owner: alice.id, body: 'for alice', room: 1 });
    expect(typeof aliceSeen[0]!.id).toBe('number');
    expect(bobSeen[0]).toMatchObject({ owner: bob.id, body: 'for bob' });
    // Changes reach each subscriber in commit order: once a later row each may see has arrived, a stray
    // delivery of the other's row would have arrived before it.
    await t.server.ctx.db.query(`insert into public.notes (owner, body) values ($1, 'later for alice'), ($2, 'later for bob')`, [alice.id, bob.id]);
    await until(() => aliceSeen.length >= 2 && bobSeen.length >= 2);
    expect(aliceSeen.map((row) => row.body)).toEqual(['for alice', 'later for alice']);
    expect(bobSeen.map((row) => row.body)).toEqual(['for bob', 'later for bob']);

    // Anon may read rooms but no note: the room inserted after the private note arrives, the note does not.
    const anonSeen: unknown[] = [];
    const anonRooms: Record<string, unknown>[] = [];
    const anonChannel = t.anon().channel('notes-anon')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'notes' }, (p) => anonSeen.push(p))
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rooms', filter: 'id=eq.100' }, (p) => anonRooms.push(p.new));
    await subscribed(anonChannel);
    await t.server.ctx.db.query(`insert into public.notes (owner, body) values ($1, 'still private')`, [alice.id]);
    await t.server.ctx.db.query(`insert into public.rooms (id, name) values (100, 'after the private note')`);
    await until(() => aliceSeen.length === 3 && anonRooms.length === 1);
    expect(anonSeen).toHaveLength(0);
  });

  it('applies filters and event kinds, and sends only the key of a deleted row', async () => {
    const seen: { filter: string; eventType: string; new: Record<string, unknown>; old: Record<string, unknown> }[] = [];
    const client = t.anon();
    const channel = client.channel('rooms-filters');
    for (const filter of ['id=eq.2', 'id=neq.2', 'id=lt.2', 'id=lte.2', 'id=gt.2', 'id=gte.2', 'id=in.(1,3)', 'name=eq.with space']) {
      channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rooms', filter }, (p) => seen.push({ filter, eventType: p.eventType, new: p.new, old: p.old }));
    }
    channel.on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'rooms', filter: 'id=eq.1' }, (p) => seen.push({ filter: 'update', eventType: p.eventType, new: p.new, old: p.old }));
    channel.on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'rooms' }, (p) => seen.push({ filter: 'delete', eventType: p.eventType, new: p.new, old: p.old }));
    await subscribed(channel);

    await t.server.ctx.db.query(`insert into public.rooms (id, name) values (1, 'one'), (2, 'two'), (3, 'with space')`);
    await until(() => seen.length >= 11);
    const byRoom = (id: number) => seen.filter((s) => s.eventType === 'INSERT' && s.new.id === id).map((s) => s.filter).sort();
    expect(byRoom(1)).toEqual(['id=in.(1,3)', 'id=lt.2', 'id=lte.2', 'id=neq.2'].sort());
    expect(byRoom(2)).toEqual(['id=eq.2', 'id=gte.2', 'id=lte.2'].sort());
    expect(byRoom(3)).toEqual(['id=gt.2', 'id=gte.2', 'id=in.(1,3)', 'id=neq.2', 'name=eq.with space'].sort());

    await t.server.ctx.db.query(`update public.rooms set name = 'uno' where id = 1`);
    await t.server.ctx.db.query(`delete from public.rooms where id = 2`);
    await until(() => seen.some((s) => s.filter === 'delete'));
    const update = seen.find((s) => s.filter === 'update')!;
    expect(update.new).toMatchObject({ id: 1, name: 'uno' });
    expect(update.old).toMatchObject({ id: 1, name: 'one' }); // replica identity full
    expect(seen.find((s) => s.filter === 'delete')!.old).toMatchObject({ id: 2, name: 'two' });

    // A row too large for one NOTIFY is read back by key.
    const big = 'x'.repeat(20_000);
    const bigSeen: Record<string, unknown>[] = [];
    const bigChannel = t.anon().channel('rooms-big')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rooms', filter: 'id=eq.9' }, (p) => bigSeen.push(p.new));
    await subscribed(bigChannel);
    await t.server.ctx.db.query(`insert into public.rooms (id, name, big) values (9, 'big', $1)`, [big]);
    await until(() => bigSeen.length === 1);
    expect(bigSeen[0]!.big).toBe(big);
  });

  it('refuses bindings on unpublished tables and bad filters with a join error', async () => {
    const channel = t.anon().channel('bad-binding')
      .on('postgres_changes', { event: 'INSERT', schema: 'storage', table: 'objects' }, () => {});
    await expect(subscribed(channel)).rejects.toThrow(/Unable to subscribe/);
    const badFilter = t.anon().channel('bad-filter')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rooms', filter: 'id=like.2' }, () => {});
    await expect(subscribed(badFilter)).rejects.toThrow(/filter/);
  });

  it('broadcasts to the other members, to the sender with self, and acks when asked', async () => {
    const a = t.anon();
    const b = t.anon();
    const aSeen: unknown[] = [];
    const bSeen: unknown[] = [];
    const aChannel = a.channel('room1', { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'typing' }, (m) => aSeen.push(m.payload));
    const bChannel = b.channel('room1').on('broadcast', { event: 'typing' }, (m) => bSeen.push(m.payload));
    await subscribed(aChannel);
    await subscribed(bChannel);
    expect(await aChannel.send({ type: 'broadcast', event: 'typing', payload: { user: 'a' } })).toBe('ok');
    await until(() => aSeen.length === 1 && bSeen.length === 1);
    expect(bSeen[0]).toEqual({ user: 'a' });
    await bChannel.send({ type: 'broadcast', event: 'typing', payload: { user: 'b' } });
    await until(() => aSeen.length === 2);
    expect(aSeen[1]).toEqual({ user: 'b' });
    expect(bSeen).toHaveLength(1);
  });

  it('tracks presence and tells the others about joins and leaves', async () => {
    const a = t.anon().channel('lobby', { config: { presence: { key: 'alice' } } });
    const b = t.anon().channel('lobby', { config: { presence: { key: 'bob' } } });
    let bState: Record<string, unknown[]> = {};
    const leaves: string[] = [];
    a.on('presence', { event: 'sync' }, () => {});
    b.on('presence', { event: 'sync' }, () => { bState = b.presenceState(); })
      .on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    await subscribed(a);
    await subscribed(b);
    expect(await a.track({ online_at: 'now' })).toBe('ok');
    await until(() => 'alice' in bState);
    expect(bState.alice![0]).toMatchObject({ online_at: 'now' });
    expect(await a.untrack()).toBe('ok');
    await until(() => leaves.includes('alice'));
  });

  it('answers a bad JWT in phx_join with an error reply and serves vsn 1.0.0 object frames', async () => {
    const { ws, frames } = await rawSocket(t.url, t.server.keys.anonKey, '1.0.0');
    ws.send(JSON.stringify({ topic: 'realtime:x', event: 'phx_join', payload: { config: {}, access_token: 'not.a.jwt' }, ref: '1', join_ref: '1' }));
    ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '2', join_ref: null }));
    await until(() => frames.length >= 2);
    expect(frames[0]).toMatchObject({ topic: 'realtime:x', event: 'phx_reply', ref: '1', payload: { status: 'error' } });
    expect(frames[1]).toEqual({ topic: 'phoenix', event: 'phx_reply', ref: '2', join_ref: null, payload: { status: 'ok', response: {} } });
    ws.close();
  });

  it('survives garbage frames and keeps serving sockets and HTTP', async () => {
    const { ws, frames } = await rawSocket(t.url, t.server.keys.anonKey, '2.0.0');
    const garbage: (string | Buffer)[] = [
      'not json', '{}', '[]', '[1,2,3]', 'null', '"text"', '[null,null,null,null,null]', '[null,"1",5,"phx_join",{}]',
      '[null,"1","realtime:y","phx_join","payload"]', Buffer.from([3, 200, 200, 200, 200, 200, 1]), Buffer.from([9, 9, 9]),
      Buffer.from([3, 0, 0, 1, 1, 0, 7, 65, 66]), '[null,"5","realtime:not-joined","broadcast",{"event":"x"}]',
      '[null,"6","realtime:z","phx_join",{"config":{"postgres_changes":"nope"}}]',
      '[null,"7","realtime:z2","phx_join",{"config":{"postgres_changes":[{"event":"BOOM","schema":"public"}]}}]',
    ];
    for (let i = 0; i < 100; i++) ws.send(garbage[i % garbage.length]!);
    ws.send('[null,"99","phoenix","heartbeat",{}]');
    await until(() => frames.some((f) => Array.isArray(f) && f[1] === '99'));
    expect(frames.find((f) => Array.isArray(f) && f[1] === '99')).toEqual([null, '99', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    expect(frames.some((f) => Array.isArray(f) && f[1] === '5' && (f[4] as { status: string }).status === 'error')).toBe(true);
    ws.close();

    const unauthorized = new WebSocket(`${t.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=wrong&vsn=2.0.0`);
    const status = await new Promise<number>((resolve) => unauthorized.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(401);

    const bucket = await t.service().storage.getBucket('photos');
    expect(bucket.error).toBeNull();
  });
});
