import { getProperty, listHostProperties, listPropertyRooms } from '../queries/properties.ts';
import { useDbQuery } from './use-db-query.ts';

export function useHostProperties(hostId: string | null, limit?: number) {
  return useDbQuery(async (db) => (hostId ? listHostProperties(db, hostId, limit) : []), [hostId, limit]);
}

export function useProperty(id: string | null) {
  return useDbQuery(async (db) => (id ? ((await getProperty(db, id)) ?? null) : null), [id]);
}

export function usePropertyRooms(propertyId: string | null) {
  return useDbQuery(async (db) => (propertyId ? listPropertyRooms(db, propertyId) : []), [propertyId]);
}
