// Explore's server search, a page at a time (docs/decisions/explore-server-search.md): each answer goes
// into the local mirror (signed out too: the signed-out database), so the list renders from Dexie and
// what was seen works offline.
import type { ListingSearch } from '../../../domain/listing-search.ts';
import { fetchListingsPage } from '../../../remote/explore-properties.ts';
import { cacheServerRows, forgetUnlistedProperties } from '../../../sync/session-actions.ts';
import { splitListingRecords } from './split-listing-records.ts';

export interface SearchPage {
  /** the page's listings, in the server's order (newest first) */
  ids: string[];
  /** how many listings the server has for the search */
  total: number;
}

/**
 * Fetches one page of the search and caches it into the session's database (`signedIn`: a user's, not
 * the signed-out one). `earlierIds`: the ids of every page before this one of a search without filters
 * (null for a filtered one), so that once its last page is in, cached listings the server no longer lists go.
 */
export async function fetchSearchPage(search: ListingSearch, offset: number, { signedIn, earlierIds }: { signedIn: boolean; earlierIds: readonly string[] | null }): Promise<SearchPage> {
  const { records, total } = await fetchListingsPage(search, offset, { signedIn });
  const { properties, rooms, reviews } = splitListingRecords(records);
  // Rooms and reviews first: a card renders once its property is cached, and must already have its rooms
  // then, or it shows the property-level fallback price (~weekly × 4) until they land and the price flips.
  await cacheServerRows('rooms', rooms);
  await cacheServerRows('property_reviews', reviews);
  await cacheServerRows('properties', properties);
  const ids = properties.map((property) => String(property.id));
  // Only the whole catalogue proves a cached listing is gone (a page, or a filtered list, leaves others out).
  if (earlierIds && earlierIds.length + ids.length >= total) await forgetUnlistedProperties(new Set([...earlierIds, ...ids]));
  return { ids, total };
}
