import { matchesPropertyFilters, type PropertyFilters } from '../../domain/filters.ts';
import type { AppDb } from '../db.ts';
import type { PropertyRow, RoomRow } from '../tables.ts';
import { listPropertyRooms } from './properties.ts';

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

/** Explore's cards from the local mirror: newest first, filtered as SPEC §9 says, each with its rooms. */
export async function listExploreCards(db: AppDb, query: ExploreQuery): Promise<ExploreListing> {
  const { filters, onlyIds, limit = EXPLORE_CARD_LIMIT } = query;
  const isListed = (property: PropertyRow) => property.deleted_at === null && (!onlyIds || onlyIds.has(property.id));
  const newestFirst = () => db.properties.orderBy('created_at').reverse();
  const [properties, anyListing] = await Promise.all([
    newestFirst().filter((property) => isListed(property) && matchesPropertyFilters(property, filters)).limit(limit).toArray(),
    newestFirst().filter(isListed).first(),
  ]);
  const rooms = await Promise.all(properties.map((property) => listPropertyRooms(db, property.id)));
  return {
    cards: properties.map((property, index) => ({ property, rooms: rooms[index] ?? [] })),
    hasAnyListing: anyListing !== undefined,
  };
}
