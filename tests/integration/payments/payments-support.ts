// Shared by the payments tests: a host with an onboarded connected account and a listing, guests who
// book through REST, function calls through supabase-js `functions.invoke`, and the Stripe double's
// test endpoints (pay, state) and the mailbox.
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { checkoutDate, toDateOnly, addDaysToDate } from '../../../src/domain/stay-dates.ts';
import type { TestServer, TestUser } from '../local/support/start.ts';

export interface Invocation {
  status: number;
  body: Record<string, unknown>;
}

/** functions.invoke, with a non-2xx answer read from the error's Response instead of thrown away. */
export async function invoke(client: SupabaseClient, name: string, body?: unknown): Promise<Invocation> {
  const { data, error } = await client.functions.invoke(name, body === undefined ? {} : { body: body as Record<string, unknown> });
  if (!error) return { status: 200, body: data as Record<string, unknown> };
  // FunctionsHttpError carries the Response (from supabase-js's own fetch, so not always `instanceof Response` here).
  const context = (error as { context?: { status?: unknown; json?: unknown } }).context;
  if (typeof context?.status !== 'number' || typeof context.json !== 'function') throw error;
  return { status: context.status, body: (await (context as Response).json()) as Record<string, unknown> };
}

export interface Listing {
  propertyId: string;
  roomIds: string[];
  weeklyPrice: number;
}

export async function signUpAs(t: TestServer, role: 'guest' | 'host', name: string): Promise<TestUser> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  return t.signUp(email, 'correct-horse-battery-1', { full_name: name, role });
}

/** create-connect-account, then the onboarding form on the double's page (as the host would). */
export async function connectHost(t: TestServer, host: TestUser): Promise<string> {
  const started = await invoke(host.client, 'create-connect-account');
  expect(started.status).toBe(200);
  const url = String(started.body.url);
  const submitted = await fetch(url, { method: 'POST', redirect: 'manual' });
  expect(submitted.status).toBe(303);
  expect(submitted.headers.get('location')).toBe('http://localhost:5173/dashboard?stripe_connected=true');
  const { data } = await t.service().from('profiles').select('stripe_account_id').eq('id', host.id).single();
  return String((data as { stripe_account_id: string }).stripe_account_id);
}

export async function createListing(host: TestUser, rooms: number, weeklyPrice: number): Promise<Listing> {
  const { data: property, error } = await host.client
    .from('properties')
    .insert({ host_id: host.id, name: 'Casa Azul', city: 'Lisbon', country: 'Portugal', price_per_week: weeklyPrice })
    .select('id')
    .single();
  if (error) throw error;
  const roomIds: string[] = [];
  for (let index = 0; index < rooms; index++) {
    const { data: room, error: roomError } = await host.client
      .from('rooms')
      .insert({ property_id: property.id, name: `Garden room ${index + 1}`, price_per_week: weeklyPrice })
      .select('id')
      .single();
    if (roomError) throw roomError;
    roomIds.push(room.id as string);
  }
  return { propertyId: property.id as string, roomIds, weeklyPrice };
}

export interface Stay {
  checkIn: string;
  checkOut: string;
}

/** A stay of `months` starting `daysAhead` days from today, with the app's checkout rule. */
export function stay(daysAhead: number, months: number): Stay {
  const checkIn = addDaysToDate(toDateOnly(new Date()), daysAhead);
  return { checkIn, checkOut: checkoutDate(checkIn, months) };
}

/** What the booking card inserts (docs/product.md §7), with whatever total the client claims. */
export async function requestBooking(guest: TestUser, listing: Listing, roomId: string, dates: Stay, claimedTotal: number) {
  return guest.client
    .from('bookings')
    .insert({
      user_id: guest.id,
      property_id: listing.propertyId,
      room_id: roomId,
      check_in: dates.checkIn,
      check_out: dates.checkOut,
      total_price: claimedTotal,
      status: 'pending_payment',
      guest_email: guest.email,
    })
    .select('id')
    .single();
}

export async function bookRoom(guest: TestUser, listing: Listing, roomId: string, dates: Stay, claimedTotal: number): Promise<string> {
  const { data, error } = await requestBooking(guest, listing, roomId, dates, claimedTotal);
  if (error) throw error;
  return data.id as string;
}

export function sessionIdOf(checkoutUrl: string): string {
  const id = new URL(checkoutUrl).pathname.split('/').pop();
  if (!id) throw new Error(`no session id in ${checkoutUrl}`);
  return id;
}

export async function payWithCard(t: TestServer, sessionId: string, card = '4242 4242 4242 4242'): Promise<Invocation> {
  const response = await fetch(`${t.url}/stripe/test/checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ card }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export interface StripeState {
  checkout_sessions: { id: string; amount_total: number; metadata: Record<string, string>; payment_intent: string | null; status: string }[];
  payment_intents: { id: string; amount: number; application_fee_amount: number | null; transfer_data: { destination: string } | null; metadata: Record<string, string> }[];
  charges: { id: string; payment_intent: string; amount: number; amount_refunded: number; transfer: string | null; application_fee: string | null }[];
  refunds: { id: string; payment_intent: string; amount: number; status: string; transfer_reversal: string | null }[];
  transfers: { id: string; amount: number; amount_reversed: number; destination: string; source_transaction: string }[];
  application_fees: { id: string; charge: string; amount: number; amount_refunded: number }[];
  events: { id: string; type: string; object_id: string }[];
  webhook_deliveries: { event_id: string; event_type: string; status: number | null }[];
}

export async function stripeState(t: TestServer): Promise<StripeState> {
  return (await (await fetch(`${t.url}/stripe/test/state`)).json()) as StripeState;
}

export interface Mail {
  to: string[];
  subject: string;
  text: string | null;
}

export async function mailTo(t: TestServer, address: string): Promise<Mail[]> {
  return (await (await fetch(`${t.url}/mailbox/api/messages?to=${encodeURIComponent(address)}`)).json()) as Mail[];
}

export async function bookingRow(t: TestServer, bookingId: string) {
  const { data, error } = await t.service().from('bookings').select('status, total_price, version, host_decision, stripe_payment_intent_id').eq('id', bookingId).single();
  if (error) throw error;
  return data as { status: string; total_price: number; version: number; host_decision: string | null; stripe_payment_intent_id: string | null };
}

/** Webhooks arrive asynchronously: polls until the booking reaches one of the statuses. */
export async function waitForStatus(t: TestServer, bookingId: string, statuses: string[], timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status } = await bookingRow(t, bookingId);
    if (statuses.includes(status)) return status;
    if (Date.now() > deadline) throw new Error(`booking ${bookingId} stayed ${status}, expected ${statuses.join('/')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
