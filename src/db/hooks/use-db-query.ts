import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { markBoot } from '../../lib/boot-marks.ts';
import { getCurrentDb, subscribeCurrentDb } from '../current-db.ts';
import type { AppDb } from '../db.ts';

/** The session's database (null before the session bootstrap opened one). */
export function useCurrentDb(): AppDb | null {
  return useSyncExternalStore(subscribeCurrentDb, getCurrentDb, () => null);
}

/**
 * A live query over the session's database: re-runs when the tables it read change (in this tab or
 * another). `undefined` while loading or while no database is open, so "loading" and "empty" differ.
 */
export function useDbQuery<T>(query: (db: AppDb) => Promise<T>, deps: readonly unknown[]): T | undefined {
  const db = useCurrentDb();
  return useLiveQuery(
    () =>
      db
        ? query(db).then((result) => {
            markBoot('first-query');
            return result;
          })
        : undefined,
    [db, ...deps],
  );
}
