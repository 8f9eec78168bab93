// Sign-out wipes the user's data from this browser (see
// docs/decisions/sign-out-wipes-device-data.md): the session module on real Dexie (fake-indexeddb).
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCurrentDb } from '../../../src/db/current-db.ts';
import { AppDb, databaseNameFor } from '../../../src/db/db.ts';
import { ANON_DATABASE_NAME, listDatabaseNames } from '../../../src/db/device-data.ts';
import { readServiceWorkerSession, saveServiceWorkerSession } from '../../../src/db/sw-session.ts';
import { getActiveEngine } from '../../../src/sync/active-engine.ts';
import { sendMessage } from '../../../src/sync/commands/message-send.ts';
import { endUserSession, openSession } from '../../../src/sync/local-first-session.ts';
import { cacheServerRows, runCommand } from '../../../src/sync/session-actions.ts';
import { noTriggers } from '../../../src/sync/ports.ts';
import { registerUserDataWiper, type WipeContext } from '../../../src/sync/user-data-wipers.ts';
import { createMemoryRemote, createMemoryServer } from './support/memory-remote.ts';

const leo = randomUUID();
const ana = randomUUID();
const propertyId = randomUUID();
const engine = { triggers: noTriggers, realtimeTables: [], scopes: [], pushDebounceMs: 60_000 };
const remote = () => createMemoryRemote(createMemoryServer(), { faultFor: () => 'network-before-commit' });
const signIn = (userId: string) => openSession({ userId, remote: remote(), engine });
const signedOut = () => openSession({ userId: null });

const iso = new Date(Date.UTC(2025, 5, 1)).toISOString();
const serverRow = (extra: Record<string, unknown>) => ({ id: randomUUID(), created_at: iso, updated_at: iso, version: 1, deleted_at: null, ...extra });

async function userDatabases(): Promise<string[]> {
  return (await listDatabaseNames()).filter((name) => name.startsWith('nomadnest-') && name !== ANON_DATABASE_NAME && !name.includes('sw-session'));
}

let wipes: WipeContext[] = [];
let unregister = () => {};
beforeEach(() => {
  wipes = [];
  unregister = registerUserDataWiper(async (context) => void wipes.push(context));
});
afterEach(async () => {
  unregister();
  await signedOut();
  for (const name of await listDatabaseNames()) await Dexie.delete(name);
});

describe('leaving a user wipes their data from this browser', () => {
  it('sign-out deletes the database (unsent writes too), the service worker session and the registered caches', async () => {
    await signIn(leo);
    await runCommand(sendMessage, { id: randomUUID(), conversationType: 'house', propertyId, text: 'queued, never sent' });
    await saveServiceWorkerSession({ userId: leo, accessToken: 'leo-token', expiresAt: Date.now() + 3_600_000 });
    expect(await userDatabases()).toEqual([databaseNameFor(leo)]);

    await endUserSession();
    expect(await userDatabases()).toEqual([]);
    expect(await readServiceWorkerSession()).toBeNull();
    expect(wipes).toEqual([{ userId: leo, nextUserId: null }]);
    expect(getActiveEngine()).toBeNull();

    // The auth state follows: the signed-out database opens, and nothing is wiped twice.
    await signedOut();
    expect(getCurrentDb()?.name).toBe(ANON_DATABASE_NAME);
    expect(wipes).toHaveLength(1);
  });

  it('a session that ends without a sign-out (refused refresh: SIGNED_OUT) wipes the same way', async () => {
    await signIn(leo);
    await saveServiceWorkerSession({ userId: leo, accessToken: 'leo-token', expiresAt: Date.now() + 3_600_000 });
    await signedOut();
    expect(await userDatabases()).toEqual([]);
    expect(await readServiceWorkerSession()).toBeNull();
    expect(wipes).toEqual([{ userId: leo, nextUserId: null }]);
  });

  it('another account signing in wipes the previous one, but not the new session mirror', async () => {
    await signIn(leo);
    await saveServiceWorkerSession({ userId: leo, accessToken: 'leo-token', expiresAt: Date.now() + 3_600_000 });
    await signIn(ana);
    expect(await userDatabases()).toEqual([databaseNameFor(ana)]);
    expect(await readServiceWorkerSession()).toBeNull();
    expect(wipes).toEqual([{ userId: leo, nextUserId: ana }]);

    // The page may mirror the next user's token before the switch runs: the wipe leaves it alone.
    await saveServiceWorkerSession({ userId: leo, accessToken: 'leo-token', expiresAt: Date.now() + 3_600_000 });
    await signIn(leo);
    await saveServiceWorkerSession({ userId: ana, accessToken: 'ana-token', expiresAt: Date.now() + 3_600_000 });
    await signIn(ana);
    expect((await readServiceWorkerSession())?.userId).toBe(ana);
    expect(await userDatabases()).toEqual([databaseNameFor(ana)]);
  });

  it("a database left behind (session lost while the app was closed) goes at the next start, whoever it was", async () => {
    const left = new AppDb(leo);
    await left.open();
    await left.bookings.put({ id: randomUUID() } as never);
    left.close();
    await signIn(ana);
    expect(await userDatabases()).toEqual([databaseNameFor(ana)]);
    expect(wipes).toEqual([{ userId: leo, nextUserId: ana }]);
  });

  it('another tab deleting the database makes this tab stop reading it at once', async () => {
    await signIn(leo);
    expect(getCurrentDb()?.name).toBe(databaseNameFor(leo));
    // The other tab's sign-out: its delete fires `versionchange` here, which closes and unpublishes.
    await Dexie.delete(databaseNameFor(leo));
    expect(getCurrentDb()).toBeNull();
    expect(getActiveEngine()).toBeNull();
    expect(await userDatabases()).toEqual([]);
  });
});

