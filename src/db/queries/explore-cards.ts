import { Dexie } from 'dexie';
import type { PropertyFilters } from '../../domain/filters.ts';
import type { AppDb } from '../db.ts';
import type { PropertyRow, RoomRow } from '../tables.ts';
import { listPropertyRoomsInTransaction } from './properties.ts';
import { hasListedPropertyInTransaction, searchPropertiesInTransaction } from './property-search.ts';

/** Cards Explore renders at most (the server list it mirrors is bounded too). */
export const EXPLORE_CARD_LIMIT = 120;

export interface ExploreCardRow {
  property: PropertyRow;
  /** live rooms, cheapest first: the card price comes from them */
  rooms: RoomRow[];
}

export interface ExploreListing {
  cards: ExploreCardRow[];
  /** whether any listing is known before filtering (which empty state to show) */
  hasAnyListing: boolean;
}

export interface ExploreQuery {
  filters: PropertyFilters;
  /** the ids the last server list returned: hides cached listings that were removed since (null: offline, show the cache) */
  onlyIds: ReadonlySet<string> | null;
  limit?: number;
}

/**
 * Explore's cards from the local mirror: newest first, filtered as SPEC §9 says, each with its rooms.
 * The listings come through the indexes (property-search.ts: exact SPEC semantics, bounded reads).
 */
export function listExploreCards(db: AppDb, query: ExploreQuery): Promise<ExploreListing> {
  const { filters, onlyIds, limit = EXPLORE_CARD_LIMIT } = query;
  // Dexie promise chains inside the transaction, not async/await (see paged-range.ts).
  return db.transaction('r', db.properties, db.rooms, () =>
    searchPropertiesInTransaction(db, { filters, onlyIds, limit }).then((properties) =>
      Dexie.Promise.all([
        Dexie.Promise.all(properties.map((property) => listPropertyRoomsInTransaction(db, property.id))),
        // a card shown is a listing known; only an empty list asks again without the filters
        properties.length > 0 ? true : hasListedPropertyInTransaction(db, onlyIds),
      ]).then(([rooms, hasAnyListing]) => ({
        cards: properties.map((property, index) => ({ property, rooms: rooms[index] ?? [] })),
        hasAnyListing,
      })),
    ),
  );
}
