// Cached listings, newest first, filtered as Explore filters them (docs/product.md §9), through indexes.
//
// Decision: the result is exactly that of filtering every cached row with `matchesPropertyFilters`
// and ordering by the created_at index (newest first, equal times by id, descending). Indexes only
// narrow the rows read; every row read is still checked with the rules `matchesPropertyFilters` combines.
//
// Location (docs/product.md §9: "case-insensitive substring on city or country"), with no word or prefix
// approximation: the `*_places` index (search-keys.ts) holds each row's lower-cased city and
// country, so the distinct places are listed by hopping from one place's key range to the next (one
// small key-only read per distinct place), the substring test runs on those few strings in memory,
// and each matching place is a key range already ordered by created_at and id.
// Max price and min Wi-Fi: `_priceKey` and `_wifiKey` turn each rule into one index range.
//
// The plan, per query, by selectivity: a few server ids are read by key. Otherwise the rows are read
// in order (the matching place ranges merged newest first, or the created_at index), and the first
// page is the probe: a common filter is answered by it, as without any plan. When it is not, the
// probe's pass rate per filter estimates how many rows each filter lets through, and the cost of
// reading on in order is weighed against reading the rarest filters' candidates key-only
// (chooseNarrowings; a key costs about 1/KEYS_PER_ROW of a row). The chosen filters' candidates and
// the matching places' ids are intersected, then read by key and sorted when few, else picked out of
// the created_at index newest first (key-only pages), reading only candidate rows until `limit` pass.
// A list longer than MAX_CANDIDATE_KEYS (a wrong estimate) is dropped; with none left the scan reads on.
// Also exact: more than MAX_PLACE_HOPS distinct places, or a location containing the key separator,
// leave the location to the row filter.
import { type Collection, Dexie } from 'dexie';
import { MAX_PRICE_SLIDER } from '../../domain/constants.ts';
import { locationNeedle, matchesLocation, matchesMaxPrice, matchesMinWifi, type PropertyFilters } from '../../domain/filters.ts';
import type { AppDb } from '../db.ts';
import { PLACE_KEY_END, PLACE_KEY_SEPARATOR, placeKey, placeOfKey } from '../search-keys.ts';
import type { PropertyRow } from '../tables.ts';
import { PagedRange, takeMerged } from './paged-range.ts';

export interface PropertySearch {
  filters?: PropertyFilters | undefined;
  /** only these ids (the last server list); null or absent: every cached listing */
  onlyIds?: ReadonlySet<string> | null | undefined;
  limit: number;
}

/** Distinct places read at most before the location is left to the row filter (the hop would cost more than it saves). */
export const MAX_PLACE_HOPS = 256;
/** Candidates up to this many are read by key and sorted (cheaper than finding them in an ordered index). */
export const MAX_ROWS_READ_BY_KEY = 256;
/** A filter's candidates are read (key-only) up to this many; a filter with more is left to the row test. */
export const MAX_CANDIDATE_KEYS = 2048;
/** Rows the ordered scan reads before the plan is chosen: they answer a common filter, and tell how rare each filter is. */
export const PROBE_ROWS = 32;
/** A row read costs about as much as this many index keys read key-only (values are cloned, keys are not). */
const KEYS_PER_ROW = 16;
/** The ordered indexes are read in key-only pages growing up to this size. */
const MAX_KEY_PAGE = 4096;

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
  return new PagedRange<PropertyRow>(
    {
      first: (count) => placeCollection(db, place).reverse().limit(count).toArray(),
      from: (key, count) => db.properties.where('_places').between(lower, key, true, true).reverse().limit(count).toArray(),
      keyOf: (row) => placeKey(place, row.created_at, row.id),
    },
    firstPage,
  );
}

