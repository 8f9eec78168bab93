import type { PropertyFilters } from '../../domain/filters.ts';
import { getProperty, listCachedProperties, listHostProperties, listPropertyRooms } from '../queries/properties.ts';
import { useDbQuery } from './use-db-query.ts';

export function useCachedProperties(filters?: PropertyFilters, limit?: number) {
  return useDbQuery(
    (db) => listCachedProperties(db, { ...(filters && { filters }), ...(limit !== undefined && { limit }) }),
    [filters?.location, filters?.maxPrice, filters?.minWifi, limit],
  );
}

export function useHostProperties(hostId: string | null, limit?: number) {
  return useDbQuery(async (db) => (hostId ? listHostProperties(db, hostId, limit) : []), [hostId, limit]);
}

export function useProperty(id: string | null) {
  return useDbQuery(async (db) => (id ? ((await getProperty(db, id)) ?? null) : null), [id]);
}

export function usePropertyRooms(propertyId: string | null) {
  return useDbQuery(async (db) => (propertyId ? listPropertyRooms(db, propertyId) : []), [propertyId]);
}
