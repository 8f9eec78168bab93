// What the service worker needs to push a signed-in user's queued writes while no page is open
// (Background Sync, sw/background-sync.ts). The SW cannot read supabase-js's session (localStorage is
// a page-only API), so the page mirrors the few fields it needs here on every auth change:
// signed in / token refreshed → the record; signed out → no record.
//
// Deliberately its own tiny database, not a table of the per-user AppDb: the SW must find it before it
// knows the user, and the AppDb schema can be bumped without touching it. Only the short-lived access
// token is stored, never the refresh token: the SW pushes while the token is valid and never refreshes
// (rotating the refresh token there would sign the page out).
import { Dexie, type Table } from 'dexie';
import { databaseNameFor } from './db.ts';

export interface ServiceWorkerSession {
  userId: string;
  /** the user's JWT as the page last saw it */
  accessToken: string;
  /** when the access token expires (epoch ms) */
  expiresAt: number;
  /** the user's local database (db.ts `databaseNameFor`) */
  dbName: string;
  /** when the page wrote this record (epoch ms) */
  savedAt: number;
}

interface SessionRow extends ServiceWorkerSession {
  key: 'current';
}

export const SW_SESSION_DB_NAME = 'nomadnest-sw-session';

class SwSessionDb extends Dexie {
  session!: Table<SessionRow, string>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({ session: 'key' });
  }
}

export interface SwSessionStoreOptions {
  /** database name (tests); default SW_SESSION_DB_NAME */
  name?: string;
}

async function withStore<T>(options: SwSessionStoreOptions, task: (db: SwSessionDb) => Promise<T>): Promise<T> {
  // Opened per call and closed at once: the SW must not keep a connection that would block a later
  // schema change, and the page writes it only on auth events.
  const db = new SwSessionDb(options.name ?? SW_SESSION_DB_NAME);
  try {
    return await task(db);
  } finally {
    db.close();
  }
}

/** The page's signed-in session as the SW should use it (dbName defaults to the user's AppDb). */
export function saveServiceWorkerSession(
  session: { userId: string; accessToken: string; expiresAt: number; dbName?: string },
  options: SwSessionStoreOptions = {},
): Promise<void> {
  const row: SessionRow = {
    key: 'current',
    userId: session.userId,
    accessToken: session.accessToken,
    expiresAt: session.expiresAt,
    dbName: session.dbName ?? databaseNameFor(session.userId),
    savedAt: Date.now(),
  };
  return withStore(options, async (db) => {
    await db.session.put(row);
  });
}

/**
 * Signed out: the SW has nobody to push for. With `userId`, only that user's record goes (their data is
 * being wiped while another account may already have mirrored its own session).
 */
export function clearServiceWorkerSession(options: SwSessionStoreOptions & { userId?: string } = {}): Promise<void> {
  return withStore(options, (db) =>
    db.transaction('rw', db.session, async () => {
      if (options.userId === undefined) return db.session.clear();
      const row = await db.session.get('current');
      if (row?.userId === options.userId) await db.session.delete('current');
    }),
  );
}

export function readServiceWorkerSession(options: SwSessionStoreOptions = {}): Promise<ServiceWorkerSession | null> {
  return withStore(options, async (db) => {
    const row = await db.session.get('current');
    if (!row) return null;
    const { key: _key, ...session } = row;
    return session;
  });
}
