// What the app keeps in the browser, read the way any script on the page could: the local mirror's
// IndexedDB stores and supabase-js's stored session. Specs wait on these instead of on time.
import type { Page } from '@playwright/test';

/** One store of one database, or null when the database does not exist (never creates it). */
export function readStore<T>(page: Page, dbName: string, store: string): Promise<T[] | null> {
  return page.evaluate(async ({ dbName, store }) => {
    if (!(await indexedDB.databases()).some((info) => info.name === dbName)) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(dbName);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    db.onversionchange = () => db.close();
    try {
      if (!db.objectStoreNames.contains(store)) return [];
      return await new Promise<T[]>((resolve, reject) => {
        const getAll = db.transaction(store).objectStore(store).getAll();
        getAll.onsuccess = () => resolve(getAll.result as T[]);
        getAll.onerror = () => reject(getAll.error);
      });
    } finally {
      db.close();
    }
  }, { dbName, store });
}

/** The signed-in user's id from supabase-js's session (localStorage `sb-<host>-auth-token`), or '' signed out. */
export function signedInUserId(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name));
    return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { user?: { id?: string } }).user?.id ?? '';
  });
}

/** An outbox entry of the local mirror (src/db: `_outbox`). */
export interface OutboxEntry {
  entityId: string;
  attempts: number;
  nextAttemptAt: number;
  status: string;
}
