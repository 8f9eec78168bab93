// Cached listings, newest first, filtered as Explore filters them (docs/product.md §9), through indexes.
//
// Decision (docs/product.md §9: "Location filter: case-insensitive substring on city or country"): the result
// is exactly that of filtering every cached row with `matchesPropertyFilters` and ordering by the
// created_at index (newest first, equal times by id, descending), for every location including
// mid-word substrings ("bon" finds Lisbon). No word or prefix approximation: instead of indexing
// words, the `*_places` index (search-keys.ts) holds each row's lower-cased city and country, so
//   1. the distinct places are listed by hopping from one place's key range to the next (one small
//      key-only read per distinct place, not per row),
//   2. the substring test runs on those few strings in memory, exactly as the filter runs it,
//   3. each matching place is a key range already ordered by created_at and id; the ranges are
//      merged newest first, read in pages, and reading stops once `limit` rows passed the filters.
// Every row read is still checked with `matchesPropertyFilters`, so the index can only narrow the
// rows read, never change the answer. Fallbacks, also exact: more than MAX_PLACE_HOPS distinct
// places (the hop would cost more than it saves), or a location containing the key separator,
// read the created_at index newest first in pages, which is also the plan without a location.
import { Dexie } from 'dexie';
import { locationNeedle, matchesPropertyFilters, type PropertyFilters } from '../../domain/filters.ts';
import type { AppDb } from '../db.ts';
import { PLACE_KEY_END, PLACE_KEY_SEPARATOR, placeKey, placeOfKey } from '../search-keys.ts';
import type { PropertyRow } from '../tables.ts';
import { PagedRange, takeFromRange, takeMerged } from './paged-range.ts';

export interface PropertySearch {
  filters?: PropertyFilters | undefined;
  /** only these ids (the last server list); null or absent: every cached listing */
  onlyIds?: ReadonlySet<string> | null | undefined;
  limit: number;
}

/** Distinct places read at most before the location plan gives way to the newest-first scan. */
export const MAX_PLACE_HOPS = 256;
/** An id list up to this size is read by key (bounded by the list) rather than through an index. */
export const MAX_IDS_READ_BY_KEY = 500;

/** Newest first, as `orderBy('created_at').reverse()` orders rows: created_at, then id, descending. */
export function isNewer(a: PropertyRow, b: PropertyRow): boolean {
  return a.created_at !== b.created_at ? a.created_at > b.created_at : a.id > b.id;
}

function newestFirstRange(db: AppDb, firstPage: number): PagedRange<PropertyRow> {
  return new PagedRange<PropertyRow>(
    {
      first: (count) => db.properties.orderBy('created_at').reverse().limit(count).toArray(),
      from: (key, count) => db.properties.where('created_at').belowOrEqual(key).reverse().limit(count).toArray(),
      keyOf: (row) => row.created_at,
    },
    firstPage,
  );
}

function placeRange(db: AppDb, place: string, firstPage: number): PagedRange<PropertyRow> {
  const lower = place + PLACE_KEY_SEPARATOR;
  const upper = place + PLACE_KEY_END;
  return new PagedRange<PropertyRow>(
    {
      first: (count) => db.properties.where('_places').between(lower, upper, true, false).reverse().limit(count).toArray(),
      from: (key, count) => db.properties.where('_places').between(lower, key, true, true).reverse().limit(count).toArray(),
      keyOf: (row) => placeKey(place, row.created_at, row.id),
    },
    firstPage,
  );
}

/** The distinct places in the `_places` index (null: more than `maxPlaces`). One key-only read per place. */
export function listIndexedPlaces(db: AppDb, maxPlaces = MAX_PLACE_HOPS): Promise<string[] | null> {
  const places: string[] = [];
  const hop = (from: string): Promise<string[] | null> =>
    db.properties.where('_places').aboveOrEqual(from).limit(1).keys().then(([key]): string[] | null | Promise<string[] | null> => {
      if (typeof key !== 'string') return places;
      if (places.length === maxPlaces) return null;
      const place = placeOfKey(key);
      places.push(place);
      return hop(place + PLACE_KEY_END);
    });
  return hop('');
}

function searchByIds(db: AppDb, ids: ReadonlySet<string>, keep: (row: PropertyRow) => boolean, limit: number): Promise<PropertyRow[]> {
  return db.properties.bulkGet([...ids]).then((rows) =>
    rows
      .filter((row): row is PropertyRow => row !== undefined && typeof row.created_at === 'string' && keep(row))
      .sort((a, b) => (isNewer(a, b) ? -1 : 1))
      .slice(0, limit),
  );
}

// Dexie promise chains, not async/await: see paged-range.ts.
function plan(db: AppDb, search: PropertySearch): Promise<PropertyRow[]> {
  const { filters, onlyIds, limit } = search;
  if (limit <= 0) return Dexie.Promise.resolve([]);
  const keep = (row: PropertyRow) =>
    row.deleted_at === null && (!onlyIds || onlyIds.has(row.id)) && (!filters || matchesPropertyFilters(row, filters));
  if (onlyIds && onlyIds.size <= MAX_IDS_READ_BY_KEY) return searchByIds(db, onlyIds, keep, limit);

  const newestFirst = () => takeFromRange(newestFirstRange(db, limit + 1), keep, limit);
  const needle = filters ? locationNeedle(filters.location) : '';
  if (needle === '' || needle.includes(PLACE_KEY_SEPARATOR)) return newestFirst();
  return listIndexedPlaces(db).then((places) => {
    if (!places) return newestFirst();
    // A stored place has U+FFFD for a separator character; the needle has none, so testing the
    // stored form can only add candidates (which `keep` rejects), never lose one.
    const matching = places.filter((place) => place.includes(needle));
    if (matching.length === 0) return [];
    const firstPage = Math.max(8, Math.ceil(limit / matching.length) + 1);
    return takeMerged(
      matching.map((place) => placeRange(db, place, firstPage)),
      { before: isNewer, idOf: (row) => row.id, keep, limit },
    );
  });
}

/**
 * Up to `limit` cached listings, newest first, that are not deleted, are in `onlyIds` (when given)
 * and pass `filters` (when given): the same rows, in the same order, as a full scan would give.
 * Reads in one read-only transaction, so the pages of one answer see one state of the table.
 */
export function searchProperties(db: AppDb, search: PropertySearch): Promise<PropertyRow[]> {
  return db.transaction('r', db.properties, () => plan(db, search));
}

/** `searchProperties` inside a transaction the caller opened over `properties` (no nested transaction). */
export function searchPropertiesInTransaction(db: AppDb, search: PropertySearch): Promise<PropertyRow[]> {
  return plan(db, search);
}

/** Whether any cached listing is listed (not deleted, in `onlyIds` when given), in the caller's transaction. */
export function hasListedPropertyInTransaction(db: AppDb, onlyIds: ReadonlySet<string> | null | undefined): Promise<boolean> {
  return plan(db, { onlyIds, limit: 1 }).then((rows) => rows.length > 0);
}
