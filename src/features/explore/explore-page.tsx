import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { env } from '../../config/env.ts';
import { listExploreCards } from '../../db/queries/explore-cards.ts';
import { useDbQuery } from '../../db/hooks/use-db-query.ts';
import {
  DEFAULT_EXPLORE_SEARCH,
  DEFAULT_STAY_FILTERS,
  hasExploreQuery,
  offersRoomForStay,
  parseExploreQuery,
  stayRange,
  toExploreQuery,
  type ExploreSearch,
} from '../../domain/stay-filters.ts';
import { useBrowserOnline } from '../../hooks/use-is-online.ts';
import { useScreenReady } from '../../hooks/use-screen-ready.ts';
import { LOAD_PROPERTIES_FAILED, NO_MATCHING_PROPERTIES, NO_PROPERTIES } from '../../domain/messages.ts';
import { NativeButton } from '../../ui/button/native-button.tsx';
import { Page } from '../../ui/page/page.tsx';
import { toast } from '../../ui/toast/toast-queue.ts';
import { PRIORITY_CARDS, toCardView } from './card-view.ts';
import { FilterPanel } from './components/filter-panel.tsx';
import { PropertyCard } from './components/property-card.tsx';
import { PropertyGridSkeleton } from './components/property-card-skeleton.tsx';
import * as styles from './components/explore.css.ts';
import { useFirstReadCards } from './data/use-first-read-cards.ts';
import { useFreeRooms } from './data/use-free-rooms.ts';
import { useListingsRefresh } from './data/use-listings-refresh.ts';
import { readSavedFilters, saveFilters, tabStorage } from './saved-filters.ts';

/** Explore Villas (docs/product.md §2 Properties page): filters, then the listings from the local mirror (on a first visit, from the document's first read until the mirror has them). */
export default function ExplorePage() {
  const urlQuery = useSearch();
  const [, navigate] = useLocation();
  // A search in the URL (the landing search, a shared link) wins; else the tab's remembered filters.
  const [filters, setFilters] = useState<ExploreSearch>(() =>
    hasExploreQuery(urlQuery) ? parseExploreQuery(urlQuery) : { ...readSavedFilters(tabStorage()), ...DEFAULT_STAY_FILTERS },
  );
  useEffect(() => saveFilters(tabStorage(), filters), [filters]);
  // The URL always says what is shown, so it can be shared or reloaded.
  const wantedQuery = toExploreQuery(filters);
  useEffect(() => {
    if (wantedQuery !== urlQuery) navigate(wantedQuery ? `/properties?${wantedQuery}` : '/properties', { replace: true });
  }, [wantedQuery, urlQuery, navigate]);

  const { state, serverIds, retry } = useListingsRefresh();
  const isBrowserOnline = useBrowserOnline();
  const range = stayRange(filters);
  const freeRooms = useFreeRooms(range, isBrowserOnline);
  const freeRoomIds = freeRooms.status === 'ready' ? freeRooms.ids : null;
  const [answer, answeredFor] =
    useDbQuery(
      (db) => listExploreCards(db, { filters, onlyIds: serverIds }).then((listing) => [listing, serverIds] as const),
      [filters.location, filters.maxPrice, filters.minWifi, serverIds],
    ) ?? [];
  // A live query answers with its last result until the new one is read: right after a refresh lands,
  // that is the list read before it, on a first visit an empty one, which is not "no listings".
  const listing = (answeredFor === serverIds || answer?.cards.length) ? answer : undefined;
  // A first visit shows the document's read of the catalogue until the refresh has written it to the mirror.
  const firstReadCards = useFirstReadCards(wantedQuery === '');
  const mirrorCards = listing?.cards;
  const cardRows = mirrorCards && (mirrorCards.length > 0 || state !== 'loading' || !firstReadCards) ? mirrorCards : (firstReadCards ?? undefined);
  const cards = useMemo(
    () =>
      cardRows
        ?.filter((card) => offersRoomForStay(card.rooms, filters, freeRoomIds))
        .map((card) => toCardView(card, env.supabaseUrl)),
    [cardRows, filters, freeRoomIds],
  );
  // Offline (or the server unreachable) the list is what this device saved: say so.
  const isShowingSaved = !isBrowserOnline || state === 'failed';

  // docs/product.md §8: a failed load is an error toast, but only when there is nothing cached to show instead.
  const nothingCached = listing !== undefined && !listing.hasAnyListing;
  const failedWithoutCache = state === 'failed' && nothingCached;
  const toastedFailure = useRef(false);
  useEffect(() => {
    if (!failedWithoutCache) {
      toastedFailure.current = false;
      return;
    }
    if (toastedFailure.current) return;
    toastedFailure.current = true;
    toast.error(LOAD_PROPERTIES_FAILED.title, LOAD_PROPERTIES_FAILED.description);
  }, [failedWithoutCache]);

  const isLoading = !cards || (cards.length === 0 && (!listing || (nothingCached && state === 'loading'))) || freeRooms.status === 'loading';
  useScreenReady(!isLoading, 'listings-rendered', (cards?.length ?? 0) > 0);

  let content;
  if (isLoading) {
    content = <PropertyGridSkeleton />;
  } else if (cards.length > 0) {
    content = (
      <>
        <p className={styles.resultBar} role="status">
          {isShowingSaved
            ? `Showing ${cards.length === 1 ? '1 villa' : `${cards.length} villas`} saved on this device`
            : cards.length === 1
              ? '1 villa'
              : `${cards.length} villas`}
        </p>
        <ul className={styles.grid} aria-label="Properties">
          {cards.map((card, index) => (
            <PropertyCard key={card.id} card={card} isPriority={index < PRIORITY_CARDS} />
          ))}
        </ul>
      </>
    );
  } else if (failedWithoutCache) {
    content = (
      <div className={styles.emptyState} role="alert">
        <p className={styles.emptyText}>{LOAD_PROPERTIES_FAILED.description}</p>
        <NativeButton variant="secondary" onClick={retry}>
          Try again
        </NativeButton>
      </div>
    );
  } else if (listing?.hasAnyListing) {
    content = (
      <div className={styles.emptyState} role="status">
        <p className={styles.emptyText}>{NO_MATCHING_PROPERTIES}</p>
        <NativeButton variant="secondary" onClick={() => setFilters(DEFAULT_EXPLORE_SEARCH)}>
          Clear all filters
        </NativeButton>
      </div>
    );
  } else {
    content = (
      <div className={styles.emptyState} role="status">
        <p className={styles.emptyText}>{NO_PROPERTIES}</p>
      </div>
    );
  }

  return (
    <Page title="Explore Villas" subtitle="Long-stay villas and coliving rooms with fast Wi-Fi.">
      <FilterPanel search={filters} onChange={setFilters} />
      {freeRooms.status === 'unchecked' ? (
        <p className={styles.notice} role="note">
          {isBrowserOnline
            ? "We couldn't check which villas are free for your dates; the list below ignores them."
            : "You're offline, so we can't check which villas are free for your dates; the list below ignores them."}
        </p>
      ) : null}
      {content}
    </Page>
  );
}
