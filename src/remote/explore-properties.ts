import { env } from '../config/env.ts';
import { EXPLORE_PAGE_SIZE, firstRead, firstReadTotal, LISTINGS_QUERY, listingsReadUrl } from './first-read.ts';
import type { AppClient } from './client.ts';
import { loadClient } from './load-client.ts';
import { fromSupabase } from './supabase-errors.ts';

export { EXPLORE_PAGE_SIZE };

export type ListedPropertyRecord = Record<string, unknown> & { rooms?: unknown };

/**
 * Explore's search as the server runs it (domain/listing-search.ts builds it from the filters; remote may
 * not import domain, so the shape is stated here too and TypeScript holds the two together).
 */
export interface ListingSearchQuery {
  location: string;
  maxWeeklyPrice: number | null;
  minWifi: number | null;
  stay: { checkIn: string | null; checkOut: string | null; guests: number } | null;
}

export interface ListingsPage {
  /** listed properties with their rooms and public reviews, newest first */
  records: ListedPropertyRecord[];
  /** how many listings match the search on the server (exact) */
  total: number;
}

/** Text as a regular expression that matches it literally (every character means itself). */
export const literalRegex = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
/** A value inside a PostgREST logic tree: quoted, so commas, dots and parentheses are text. */
const treeValue = (text: string) => `"${text.replace(/[\\"]/g, '\\$&')}"`;

/** The PostgREST logic trees (`or=(…)`) of a search; the bounds without one are plain filters. */
export function listingSearchTrees(search: ListingSearchQuery): string[] {
  const trees: string[] = [];
  if (search.location) {
    // imatch (~*): case-insensitive substring with no wildcard of its own, answered by the trigram indexes
    const pattern = treeValue(literalRegex(search.location));
    trees.push(`city.imatch.${pattern},country.imatch.${pattern}`);
  }
  if (search.minWifi !== null) trees.push(`wifi_speed_mbps.is.null,wifi_speed_mbps.eq.0,wifi_speed_mbps.gte.${search.minWifi}`);
  return trees;
}

/**
 * One page of the search as a supabase-js query: the filters, newest first (equal times by id), the page's
 * range and an exact count. Without a stay it reads properties (LISTINGS_QUERY, whose first page is the
 * document's first read); with one, listings_for_stay, which only the database can answer.
 */
export function listingsSearchQuery(supabase: Pick<AppClient, 'from' | 'rpc'>, search: ListingSearchQuery, offset: number, pageSize = EXPLORE_PAGE_SIZE) {
  const { stay } = search;
  let query = stay
    ? supabase
      .rpc('listings_for_stay', { p_guests: stay.guests, ...(stay.checkIn && stay.checkOut ? { p_check_in: stay.checkIn, p_check_out: stay.checkOut } : {}) }, { count: 'exact' })
      .select(LISTINGS_QUERY.select)
    : supabase.from('properties').select(LISTINGS_QUERY.select, { count: 'exact' });
  query = query.is('deleted_at', null);
  for (const tree of listingSearchTrees(search)) query = query.or(tree);
  if (search.maxWeeklyPrice !== null) query = query.lte('price_per_week', search.maxWeeklyPrice);
  return query.order('created_at', { ascending: false }).order('id', { ascending: false }).range(offset, offset + pageSize - 1);
}

const isOpen = (search: ListingSearchQuery) => !search.location && search.maxWeeklyPrice === null && search.minWifi === null && search.stay === null;

/**
 * One page of Explore's search, from the server. Works signed out (listings are public); signed out, the
 * first page of no search may be the one Explore's document read already (its first read, with its count).
 */
export async function fetchListingsPage(search: ListingSearchQuery, offset: number, { signedIn }: { signedIn: boolean }): Promise<ListingsPage> {
  if (!signedIn && offset === 0 && isOpen(search)) {
    const url = listingsReadUrl(env.supabaseUrl);
    const total = firstReadTotal(url);
    const rows = total && (await firstRead(url, { take: true }));
    const count = total ? await total : undefined;
    if (rows && count !== undefined) return { records: rows, total: count };
  }
  // Through supabase-js: with the user's token when signed in (RLS shows a host their own listings too).
  const { data, error, count } = await listingsSearchQuery(await loadClient(), search, offset);
  if (error) throw fromSupabase(error);
  const records = (data ?? []) as ListedPropertyRecord[];
  return { records, total: count ?? offset + records.length };
}
