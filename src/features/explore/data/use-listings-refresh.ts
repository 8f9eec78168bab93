import { useCallback, useEffect, useState } from 'react';
import { useCurrentDb } from '../../../db/hooks/use-db-query.ts';
import { useBrowserOnline } from '../../../hooks/use-is-online.ts';
import { logger } from '../../../lib/logger.ts';
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
  const [state, setState] = useState<ListingsFetchState>('loading');
  const [serverIds, setServerIds] = useState<ReadonlySet<string> | null>(null);

  const retry = useCallback(() => {
    setState('loading');
    setAttempt((count) => count + 1);
  }, []);

  useEffect(() => {
    if (!db || !isBrowserOnline) return;
    let isCurrent = true;
    refreshListings().then(
      (ids) => {
        if (!isCurrent) return;
        setServerIds(ids);
        setState('loaded');
      },
      (error: unknown) => {
        if (!isCurrent) return;
        logger.warn('Listings could not be refreshed; showing the cached ones', error);
        setState('failed');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [db, attempt, isBrowserOnline]);

  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);

  return { state: isBrowserOnline ? state : 'failed', serverIds, retry };
}
