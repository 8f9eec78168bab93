import { useCallback, useEffect, useState } from 'react';
import { useCurrentDb } from '../../../db/hooks/use-db-query.ts';
import { useRemoteLoad } from '../../../hooks/use-remote-load.ts';
import { refreshListings } from './refresh-listings.ts';

export type ListingsFetchState = 'loading' | 'loaded' | 'failed';

export interface ListingsRefresh {
  state: ListingsFetchState;
  /** ids of the last successful server list; null until one arrived (then the whole cache shows) */
  serverIds: ReadonlySet<string> | null;
  retry(): void;
}

/**
 * Refreshes the mirrored listings once the session's database is open (again after sign-in or
 * sign-out switches it, when the browser comes back online, and on retry).
 */
export function useListingsRefresh(): ListingsRefresh {
  const db = useCurrentDb();
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const refresh = useRemoteLoad(db ? () => refreshListings() : null, [db, attempt], 'Listings could not be refreshed; showing the cached ones');

  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);

  if (refresh.status === 'ready') return { state: 'loaded', serverIds: refresh.data, retry };
  return { state: refresh.status === 'failed' ? 'failed' : 'loading', serverIds: refresh.status === 'idle' ? null : (refresh.previous ?? null), retry };
}
