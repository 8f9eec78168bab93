import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { env } from '../../config/env.ts';
import { listExploreCards } from '../../db/queries/explore-cards.ts';
import { useDbQuery } from '../../db/hooks/use-db-query.ts';
import { DEFAULT_PROPERTY_FILTERS } from '../../domain/filters.ts';
import {
  DEFAULT_EXPLORE_SEARCH,
  DEFAULT_STAY_FILTERS,
  hasActiveSearch,
  hasExploreQuery,
  offersRoomForStay,
  parseExploreQuery,
  stayRange,
  toExploreQuery,
  type ExploreSearch,
} from '../../domain/stay-filters.ts';
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
import { useListingSearch } from './data/use-listing-search.ts';
import { ShowMore } from './components/show-more.tsx';
import { readSavedFilters, saveFilters, tabStorage } from './saved-filters.ts';

const villas = (count: number) => (count === 1 ? '1 villa' : `${count.toLocaleString('en-US')} villas`);

/**
 * Explore Villas (docs/product.md §2 Properties page): filters, then the listings. Online the server searches
 * the whole catalogue a page at a time and its answers go into the local mirror, which the cards render from
 * (docs/decisions/explore-server-search.md); offline the filters run over the mirror. On a first visit the
 * cards come from the document's first read until the mirror has them.
 */
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

  const { state, showMore, retry } = useListingSearch(filters);
  // The server's answer to show: this search's, or while it loads the last one's (no flash of a skeleton per keystroke).
  const answer = state.status === 'ready' ? state.answer : state.status === 'loading' ? state.previous : null;
  const isFromDevice = state.status === 'offline' || state.status === 'failed';
  const answerIds = useMemo(() => (answer ? new Set(answer.ids) : null), [answer]);
  const [listing, answeredFor] =
    useDbQuery(
      (db) =>
        (answerIds
          // the server already filtered: the mirror gives these listings' rows, in the same order (newest first)
          ? listExploreCards(db, { filters: DEFAULT_PROPERTY_FILTERS, onlyIds: answerIds, limit: answerIds.size })
          : isFromDevice
            ? listExploreCards(db, { filters, onlyIds: null })
            : Promise.resolve(null)
        ).then((result) => [result, answerIds] as const),
      [filters.location, filters.maxPrice, filters.minWifi, answerIds, isFromDevice],
    ) ?? [];
  // A live query answers with its last result until the new one is read: the cards shown stay (no skeleton
  // between pages or searches), but an empty list counts only once it is this answer's.
  const mirrorCards = listing && (answeredFor === answerIds || listing.cards.length > 0) ? listing.cards : undefined;
  // A first visit shows the document's read of the catalogue until the first page is in the mirror: while the
  // server answers, and while its answer is read from the mirror (no skeleton between: every card would be made anew).
  const firstReadCards = useFirstReadCards(wantedQuery === '');
  const isReadingAnswer = answerIds !== null && answeredFor !== answerIds;
  const cardRows = mirrorCards ?? ((state.status === 'loading' && !answer) || isReadingAnswer ? (firstReadCards ?? undefined) : undefined);
  const cards = useMemo(
    () =>
      cardRows
        // offline only the guests are checked here (free dates need everyone's bookings: the server's answer)
        ?.filter((card) => !isFromDevice || offersRoomForStay(card.rooms, filters, null))
        .map((card) => toCardView(card, env.supabaseUrl)),
    [cardRows, filters, isFromDevice],
  );

  // docs/product.md §8: a failed load is an error toast, but only when there is nothing cached to show instead.
  const nothingCached = isFromDevice && listing !== undefined && listing !== null && !listing.hasAnyListing;
  const failedWithoutCache = state.status === 'failed' && nothingCached;
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

  const isLoading = !cards || (cards.length === 0 && mirrorCards === undefined);
  useScreenReady(!isLoading, 'listings-rendered', (cards?.length ?? 0) > 0);

  const total = state.status === 'ready' ? state.answer.total : (answer?.total ?? null);
  const hasMore = state.status === 'ready' && state.answer.ids.length < state.answer.total;

  let content;
  if (isLoading) {
    content = <PropertyGridSkeleton />;
  } else if (cards.length > 0) {
    content = (
      <>
        <p className={styles.resultBar} role="status">
          {isFromDevice ? `Showing ${villas(cards.length)} saved on this device` : total !== null ? villas(total) : ''}
        </p>
        <ul className={styles.grid} aria-label="Properties">
          {cards.map((card, index) => (
            <PropertyCard key={card.id} card={card} isPriority={index < PRIORITY_CARDS} />
          ))}
        </ul>
        {hasMore ? <ShowMore shown={cards.length} total={villas(state.answer.total)} isLoading={state.isLoadingMore} hasFailed={state.moreFailed} onShowMore={showMore} /> : null}
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
  } else if (isFromDevice ? listing?.hasAnyListing : hasActiveSearch(filters)) {
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

  const datesUnchecked = isFromDevice && stayRange(filters) !== null;
  return (
    <Page title="Explore Villas" subtitle="Long-stay villas and coliving rooms with fast Wi-Fi.">
      <FilterPanel search={filters} onChange={setFilters} />
      {isFromDevice ? (
        <p className={styles.notice} role="note">
          {state.status === 'offline' ? "You're offline: " : "We couldn't reach NomadNest: "}
          these results come from the listings saved on this device, not the whole catalogue.
          {datesUnchecked ? " Free dates can't be checked, so the list ignores them." : ''}
        </p>
      ) : null}
      {content}
    </Page>
  );
}
