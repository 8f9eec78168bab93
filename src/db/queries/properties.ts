import type { PropertyFilters } from '../../domain/filters.ts';
import type { AppDb } from '../db.ts';
import type { PropertyRow, RoomRow } from '../tables.ts';
import { PagedRange, takeMerged } from './paged-range.ts';
import { searchProperties } from './property-search.ts';

export const DEFAULT_PROPERTY_LIMIT = 60;

/** Cached listings, newest first, optionally filtered as Explore filters them (stops after `limit` matches). */
export function listCachedProperties(db: AppDb, options: { filters?: PropertyFilters; limit?: number } = {}): Promise<PropertyRow[]> {
  const { filters, limit = DEFAULT_PROPERTY_LIMIT } = options;
  return searchProperties(db, { filters, limit });
}

/** Exact city or country match (any case), through the index. */
export function listPropertiesInPlace(db: AppDb, place: { city?: string; country?: string }, limit = DEFAULT_PROPERTY_LIMIT): Promise<PropertyRow[]> {
  const [index, value] = place.city !== undefined ? (['city', place.city] as const) : (['country', place.country ?? ''] as const);
  return db.properties
    .where(index)
    .equalsIgnoreCase(value)
    .filter((property) => property.deleted_at === null)
    .limit(limit)
    .toArray();
}

/** A host's listings, newest first (tombstoned ones excluded). */
export function listHostProperties(db: AppDb, hostId: string, limit = DEFAULT_PROPERTY_LIMIT): Promise<PropertyRow[]> {
  return db.properties
    .where('[host_id+created_at]')
    .between([hostId, ''], [hostId, '\uffff'])
    .reverse()
    .filter((property) => property.deleted_at === null)
    .limit(limit)
    .toArray();
}

export async function getProperty(db: AppDb, id: string): Promise<PropertyRow | undefined> {
  const property = await db.properties.get(id);
  return property && property.deleted_at === null ? property : undefined;
}

export const MAX_ROOMS_PER_PROPERTY = 100;

/** Rooms of a property usually fit one page: one range request per property instead of a cursor step per room. */
const ROOMS_FIRST_PAGE = 16;

/** A property's live rooms, cheapest first, inside a transaction the caller opened over `rooms` (no nested transaction per property). */
export function listPropertyRoomsInTransaction(db: AppDb, propertyId: string, limit = MAX_ROOMS_PER_PROPERTY): Promise<RoomRow[]> {
  const upper = [propertyId, Infinity];
  const rooms = new PagedRange<RoomRow>(
    {
      first: (count) => db.rooms.where('[property_id+price_per_week]').between([propertyId, -Infinity], upper).limit(count).toArray(),
      from: (key, count) => db.rooms.where('[property_id+price_per_week]').between(key, upper, true, true).limit(count).toArray(),
      keyOf: (room) => [room.property_id, room.price_per_week],
    },
    Math.min(limit + 1, ROOMS_FIRST_PAGE),
  );
  return takeMerged([rooms], { before: () => false, idOf: (room) => room.id, keep: (room) => room.deleted_at === null, limit });
}

/**
 * A listing with its rooms, read in one transaction: a page never sees the listing without the rooms
 * written with it (the detail refresh writes the rooms before the listing). null when it is not cached.
 */
export function getListing(db: AppDb, id: string): Promise<{ property: PropertyRow; rooms: RoomRow[] } | null> {
  return db.transaction('r', [db.properties, db.rooms], async () => {
    const property = await getProperty(db, id);
    return property ? { property, rooms: await listPropertyRoomsInTransaction(db, id) } : null;
  });
}
