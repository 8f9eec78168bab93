// The Data API reaches only what a migration grants, as on hosted Supabase since the 2026 default change
// (docs/decisions/hosted-defaults.md): the stand-in applies every migration with no default privileges
// for the API roles, the app's and the functions' representative calls still work per role, and a table
// made without grants is unreachable for anon, authenticated and service_role alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer } from '../local/support/start.ts';
import { buildAttackWorld, stayDates, type AttackWorld } from './support/attack-world.ts';

const apiRoles = ['anon', 'authenticated', 'service_role'];

describe.each(testEngines)('explicit grants (%s)', (engine) => {
  let t: TestServer;
  let w: AttackWorld;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    w = await buildAttackWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves no default privileges in public for the API roles', async () => {
    const { rows } = await t.server.ctx.db.query<{ kind: string; grantee: string }>(
      `select d.defaclobjtype::text as kind, r.rolname as grantee
         from pg_default_acl d, aclexplode(d.defaclacl) a join pg_roles r on r.oid = a.grantee
        where (d.defaclnamespace = 'public'::regnamespace or d.defaclnamespace = 0) and r.rolname = any ($1)`,
      [apiRoles],
    );
    expect(rows).toEqual([]);
  });

  it('does not expose a table that no migration granted, to any API role', async () => {
    await t.server.ctx.db.exec(`create table public.ungranted_notes (id int primary key, note text); insert into public.ungranted_notes values (1, 'secret');`);
    for (const client of [t.anon(), w.stranger.client, t.service()]) {
      const { data, error } = await client.from('ungranted_notes').select('*');
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
      const insert = await client.from('ungranted_notes').insert({ id: 2, note: 'x' });
      expect(insert.error?.code).toBe('42501');
    }
  });

  it('serves the public catalogue to anon', async () => {
    for (const table of ['properties', 'rooms', 'profiles', 'property_reviews', 'reviews', 'booked_dates']) {
      const { error } = await t.anon().from(table).select('*').limit(1);
      expect({ table, error }).toEqual({ table, error: null });
    }
    const properties = await t.anon().from('properties').select('id, name').eq('id', w.villa.id);
    expect(properties.data).toEqual([{ id: w.villa.id, name: 'Rice Terrace Villa' }]);
    const stay = stayDates(200, 1);
    const free = await t.anon().rpc('free_rooms_for_stay', { p_check_in: stay.check_in, p_check_out: stay.check_out });
    expect(free.error).toBeNull();
    expect(await t.anon().rpc('get_review_authors', { p_user_ids: [w.pastGuest.id] })).toMatchObject({ error: null, data: [{ id: w.pastGuest.id }] });
  });

  it("serves a signed-in person's reads and writes", async () => {
    const guest = w.currentGuest.client;
    expect((await guest.from('bookings').select('id').eq('id', w.bookings.current)).data).toEqual([{ id: w.bookings.current }]);
    for (const table of ['booking_payments', 'booking_refunds', 'notification_preferences', 'house_chat_reads', 'push_subscriptions', 'user_roles', 'messages']) {
      const { error } = await guest.from(table).select('*').limit(1);
      expect({ table, error }).toEqual({ table, error: null });
    }
    const sent = await guest.from('messages').insert({ sender_id: w.currentGuest.id, receiver_id: w.visibleHost.id, text: 'hello host', conversation_type: 'host_guest' }).select('id');
    expect(sent.error).toBeNull();
    expect((await w.visibleHost.client.rpc('mark_conversation_read', { p_other_user: w.currentGuest.id })).error).toBeNull();
    expect((await w.visibleHost.client.rpc('get_conversation_summaries')).error).toBeNull();
    expect((await guest.rpc('mark_house_chat_read', { p_property_id: w.villa.id })).error).toBeNull();
    const profile = await guest.rpc('update_own_profile', { p_patch: { bio: 'Granted bio' }, p_base: { bio: 'Cara surfs' } });
    expect(profile.error).toBeNull();
    const room = await w.visibleHost.client.from('rooms').insert({ property_id: w.villa.id, name: 'Granted room', price_per_week: 300 }).select('id');
    expect(room.error).toBeNull();
  });

  it("serves the functions' service-role reads and writes", async () => {
    const service = t.service();
    for (const table of ['booking_checkouts', 'booking_emails', 'booking_payments', 'booking_refunds', 'push_outbox', 'push_subscriptions', 'stripe_customers', 'stripe_webhook_events']) {
      const { error } = await service.from(table).select('*').limit(1);
      expect({ table, error }).toEqual({ table, error: null });
    }
    expect((await service.from('stripe_webhook_events').insert({ id: 'evt_explicit_grants', type: 'checkout.session.completed' })).error).toBeNull();
    expect((await service.from('bookings').update({ status: 'accepted' }).eq('id', w.bookings.paid)).error).toBeNull();
    expect((await service.rpc('claim_push_outbox', { p_now: new Date().toISOString(), p_limit: 10 })).error).toBeNull();
  });
});
