import { useCallback, useEffect, useMemo, useState } from 'react';
import { useCurrentDb } from '../../../db/hooks/use-db-query.ts';
import type { AppDb } from '../../../db/db.ts';
import { isOpenSearch, listingSearchOf } from '../../../domain/listing-search.ts';
import type { ExploreSearch } from '../../../domain/stay-filters.ts';
import { useBrowserOnline } from '../../../hooks/use-is-online.ts';
import { startLoad } from '../../../hooks/use-remote-load.ts';
import { EXPLORE_PAGE_SIZE } from '../../../remote/explore-properties.ts';
import { fetchSearchPage } from './refresh-listings.ts';

/** The server's answer to one search so far: the pages loaded, in order, and its exact count. */
export interface SearchAnswer {
  key: string;
  db: AppDb;
  ids: readonly string[];
  total: number;
}

export type ListingSearchState =
  /** offline, or the server did not answer the first page: Explore filters what this device saved */
  | { status: 'offline' | 'failed' }
  /** the first page is on its way; `previous`: the last search's answer, shown meanwhile */
  | { status: 'loading'; previous: SearchAnswer | null }
  /** `isLoadingMore`: a next page is on its way; `moreFailed`: it could not be loaded (Show more asks again) */
  | { status: 'ready'; answer: SearchAnswer; isLoadingMore: boolean; moreFailed: boolean };

export interface ListingSearch {
  state: ListingSearchState;
  /** asks for the next page */
  showMore(): void;
  /** asks again after a failure */
  retry(): void;
}

/**
 * Explore's search on the server (docs/decisions/explore-server-search.md): the first page whenever the
 * search, the session's database or the network changes, the next one on showMore. Each page is cached
 * into the mirror before its ids are reported, so the cards render from the mirror. Offline nothing is
 * asked (the page filters the mirror instead); coming back online asks again.
 */
export function useListingSearch(search: ExploreSearch): ListingSearch {
  const db = useCurrentDb();
  const isOnline = useBrowserOnline();
  const query = useMemo(() => listingSearchOf(search), [search]);
  const key = JSON.stringify(query);
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [wanted, setWanted] = useState({ key, pages: 1 });
  const [failure, setFailure] = useState<{ key: string; offset: number } | null>(null);
  const [attempt, setAttempt] = useState(0);

  const current = answer?.key === key && answer.db === db ? answer : null;
  const pages = wanted.key === key ? wanted.pages : 1;
  const loaded = current?.ids.length ?? 0;
  const offset = current ? loaded : 0;
  const needsPage = !current || (loaded < pages * EXPLORE_PAGE_SIZE && loaded < current.total);
  const failed = failure?.key === key && failure.offset === offset;

  useEffect(() => {
    if (!db || !isOnline || !needsPage || failed) return;
    const earlierIds = isOpenSearch(query) ? (current?.ids ?? []) : null;
    return startLoad(
      () => fetchSearchPage(query, offset, { signedIn: db.userId !== null, earlierIds }),
      (outcome) => {
        if (outcome.status !== 'ready') {
          setFailure({ key, offset });
          return;
        }
        setAnswer((previous) => {
          const before = previous?.key === key && previous.db === db ? previous.ids.slice(0, offset) : [];
          // a listing added meanwhile moves the later pages down by one: the repeated one is not shown twice
          const seen = new Set(before);
          return { key, db, ids: [...before, ...outcome.data.ids.filter((id) => !seen.has(id))], total: outcome.data.total };
        });
      },
      'Explore search failed; showing the listings saved on this device',
    );
    // `query` is what `key` says; `current` is read for its ids only when the offset changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, isOnline, key, offset, needsPage, failed, attempt]);

  const showMore = useCallback(() => {
    setFailure(null);
    // after a failed page, Show more asks for that page again rather than one more
    if (!needsPage) setWanted((previous) => ({ key, pages: (previous.key === key ? previous.pages : 1) + 1 }));
  }, [key, needsPage]);
  const retry = useCallback(() => {
    setFailure(null);
    setAttempt((count) => count + 1);
  }, []);
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);

  let state: ListingSearchState;
  if (!isOnline) state = { status: 'offline' };
  else if (current) state = { status: 'ready', answer: current, isLoadingMore: needsPage && !failed, moreFailed: needsPage && failed };
  else if (failed) state = { status: 'failed' };
  else state = { status: 'loading', previous: answer?.db === db ? answer : null };
  return { state, showMore, retry };
}
