import { useCallback, useEffect, useState } from 'react';
import { useCurrentDb } from '../../../db/hooks/use-db-query.ts';
import { useBrowserOnline } from '../../../hooks/use-is-online.ts';
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
 * sign-out switches it, when the browser comes back online, and on retry). Offline it asks nothing
 * (loading supabase-js for a request that cannot go would only slow the cached list down): 'failed'.
 */
export function useListingsRefresh(): ListingsRefresh {
  const db = useCurrentDb();
  const isBrowserOnline = useBrowserOnline();
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  // Offline the request cannot go: it waits for the network (loading supabase-js meanwhile would only slow the page down).
  const refresh = useRemoteLoad(db && isBrowserOnline ? () => refreshListings({ signedIn: db.userId !== null }) : null, [db, attempt], 'Listings could not be refreshed; showing the cached ones');

  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);

  if (!isBrowserOnline) return { state: 'failed', serverIds: null, retry };
  if (refresh.status === 'ready') return { state: 'loaded', serverIds: refresh.data, retry };
  return { state: refresh.status === 'failed' ? 'failed' : 'loading', serverIds: refresh.status === 'idle' ? null : (refresh.previous ?? null), retry };
}
