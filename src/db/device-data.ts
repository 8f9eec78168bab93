// What a signed-in user leaves in this browser's IndexedDB, and how it goes when they leave: at
// sign-out, when another account signs in, and when the session is lost (docs/decisions/
// sign-out-wipes-device-data.md). Shared villa laptops are the case this is for.
import { Dexie } from 'dexie';
import { databaseNameFor, type AppDb } from './db.ts';
import type { SyncedTableName } from './tables.ts';

/** The signed-out browsing database: kept across users, so it may only ever hold public rows. */
export const ANON_DATABASE_NAME = databaseNameFor(null);

const userDatabaseName = /^nomadnest-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A per-user AppDb (`nomadnest-<user id>`), as opposed to the anonymous and service worker databases. */
export function isUserDatabaseName(name: string): boolean {
  return userDatabaseName.test(name);
}

/** How long a delete waits for another connection (an old tab) to let go before the caller moves on. */
const DELETE_WAIT_MS = 3_000;

/**
 * Deletes a database. Another tab's open connection closes itself on the `versionchange` this fires
 * (db.ts openAppDb); one that does not (an app version from before that handler) blocks the delete:
 * the request then stays queued in IndexedDB and completes when that tab closes, and the caller does
 * not wait for it beyond DELETE_WAIT_MS. Resolves true once deleted, false while still blocked.
 */
export async function deleteDatabase(name: string, waitMs = DELETE_WAIT_MS): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const blocked = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs)));
  try {
    return await Promise.race([Dexie.delete(name).then(() => true as const), blocked]);
  } finally {
    clearTimeout(timer);
  }
}

/** Database names of this origin (indexedDB.databases(), or Dexie's own list where that is missing). */
export function listDatabaseNames(): Promise<string[]> {
  return Dexie.getDatabaseNames();
}

/**
 * Deletes every per-user database except those of `keepUserIds` (the signed-in user, and one whose
 * refused session sealed unsent writes: sealed-session.ts): one browser profile holds at most one
 * signed-in account (supabase-js keeps one session per origin), so any other user's database is a
 * leftover (a session lost while the app was closed, a sign-out interrupted by closing the tab).
 * Returns the names deleted.
 */
export async function deleteOtherUsersDatabases(keepUserIds: ReadonlyArray<string | null>): Promise<string[]> {
  const keep = new Set(keepUserIds.flatMap((id) => (id ? [databaseNameFor(id)] : [])));
  const names = (await listDatabaseNames()).filter((name) => isUserDatabaseName(name) && !keep.has(name));
  await Promise.all(names.map((name) => deleteDatabase(name)));
  return names;
}

/** Does this database exist? Opening a missing one would create it (empty), so the SW asks first. */
export function databaseExists(name: string): Promise<boolean> {
  return Dexie.exists(name);
}

// ------------------------------------------------------------------------ signed-out database

type Row = Readonly<Record<string, unknown>>;

/**
 * Rows the anonymous role may read anyway (the RLS policies of supabase/migrations), so they may sit in
 * the signed-out database that the next person at this browser reads. Deleted rows pass: the merge
 * keeps only a tombstone (table, id, version) of them.
 * - properties, rooms, reviews: listed ones are public;
 * - property_reviews: only `is_public` ones (an author's own hidden review is not);
 * - profiles: only people visible to guests (a public host, a public reviewer's face);
 * - bookings, messages, booking_payments: never (nor the Who's Staying and taken-dates copies of `_snapshots`).
 */
export function isPublicRow(table: SyncedTableName, row: Row): boolean {
  if (row.deleted_at) return true;
  switch (table) {
    case 'properties':
    case 'rooms':
    case 'reviews':
      return true;
    case 'property_reviews':
      return row.is_public === true;
    case 'profiles':
      return row.is_visible_to_guests === true;
    case 'bookings':
    case 'messages':
    case 'booking_payments':
      return false;
  }
}

/**
 * Removes anything from the signed-out database that is not public: private rows can only get there by a
 * race at sign-out (a fetch made signed in that answers after the switch) or from an app version before
 * this rule. Cheap: the tables it scans are small on a signed-out browser.
 */
export async function scrubSignedOutDb(db: AppDb): Promise<number> {
  return db.transaction('rw', [db.bookings, db.booking_payments, db.messages, db.conversations, db.profiles, db.property_reviews, db._outbox, db._snapshots], async () => {
    const privateTables = [db.bookings, db.booking_payments, db.messages, db.conversations, db._outbox, db._snapshots];
    const counts = await Promise.all(privateTables.map((table) => table.count()));
    await Promise.all(privateTables.map((table) => table.clear()));
    const profiles = await db.profiles.filter((row) => !isPublicRow('profiles', row as unknown as Row)).delete();
    const reviews = await db.property_reviews.filter((row) => !isPublicRow('property_reviews', row as unknown as Row)).delete();
    return counts.reduce((sum, count) => sum + count, 0) + profiles + reviews;
  });
}

/**
 * Signed out there is no sync to reconcile the cache (docs/decisions/mirror-scope-removal.md), so
 * Explore's complete server list is the check: cached listings it no longer names (a host deleted or
 * unlisted them) go with their rooms, so they do not show offline. Returns how many went.
 */
export async function dropUnlistedProperties(db: AppDb, listedIds: ReadonlySet<string>): Promise<number> {
  return db.transaction('rw', [db.properties, db.rooms], async () => {
    const gone = (await db.properties.toCollection().primaryKeys()).filter((id) => !listedIds.has(id));
    if (gone.length === 0) return 0;
    for (const id of gone) await db.rooms.where('[property_id+price_per_week]').between([id, Dexie.minKey], [id, Dexie.maxKey]).delete();
    await db.properties.bulkDelete(gone);
    return gone.length;
  });
}