describe('the signed-out database holds only public rows', () => {
  it('keeps listings, public reviews and visible profiles; drops bookings, messages and private rows', async () => {
    await signedOut();
    const listing = serverRow({ host_id: randomUUID(), name: 'Casa Azul', city: 'Lisbon', country: 'Portugal', amenities: [], photos: [] });
    const visibleHost = serverRow({ name: 'Tiago', is_visible_to_guests: true });
    const privateGuest = serverRow({ name: 'Leo', is_visible_to_guests: false });
    const publicReview = serverRow({ property_id: listing.id, user_id: randomUUID(), rating: 5, is_public: true });
    const ownHiddenReview = serverRow({ property_id: listing.id, user_id: leo, rating: 2, is_public: false });
    // A fetch made signed in that answers after the sign-out.
    await cacheServerRows('properties', [listing]);
    await cacheServerRows('profiles', [visibleHost, privateGuest]);
    await cacheServerRows('property_reviews', [publicReview, ownHiddenReview]);
    await cacheServerRows('bookings', [serverRow({ user_id: leo, property_id: listing.id, status: 'accepted' })]);
    await cacheServerRows('messages', [serverRow({ sender_id: leo, text: 'private', conversation_type: 'guest_guest' })]);

    const db = getCurrentDb()!;
    expect((await db.properties.toArray()).map((row) => row.id)).toEqual([listing.id]);
    expect((await db.profiles.toArray()).map((row) => row.id)).toEqual([visibleHost.id]);
    expect((await db.property_reviews.toArray()).map((row) => row.id)).toEqual([publicReview.id]);
    expect(await db.bookings.count()).toBe(0);
    expect(await db.messages.count()).toBe(0);
  });

  it('private rows an earlier version left there are removed when it opens', async () => {
    const old = new AppDb(null);
    await old.open();
    await old.bookings.put(serverRow({ user_id: leo }) as never);
    await old.messages.put(serverRow({ sender_id: leo, text: 'private', conversation_key: 'dm:x' }) as never);
    await old.profiles.bulkPut([serverRow({ is_visible_to_guests: false }), serverRow({ is_visible_to_guests: true })] as never);
    old.close();

    await signedOut();
    const db = getCurrentDb()!;
    expect(db.name).toBe(ANON_DATABASE_NAME);
    expect([await db.bookings.count(), await db.messages.count(), await db.profiles.count()]).toEqual([0, 0, 1]);
  });
});
