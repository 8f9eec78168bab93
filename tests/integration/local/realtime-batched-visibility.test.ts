// postgres_changes decides visibility for all subscribers of a change in one statement, each under its
// own role and claims. One change, one batch: the owner's two channels (same claims, one check), another
// user who may not see the row, and a subscriber whose claims make the policy raise (auth.uid() of a
// non-uuid sub), joined first. The owner gets the row on both channels; the others get nothing, shown
// after a later change they may see (Realtime delivers in commit order on each socket).
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer, type TestUser } from './support/start.ts';
import { subscribed, until } from './support/wait.ts';

const projectDir = fileURLToPath(new URL('../../fixtures/storage-realtime', import.meta.url));

interface Seen {
  table: string;
  row: Record<string, unknown>;
}

describe.each(testEngines)('realtime visibility batch on %s', (engine) => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let broken: TestUser;

  async function watch(user: TestUser, client: SupabaseClient, name: string): Promise<Seen[]> {
    await client.realtime.setAuth(user.accessToken);
    const seen: Seen[] = [];
    const channel = client.channel(name)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notes' }, (p) => seen.push({ table: 'notes', row: p.new }))
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rooms' }, (p) => seen.push({ table: 'rooms', row: p.new }));
    await subscribed(channel);
    return seen;
  }

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir });
    alice = await t.mintUser('alice@example.com');
    bob = await t.mintUser('bob@example.com');
    broken = await t.mintUser('broken@example.com', { sub: 'not-a-uuid' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('delivers one change to exactly the subscribers whose RLS lets them see it', async () => {
    const brokenSeen = await watch(broken, broken.client, 'batch-broken');
    const aliceFirst = await watch(alice, alice.client, 'batch-alice-1');
    const aliceSecond = await watch(alice, t.withToken(alice.accessToken), 'batch-alice-2');
    const bobSeen = await watch(bob, bob.client, 'batch-bob');

    await t.server.ctx.db.query(`insert into public.notes (owner, body) values ($1, 'for alice only')`, [alice.id]);
    await t.server.ctx.db.query(`insert into public.rooms (id, name) values (7, 'seen by all')`);

    for (const [label, seen] of [['alice', aliceFirst], ['alice again', aliceSecond], ['bob', bobSeen], ['the broken subscriber', brokenSeen]] as const) {
      await until(() => seen.some((s) => s.table === 'rooms' && s.row.id === 7), { what: `${label} to see the room` });
    }
    for (const seen of [aliceFirst, aliceSecond]) {
      expect(seen.map((s) => s.table)).toEqual(['notes', 'rooms']);
      expect(seen[0]!.row).toMatchObject({ owner: alice.id, body: 'for alice only' });
    }
    expect(bobSeen.map((s) => s.table)).toEqual(['rooms']);
    expect(brokenSeen.map((s) => s.table)).toEqual(['rooms']);
  });
});