function placeCollection(db: AppDb, place: string): Collection<PropertyRow, string> {
  return db.properties.where('_places').between(place + PLACE_KEY_SEPARATOR, place + PLACE_KEY_END, true, false);
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

type Keep = (row: PropertyRow) => boolean;

function readByKey(db: AppDb, ids: ReadonlySet<string>, keep: Keep, limit: number): Promise<PropertyRow[]> {
  return db.properties.bulkGet([...ids]).then((rows) =>
    rows
      .filter((row): row is PropertyRow => row !== undefined && typeof row.created_at === 'string' && keep(row))
      .sort((a, b) => (isNewer(a, b) ? -1 : 1))
      .slice(0, limit),
  );
}

/**
 * Up to `limit` of `candidates` that `keep` accepts, in created_at index order: the index is read
 * newest first in key-only pages and only candidates' rows are read. A page resumes below the last
 * id's created_at, after the ids already seen at that time (equal times come by id, descending).
 */
function takeNewestOf(db: AppDb, candidates: ReadonlySet<string>, keep: Keep, limit: number): Promise<PropertyRow[]> {
  const taken: PropertyRow[] = [];
  // rows are read only as far as they may be needed: each read asks for as many as are still missing
  const takeRows = (ids: string[]): Promise<boolean> => {
    const wanted = ids.slice(0, limit - taken.length);
    if (wanted.length === 0) return Dexie.Promise.resolve(taken.length === limit);
    return db.properties.bulkGet(wanted).then((rows) => {
      for (const row of rows) if (row && keep(row)) taken.push(row);
      return taken.length === limit || takeRows(ids.slice(wanted.length));
    });
  };
  const readPage = (resume: { createdAt: string; id: string } | null, size: number): Promise<PropertyRow[]> => {
    const page: Promise<[ids: string[], exhausted: boolean]> = resume === null
      ? db.properties.orderBy('created_at').reverse().limit(size).primaryKeys().then((ids) => [ids, ids.length < size])
      : Dexie.Promise.all([
          db.properties.where('created_at').equals(resume.createdAt).reverse().primaryKeys(),
          db.properties.where('created_at').below(resume.createdAt).reverse().limit(size).primaryKeys(),
        ]).then(([ties, older]) => [[...ties.slice(ties.indexOf(resume.id) + 1), ...older], older.length < size]);
    return page.then(([ids, exhausted]) =>
      takeRows(ids.filter((id) => candidates.has(id))).then((done): PropertyRow[] | Promise<PropertyRow[]> => {
        const lastId = ids.at(-1);
        if (done || exhausted || lastId === undefined) return taken;
        return db.properties.get(lastId).then((last) =>
          last ? readPage({ createdAt: last.created_at, id: lastId }, Math.min(size * 2, MAX_KEY_PAGE)) : taken);
      }),
    );
  };
  return readPage(null, Math.min(Math.max(64, (limit + 1) * 4), MAX_KEY_PAGE));
}

/** The candidate lists intersected, smallest first. */
function intersectIds(lists: readonly string[][]): Set<string> {
  const [first = [], ...rest] = [...lists].sort((a, b) => a.length - b.length);
  let candidates = new Set(first);
  for (const list of rest) candidates = new Set(list.filter((id) => candidates.has(id)));
  return candidates;
}

/** A filter an index can answer: its row test, its candidates read key-only (a superset of the rows passing, at most `cap` + 1), and how many probe rows passed it. */
interface Narrowing {
  passes: Keep;
  candidates: (cap: number) => Promise<string[]>;
  passed: number;
}

function narrowingsOf(db: AppDb, filters: PropertyFilters | undefined, onlyIds: ReadonlySet<string> | null | undefined): Narrowing[] {
  const narrowings: Narrowing[] = [];
  const add = (passes: Keep, candidates: (cap: number) => Promise<string[]>) => narrowings.push({ passes, candidates, passed: 0 });
  if (filters && filters.maxPrice < MAX_PRICE_SLIDER.max) {
    add((row) => matchesMaxPrice(row, filters.maxPrice), (cap) => db.properties.where('_priceKey').belowOrEqual(filters.maxPrice).limit(cap + 1).primaryKeys());
  }
  if (filters && filters.minWifi > 0) {
    add((row) => matchesMinWifi(row, filters.minWifi), (cap) => db.properties.where('_wifiKey').aboveOrEqual(filters.minWifi).limit(cap + 1).primaryKeys());
  }
  if (onlyIds) add((row) => onlyIds.has(row.id), () => Dexie.Promise.resolve([...onlyIds]));
  return narrowings;
}

/**
 * The narrowings whose candidates are worth reading, or none when reading on in order is cheaper.
 * The probe read `examined` rows and `found` passed; each filter is taken to pass the same share of
 * all `total` rows, independently of the others. The rarest is read first, each further one while
 * its keys cost less than the candidate rows it rules out.
 */
function chooseNarrowings(narrowings: Narrowing[], examined: number, found: number, total: number, missing: number): Narrowing[] {
  const share = (passed: number) => (passed + 0.5) / (examined + 1);
  const scanRows = Math.min(total, missing / share(found));
  const chosen: Narrowing[] = [];
  let cost = 0;
  let rows = total;
  for (const narrowing of [...narrowings].sort((a, b) => a.passed - b.passed)) {
    const keys = share(narrowing.passed) * total;
    if (keys > MAX_CANDIDATE_KEYS || keys / KEYS_PER_ROW > rows - rows * share(narrowing.passed)) break;
    chosen.push(narrowing);
    cost += keys / KEYS_PER_ROW;
    rows *= share(narrowing.passed);
  }
  // the candidates' rows: all of them, or the missing ones picked out of the created_at index (keys)
  return cost + Math.min(rows, missing + scanRows / KEYS_PER_ROW) < scanRows ? chosen : [];
}

function mergedPlaces(db: AppDb, places: readonly string[], rows: number): PagedRange<PropertyRow>[] {
  const firstPage = Math.max(8, Math.ceil(rows / places.length) + 1);
  return places.map((place) => placeRange(db, place, firstPage));
}

/** The distinct places the location matches; null when the index cannot narrow it (no location, too many places, a separator). */
function matchingPlaces(db: AppDb, filters: PropertyFilters | undefined): Promise<string[] | null> {
  const needle = filters ? locationNeedle(filters.location) : '';
  if (needle === '' || needle.includes(PLACE_KEY_SEPARATOR)) return Dexie.Promise.resolve(null);
  // A stored place has U+FFFD for a separator character; the needle has none, so testing the
  // stored form can only add candidates (which `keep` rejects), never lose one.
  return listIndexedPlaces(db).then((places) => places && places.filter((place) => place.includes(needle)));
}

// Dexie promise chains, not async/await: see paged-range.ts.
function plan(db: AppDb, search: PropertySearch): Promise<PropertyRow[]> {
  const { filters, onlyIds, limit } = search;
  if (limit <= 0) return Dexie.Promise.resolve([]);
  const narrowings = narrowingsOf(db, filters, onlyIds);
  let examined = 0;
  // every row read is tested here, and counted per filter: the probe's estimates
  const keep: Keep = (row) => {
    examined += 1;
    let pass = row.deleted_at === null && (!filters || matchesLocation(row, filters.location));
    for (const narrowing of narrowings) {
      if (narrowing.passes(row)) narrowing.passed += 1;
      else pass = false;
    }
    return pass;
  };
  if (onlyIds && onlyIds.size <= MAX_ROWS_READ_BY_KEY) return readByKey(db, onlyIds, keep, limit);

  return matchingPlaces(db, filters).then((places) => {
    if (places && places.length === 0) return [];
    // the probe is the scan's first page: reading it costs nothing more when it answers
    const probe = Math.max(PROBE_ROWS, limit + 1);
    const ranges = places ? mergedPlaces(db, places, probe) : [newestFirstRange(db, probe)];
    const taken: PropertyRow[] = [];
    const seen = new Set<string>();
    const scan = (budget?: number) => takeMerged(ranges, { before: isNewer, idOf: (row) => row.id, keep, limit, budget, taken, seen });
    if (narrowings.length === 0) return scan();
    return scan(probe).then((found) => {
      if (found.length === limit || ranges.every((range) => range.isReady && range.current() === undefined)) return found;
      const probed = examined;
      return db.properties.count().then((total) => {
        const chosen = chooseNarrowings(narrowings, probed, found.length, total, limit - found.length);
        if (chosen.length === 0) return scan();
        // one matching place's ids narrow too (its share is unknown: the probe read only it); several
        // places' ids are many more keys, each place read in full before the cap could drop them
        const place = places?.length === 1 ? places[0]! : null;
        const placeIds = (cap: number) => placeCollection(db, place!).limit(cap + 1).primaryKeys();
        return Dexie.Promise.all([...chosen, ...(place === null ? [] : [{ candidates: placeIds }])].map((source) => source.candidates(MAX_CANDIDATE_KEYS))).then((lists) => {
          if (lists.some((list) => list.length === 0)) return [];
          // an estimate was wrong: no chosen list is short enough to narrow, read on in order
          if (lists.every((list, index) => index >= chosen.length || list.length > MAX_CANDIDATE_KEYS)) return scan();
          const candidates = intersectIds(lists.filter((list) => list.length <= MAX_CANDIDATE_KEYS));
          // every candidate's row, or up to every key of the created_at index: whichever is fewer row reads
          return candidates.size <= Math.max(MAX_ROWS_READ_BY_KEY, total / KEYS_PER_ROW) ? readByKey(db, candidates, keep, limit) : takeNewestOf(db, candidates, keep, limit);
        });
      });
    });
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
