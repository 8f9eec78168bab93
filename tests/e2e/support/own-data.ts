// Data a spec makes for itself through the stand-in's APIs, so no spec reads rows another spec changes
// and the specs pass in any order (tests/e2e/README.md).
import { expect } from '@playwright/test';
import { accessToken, api, json } from './backend-api.ts';
import { newAccount, type NewAccount } from './new-account.ts';

export const maya = { email: 'maya.host@nomadnest.test', id: 'a0000000-0000-4000-8000-000000000001' } as const;

/** A label no other run of any spec has used. */
export const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export { json } from './backend-api.ts';

/** A new guest (support/new-account.ts). */
export type NewGuest = NewAccount;

/** A new guest who finished onboarding; signs in with the demo password. */
export async function newGuest(name = 'Test Guest'): Promise<NewGuest> {
  return newAccount(name, { role: 'guest', label: name });
}

export interface NewListing {
  name: string;
  propertyId: string;
  roomId: string;
}

/** Maya lists a villa with one room at $310 a week. */
export async function newListing(name: string): Promise<NewListing> {
  const token = await accessToken(maya.email);
  const headers = { prefer: 'return=representation' };
  const [property] = await json<{ id: string }[]>(
    await api('/rest/v1/properties?select=id', { method: 'POST', token, headers, body: JSON.stringify({ host_id: maya.id, name, city: 'Porto', country: 'Portugal', price_per_week: 310, wifi_speed_mbps: 150 }) }),
    201,
  );
  const [room] = await json<{ id: string }[]>(
    await api('/rest/v1/rooms?select=id', { method: 'POST', token, headers, body: JSON.stringify({ property_id: property!.id, name: 'Garden Room', price_per_week: 310 }) }),
    201,
  );
  return { name, propertyId: property!.id, roomId: room!.id };
}

/** Maya deletes the listing (Explore counts only the seeded villas). */
export async function deleteListing(propertyId: string): Promise<void> {
  await deleteOwnListing(maya, propertyId);
}

/**
 * A booking written as the service role, which the status machine trusts as it trusts the seed: any
 * status and dates, e.g. a stay that began days ago. Returns its id.
 */
export async function insertBookingAsService(row: Record<string, unknown>): Promise<string> {
  const [booking] = await json<{ id: string }[]>(
    await api('/rest/v1/bookings?select=id', { method: 'POST', useServiceKey: true, headers: { prefer: 'return=representation' }, body: JSON.stringify(row) }),
    201,
  );
  return booking!.id;
}

/** A message written through REST as the person signed in with `email`; returns its id. */
export async function insertMessage(email: string, row: Record<string, unknown>): Promise<string> {
  const [message] = await json<{ id: string }[]>(
    await api('/rest/v1/messages?select=id', { method: 'POST', token: await accessToken(email), headers: { prefer: 'return=representation' }, body: JSON.stringify(row) }),
    201,
  );
  return message!.id;
}

export interface ConnectedHost extends NewListing {
  id: string;
  email: string;
  /** the host's connected account on the Stripe double, onboarded (payouts on) */
  account: string;
}

/**
 * A new host with payouts connected on the Stripe double and one villa with one room at $300 a week:
 * payments to it split 10% to the platform and the rest to the host. Delete the listing afterwards.
 */
export async function newConnectedHost(name: string, villa: string): Promise<ConnectedHost> {
  const { id, email } = await newAccount(name, { role: 'host', label: name });
  const token = await accessToken(email);
  const { url } = await json<{ url: string }>(await api('/functions/v1/create-connect-account', { method: 'POST', token, body: '{}' }), 200);
  expect((await fetch(url, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  const [profile] = await json<{ stripe_account_id: string }[]>(await api(`/rest/v1/profiles?id=eq.${id}&select=stripe_account_id`, { useServiceKey: true }), 200);
  const headers = { prefer: 'return=representation' };
  const [property] = await json<{ id: string }[]>(
    await api('/rest/v1/properties?select=id', { method: 'POST', token, headers, body: JSON.stringify({ host_id: id, name: villa, city: 'Porto', country: 'Portugal', price_per_week: 300, wifi_speed_mbps: 200 }) }),
    201,
  );
  const [room] = await json<{ id: string }[]>(
    await api('/rest/v1/rooms?select=id', { method: 'POST', token, headers, body: JSON.stringify({ property_id: property!.id, name: 'Sea Room', price_per_week: 300 }) }),
    201,
  );
  return { id, email, account: profile!.stripe_account_id, name: villa, propertyId: property!.id, roomId: room!.id };
}

/** The host deletes their own listing (Explore counts only the seeded villas). */
export async function deleteOwnListing(host: { email: string }, propertyId: string): Promise<void> {
  await json(await api(`/rest/v1/properties?id=eq.${propertyId}`, { method: 'DELETE', token: await accessToken(host.email) }), 204);
}
