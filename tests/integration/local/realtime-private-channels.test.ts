// Private Realtime channels through supabase-js, as hosted Realtime Authorization serves them: the
// user's RLS policies on realtime.messages (with realtime.topic()) decide who joins (SELECT) and who
// sends (INSERT); realtime.send() broadcasts from SQL; public channels of the same name stay apart.
import { fileURLToPath } from 'node:url';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer, type TestUser } from './support/start.ts';
import { subscribed, until } from './support/wait.ts';

const projectDir = fileURLToPath(new URL('../../fixtures/storage-realtime', import.meta.url));

/** Membership of a topic decides reading; `can_send` decides sending. */
const policiesSql = `
  create table public.room_members (topic text not null, user_id uuid not null, can_send boolean not null default false);
  grant select on public.room_members to authenticated;
  create policy "members read their rooms" on realtime.messages for select to authenticated
    using (exists (select 1 from public.room_members m where m.topic = realtime.topic() and m.user_id = auth.uid()));
  create policy "senders write their rooms" on realtime.messages for insert to authenticated
    with check (exists (select 1 from public.room_members m where m.topic = realtime.topic() and m.user_id = auth.uid() and m.can_send));
`;

/** Resolves with the join's error once the server refuses it. */
function refused(channel: RealtimeChannel): Promise<Error> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'CHANNEL_ERROR') resolve(error ?? new Error(status));
      else if (status === 'SUBSCRIBED') reject(new Error('the private channel let the user in'));
    });
  });
}

