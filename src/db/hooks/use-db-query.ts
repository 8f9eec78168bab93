import { liveQuery } from 'dexie';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { markBoot } from '../../lib/boot-marks.ts';
import { getCurrentDb, subscribeCurrentDb } from '../current-db.ts';
import type { AppDb } from '../db.ts';

/** The session's database (null before the session bootstrap opened one). */
export function useCurrentDb(): AppDb | null {
  return useSyncExternalStore(subscribeCurrentDb, getCurrentDb, () => null);
}

interface Answer<T> {
  value: T | undefined;
  error?: unknown;
}

const NO_ANSWER: Answer<never> = { value: undefined };

/**
 * A live query over the session's database: re-runs when the tables it read change (in this tab or
 * another). `undefined` while loading or while no database is open, so "loading" and "empty" differ;
 * the last answer stays while new deps are read. A failed read is thrown to the error boundary.
 */
export function useDbQuery<T>(query: (db: AppDb) => Promise<T>, deps: readonly unknown[]): T | undefined {
  const db = useCurrentDb();
  const [answer, setAnswer] = useState<Answer<T>>(NO_ANSWER);
  useEffect(
    () => {
      const read = () =>
        db
          ? query(db).then((result) => {
              markBoot('first-query');
              return result;
            })
          : undefined;
      const subscription = liveQuery(read).subscribe({
        next: (value) => setAnswer((current) => (current.value === value && !current.error ? current : { value })),
        error: (error: unknown) => setAnswer({ value: undefined, error }),
      });
      return () => subscription.unsubscribe();
    },
    // The caller's deps say when to query again (query is a new closure every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [db, ...deps],
  );
  if (answer.error) throw answer.error;
  return answer.value;
}
