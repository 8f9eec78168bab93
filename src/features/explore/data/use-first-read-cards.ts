import { useMemo } from 'react';
import { env } from '../../../config/env.ts';
import { EXPLORE_CARD_LIMIT, summarizeReviews, type ExploreCardRow } from '../../../db/queries/explore-cards.ts';
import { isNewer } from '../../../db/queries/property-search.ts';
import { useFirstRead } from '../../../hooks/use-first-read.ts';
import { listingsReadUrl, type FirstReadRows } from '../../../remote/first-read.ts';
import { firstReadListing } from '../../../sync/first-read-rows.ts';

/**
 * The catalogue's first read (remote/first-read.ts) as Explore's unfiltered cards, as the mirror will list
 * them once the refresh has written it: newest first, live rooms cheapest first, public reviews counted.
 */
export function firstReadCards(rows: FirstReadRows): ExploreCardRow[] | null {
  if (!rows) return null;
  return rows
    .map(firstReadListing)
    .filter((listing) => listing !== null)
    .sort((a, b) => (isNewer(a.property, b.property) ? -1 : 1))
    .slice(0, EXPLORE_CARD_LIMIT)
    .map(({ property, rooms, reviews }) => ({ property, rooms, reviews: summarizeReviews(reviews) }));
}

/**
 * Explore's unfiltered cards from the document's first read, once it has arrived: what the page shows
 * until its mirror has the listings (a first visit). null before (the first render matches the
 * prerendered skeleton it hydrates), without a first read, when it failed, or when `isWanted` is false
 * (filters pick other cards than the read's first ones).
 */
export function useFirstReadCards(isWanted: boolean): ExploreCardRow[] | null {
  const rows = useFirstRead(listingsReadUrl(env.supabaseUrl));
  const cards = useMemo(() => (rows ? firstReadCards(rows) : null), [rows]);
  return isWanted ? cards : null;
}
