// The world the attack suite plays in: a stand-in (PGlite or native Postgres) with two hosts (one who
// shows their profile, one hidden), guests with stays in the states that matter, and the means to prove
// that an attack changed nothing: a fingerprint (row count and hash) of every public table.
import { expect } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { addDaysToDate, checkoutDate, toDateOnly } from '../../../../src/domain/stay-dates.ts';
import type { TestServer, TestUser } from '../../local/support/start.ts';

export interface AttackWorld {
  t: TestServer;
  visibleHost: TestUser;
  hiddenHost: TestUser;
  /** paid, not yet accepted, at the visible host's villa */
  paidGuest: TestUser;
  /** accepted, staying now at the visible host's villa, shown in Who's Staying */
  currentGuest: TestUser;
  /** accepted stay at the visible host's villa that ended last month, wrote a public review */
  pastGuest: TestUser;
  /** signed up, no bookings */
  stranger: TestUser;
  villa: { id: string; roomIds: string[] };
  hiddenVilla: { id: string; roomIds: string[] };
  bookings: { paid: string; legacyPending: string; acceptedFuture: string; current: string; past: string };
}

export const today = (): string => toDateOnly(new Date());
export const inDays = (days: number): string => addDaysToDate(today(), days);
/** A stay of `months` (the app's checkout rule) starting `daysAhead` days from today. */
export const stayDates = (daysAhead: number, months: number) => ({ check_in: inDays(daysAhead), check_out: checkoutDate(inDays(daysAhead), months) });

async function signUp(t: TestServer, role: 'guest' | 'host', name: string): Promise<TestUser> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Math.random().toString(36).slice(2, 8)}@attack.test`;
  return t.signUp(email, 'correct-horse-battery-1', { full_name: name, role });
}

async function listing(host: TestUser, name: string, rooms: number): Promise<{ id: string; roomIds: string[] }> {
  const { data, error } = await host.client.from('properties').insert({ host_id: host.id, name, city: 'Canggu', country: 'Indonesia', price_per_week: 250 }).select('id').single();
  if (error) throw error;
  const roomIds: string[] = [];
  for (let index = 0; index < rooms; index += 1) {
    const room = await host.client.from('rooms').insert({ property_id: data.id, name: `Room ${index + 1}`, price_per_week: 250 }).select('id').single();
    if (room.error) throw room.error;
    roomIds.push(room.data.id as string);
  }
  return { id: data.id as string, roomIds };
}

/** A booking written as the payment functions would (service role), with a Stripe payment on record. */
async function paidStay(t: TestServer, guest: TestUser, propertyId: string, roomId: string, daysAhead: number, months: number, status: string): Promise<string> {
  const { data, error } = await t.service().from('bookings').insert({
    user_id: guest.id,
    property_id: propertyId,
    room_id: roomId,
    ...stayDates(daysAhead, months),
    total_price: 2165,
    status,
    guest_email: guest.email,
    stripe_payment_intent_id: `pi_attack_${Math.random().toString(36).slice(2, 12)}`,
  }).select('id').single();
  if (error) throw error;
  return data.id as string;
}

export async function buildAttackWorld(t: TestServer): Promise<AttackWorld> {
  const visibleHost = await signUp(t, 'host', 'Vera Visible');
  const hiddenHost = await signUp(t, 'host', 'Hugo Hidden');
  await t.service().from('profiles').update({ is_visible_to_guests: false }).eq('id', hiddenHost.id);
  const [paidGuest, currentGuest, pastGuest, stranger] = [
    await signUp(t, 'guest', 'Pam Paid'),
    await signUp(t, 'guest', 'Cara Current'),
    await signUp(t, 'guest', 'Pete Past'),
    await signUp(t, 'guest', 'Sid Stranger'),
  ];
  await t.service().from('profiles').update({ age: 34, bio: 'Private bio of Pete', show_in_whos_staying: false }).eq('id', pastGuest.id);
  await t.service().from('profiles').update({ age: 29, bio: 'Cara surfs', show_in_whos_staying: true }).eq('id', currentGuest.id);
  const villa = await listing(visibleHost, 'Rice Terrace Villa', 6);
  const hiddenVilla = await listing(hiddenHost, 'Quiet Hideaway', 2);
  const bookings = {
    paid: await paidStay(t, paidGuest, villa.id, villa.roomIds[0]!, 40, 2, 'paid'),
    legacyPending: await paidStay(t, paidGuest, villa.id, villa.roomIds[1]!, 40, 2, 'pending'),
    acceptedFuture: await paidStay(t, paidGuest, villa.id, villa.roomIds[2]!, 120, 1, 'accepted'),
    current: await paidStay(t, currentGuest, villa.id, villa.roomIds[3]!, -10, 2, 'accepted'),
    past: await paidStay(t, pastGuest, villa.id, villa.roomIds[4]!, -70, 2, 'accepted'),
  };
  // The past guest reviewed the villa (a review card shows their name and photo).
  const { error } = await t.service().from('property_reviews').insert({ property_id: villa.id, user_id: pastGuest.id, rating: 5, review_text: 'Lovely stay' });
  if (error) throw error;
  return { t, visibleHost, hiddenHost, paidGuest, currentGuest, pastGuest, stranger, villa, hiddenVilla, bookings };
}

/** Row count and content hash of every table in the public schema (as the database owner sees them). */
export async function fingerprint(t: TestServer): Promise<Record<string, string>> {
  const { rows: tables } = await t.server.ctx.db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await t.server.ctx.db.query<{ n: number; h: string | null }>(
      `select count(*)::int as n, md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as h from public."${name}" x`,
    );
    out[name] = `${rows[0]!.n}:${rows[0]!.h}`;
  }
  const storage = await t.server.ctx.db.query<{ n: number; h: string }>(
    `select count(*)::int as n, md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as h from storage.objects x`,
  );
  out['storage.objects'] = `${storage.rows[0]!.n}:${storage.rows[0]!.h}`;
  return out;
}

/** Runs an attack and asserts that no table changed and that the server still answers. */
/** Stripe events of earlier steps (an expired checkout page, a refund) still on their way would change the tables mid-attack. */
async function stripeWebhooksDelivered(t: TestServer): Promise<void> {
  const response = await fetch(`${t.url}/stripe/test/webhooks/idle`);
  expect(await response.json()).toEqual({ idle: true });
}

export async function expectNothingChanged(t: TestServer, attack: () => Promise<void>): Promise<void> {
  await stripeWebhooksDelivered(t);
  const before = await fingerprint(t);
  await attack();
  await stripeWebhooksDelivered(t);
  expect(await fingerprint(t)).toEqual(before);
  await expectStillServing(t);
}

export async function expectStillServing(t: TestServer): Promise<void> {
  const { error, status } = await t.anon().from('properties').select('id').limit(1);
  expect(error).toBeNull();
  expect(status).toBe(200);
}

/** A refusal: an error whose HTTP status is a 4xx (never a 5xx), or no rows touched. */
export function expectRefused(result: { error: { code?: string } | null; status: number; data?: unknown }, codes?: string[]): void {
  expect(result.status).toBeGreaterThanOrEqual(400);
  expect(result.status).toBeLessThan(500);
  if (codes) expect(codes).toContain(result.error?.code);
}

export function expectNoRows(result: { error: unknown; status: number; data: unknown }): void {
  expect(result.status).toBeLessThan(500);
  expect(result.data ?? []).toEqual([]);
}

export type Client = SupabaseClient;
