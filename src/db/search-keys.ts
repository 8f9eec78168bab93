// Derived index keys of cached properties, computed by the database layer on every write, so no
// writer (sync merge, Explore cache, tests, other tabs running this version) can store a row whose
// keys are stale or missing.
import type { DBCore, DBCoreMutateRequest, DBCoreTable, Middleware } from 'dexie';
import { locationFieldsOf, maxPriceKeyOf, minWifiKeyOf } from '../domain/filters.ts';
import type { PropertyRow } from './tables.ts';

/**
 * Separates the parts of a place key. It sorts below every other character, so all keys of one
 * place form one contiguous range, ordered by created_at and then id like the created_at index.
 */
export const PLACE_KEY_SEPARATOR = '\u0000';
/** The smallest string above every key of a place (`place + PLACE_KEY_END`). */
export const PLACE_KEY_END = '\u0001';
/** Stands in for a separator character inside a place (which no real city or country has). */
const SEPARATOR_STAND_IN = '\ufffd';

type PlaceSource = Pick<PropertyRow, 'id' | 'city' | 'country' | 'created_at'>;

/** A place as the index stores it: the lower-cased city or country, without separator characters. */
export function indexedPlace(field: string): string {
  return field.includes(PLACE_KEY_SEPARATOR) ? field.replaceAll(PLACE_KEY_SEPARATOR, SEPARATOR_STAND_IN) : field;
}

export function placeKey(place: string, createdAt: string, id: string): string {
  return `${place}${PLACE_KEY_SEPARATOR}${createdAt}${PLACE_KEY_SEPARATOR}${id}`;
}

/** The place of a `_places` key. */
export function placeOfKey(key: string): string {
  const end = key.indexOf(PLACE_KEY_SEPARATOR);
  return end < 0 ? key : key.slice(0, end);
}

/**
 * `_places` of a property: one key per distinct non-empty lower-cased city and country,
 * `place \0 created_at \0 id`. A row without a string created_at gets none (the created_at index
 * leaves it out too, so no list shows it either way).
 */
export function placeKeysOf(row: PlaceSource): string[] {
  if (typeof row.created_at !== 'string' || typeof row.id !== 'string') return [];
  const places = new Set(locationFieldsOf(row).filter((place) => place !== '').map(indexedPlace));
  return [...places].map((place) => placeKey(place, row.created_at, row.id));
}

export type SearchKeys = Required<Pick<PropertyRow, '_places' | '_priceKey' | '_wifiKey'>>;

/** Every derived index key of a property (the write middleware and the schema upgrades fill the same). */
export function searchKeysOf(row: PlaceSource & Pick<PropertyRow, 'price_per_week' | 'wifi_speed_mbps'>): SearchKeys {
  return { _places: placeKeysOf(row), _priceKey: maxPriceKeyOf(row), _wifiKey: minWifiKeyOf(row) };
}

function withSearchKeys(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const row = value as PropertyRow;
  return { ...row, ...searchKeysOf(row) };
}

function deriveOnWrite(table: DBCoreTable): DBCoreTable {
  return {
    ...table,
    mutate(request: DBCoreMutateRequest) {
      if (request.type === 'add' || request.type === 'put') {
        return table.mutate({ ...request, values: request.values.map(withSearchKeys) });
      }
      return table.mutate(request);
    },
  };
}

/**
 * Fills the search keys (`_places`, `_priceKey`, `_wifiKey`) of every property written (add, put,
 * bulkPut, update, modify: Dexie turns them all into add or put requests with whole rows). Level 10
 * sits above Dexie's own middlewares, so live queries see the derived keys among the changed index
 * keys and re-run.
 */
export const searchKeysMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'nomadnest-search-keys',
  level: 10,
  create: (down) => ({
    ...down,
    table: (name) => (name === 'properties' ? deriveOnWrite(down.table(name)) : down.table(name)),
  }),
};