describe.each(testEngines)('private realtime channels on %s', (engine) => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;

  async function realtimeClient(user: TestUser): Promise<SupabaseClient> {
    await user.client.realtime.setAuth(user.accessToken);
    return user.client;
  }

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir });
    alice = await t.mintUser('alice@example.com');
    bob = await t.mintUser('bob@example.com');
    carol = await t.mintUser('carol@example.com');
    dave = await t.mintUser('dave@example.com');
    await t.server.ctx.db.exec(policiesSql);
    await t.server.ctx.db.query(
      `insert into public.room_members (topic, user_id, can_send) values ('room-1', $1, true), ('room-1', $2, false), ('room-1', $3, false)`,
      [alice.id, bob.id, carol.id],
    );
  });
  // supabase-js hands back a client's existing channel of the same topic: each test starts without any.
  afterEach(async () => {
    await Promise.all([alice, bob, carol, dave].map((user) => user.client.removeAllChannels()));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets a member join and receive, and refuses others with hosted\'s error', async () => {
    const aliceChannel = (await realtimeClient(alice)).channel('room-1', { config: { private: true, broadcast: { ack: true } } });
    const bobSeen: unknown[] = [];
    const bobChannel = (await realtimeClient(bob)).channel('room-1', { config: { private: true } })
      .on('broadcast', { event: 'note' }, (m) => bobSeen.push(m.payload));
    await subscribed(aliceChannel);
    await subscribed(bobChannel);

    expect(await aliceChannel.send({ type: 'broadcast', event: 'note', payload: { text: 'hi' } })).toBe('ok');
    await until(() => bobSeen.length === 1, { what: 'bob to receive alice\'s broadcast' });
    expect(bobSeen[0]).toEqual({ text: 'hi' });

    const message = 'Unauthorized: You do not have permissions to read from this Channel topic: room-1';
    const daveError = await refused((await realtimeClient(dave)).channel('room-1', { config: { private: true } }));
    expect(daveError.message).toContain(message);
    const anonError = await refused(t.anon().channel('room-1', { config: { private: true } }));
    expect(anonError.message).toContain(message);
  });

  it('drops a send without an INSERT policy, over the socket and over REST', async () => {
    const carolClient = await realtimeClient(carol);
    const carolSeen: unknown[] = [];
    const carolLobby: unknown[] = [];
    const carolRoom = carolClient.channel('room-1', { config: { private: true } }).on('broadcast', { event: 'say' }, (m) => carolSeen.push(m.payload));
    const carolPublic = carolClient.channel('lobby-1').on('broadcast', { event: 'after' }, (m) => carolLobby.push(m.payload));
    await subscribed(carolRoom);
    await subscribed(carolPublic);

    const bobClient = await realtimeClient(bob);
    const bobRoom = bobClient.channel('room-1', { config: { private: true } });
    const bobLobby = bobClient.channel('lobby-1');
    await subscribed(bobRoom);
    await subscribed(bobLobby);
    // One socket's frames are handled in order and carol's frames arrive in order: once the public
    // message that bob sent second reaches carol, his private one would have reached her first.
    await bobRoom.send({ type: 'broadcast', event: 'say', payload: { from: 'bob' } });
    await bobLobby.send({ type: 'broadcast', event: 'after', payload: { from: 'bob' } });
    await until(() => carolLobby.length === 1, { what: 'bob\'s public message' });
    expect(carolSeen).toEqual([]);

    // REST (httpSend's request, with the user's token): 202 for both, but only the sender whose
    // policy allows it reaches the room.
    const httpSend = (user: TestUser, payload: unknown): Promise<Response> =>
      fetch(`${t.url}/realtime/v1/api/broadcast/room-1/events/say?private=true`, {
        method: 'POST',
        headers: { apikey: t.server.keys.anonKey, authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    expect((await httpSend(bob, { from: 'bob over rest' })).status).toBe(202);
    expect((await httpSend(alice, { from: 'alice over rest' })).status).toBe(202);
    await until(() => carolSeen.length === 1, { what: 'alice\'s REST broadcast' });
    expect(carolSeen).toEqual([{ from: 'alice over rest' }]);
  });

  it('keeps public channels working and apart from private ones of the same name', async () => {
    const daveSeen: unknown[] = [];
    const davePublic = (await realtimeClient(dave)).channel('room-1').on('broadcast', { event: 'open' }, (m) => daveSeen.push(m.payload));
    const anonPublic = t.anon().channel('room-1', { config: { broadcast: { ack: true } } });
    await subscribed(davePublic);
    await subscribed(anonPublic);

    const alicePrivate = (await realtimeClient(alice)).channel('room-1', { config: { private: true, broadcast: { ack: true } } });
    await subscribed(alicePrivate);
    expect(await alicePrivate.send({ type: 'broadcast', event: 'open', payload: { to: 'private' } })).toBe('ok');
    expect(await anonPublic.send({ type: 'broadcast', event: 'open', payload: { to: 'public' } })).toBe('ok');
    await until(() => daveSeen.length === 1, { what: 'the public broadcast' });
    expect(daveSeen).toEqual([{ to: 'public' }]);
  });

  it('lets only a member with the INSERT policy track presence', async () => {
    const aliceRoom = (await realtimeClient(alice)).channel('room-1', { config: { private: true, presence: { key: 'alice' } } });
    const carolRoom = (await realtimeClient(carol)).channel('room-1', { config: { private: true, presence: { key: 'carol' } } });
    let carolState: Record<string, unknown[]> = {};
    aliceRoom.on('presence', { event: 'sync' }, () => {});
    carolRoom.on('presence', { event: 'sync' }, () => { carolState = carolRoom.presenceState(); });
    await subscribed(aliceRoom);
    await subscribed(carolRoom);
    expect(await carolRoom.track({ here: true })).toBe('error');
    expect(await aliceRoom.track({ here: true })).toBe('ok');
    await until(() => 'alice' in carolState, { what: 'alice in carol\'s presence state' });
    expect(Object.keys(carolState)).toEqual(['alice']);
  });

  it('broadcasts rows that realtime.send() inserts to the private topic\'s readers', async () => {
    const seen: Record<string, unknown>[] = [];
    const channel = (await realtimeClient(carol)).channel('room-1', { config: { private: true } })
      .on('broadcast', { event: 'from-db' }, (m) => seen.push(m.payload as Record<string, unknown>));
    await subscribed(channel);
    // As a user whose INSERT policy allows it, in a request transaction, and as the owner.
    await t.server.ctx.db.asRequest({ role: 'authenticated', claims: { sub: alice.id, role: 'authenticated' } }, null, (tx) =>
      tx.query(`select realtime.send('{"n": 1}'::jsonb, 'from-db', 'room-1', true)`));
    await t.server.ctx.db.query(`select realtime.send('{"n": 2}'::jsonb, 'from-db', 'room-1', true)`);
    await until(() => seen.length === 2, { what: 'both realtime.send() rows' });
    expect(seen.map((payload) => payload.n)).toEqual([1, 2]);
    expect(typeof seen[0]!.id).toBe('string');
    // A user without the INSERT policy: realtime.send() warns and inserts nothing.
    const { rows } = await t.server.ctx.db.asRequest({ role: 'authenticated', claims: { sub: bob.id, role: 'authenticated' } }, null, async (tx) => {
      await tx.query(`select realtime.send('{"n": 3}'::jsonb, 'from-db', 'room-1', true)`);
      return tx.query<{ count: string }>(`select count(*)::text as count from realtime.messages where payload ->> 'n' = '3'`);
    });
    expect(rows[0]!.count).toBe('0');
  });
});
