import { getListing, getProperty, listHostProperties } from '../queries/properties.ts';
import { useDbQuery } from './use-db-query.ts';

export function useHostProperties(hostId: string | null, limit?: number) {
  return useDbQuery(async (db) => (hostId ? listHostProperties(db, hostId, limit) : []), [hostId, limit]);
}

export function useProperty(id: string | null) {
  return useDbQuery(async (db) => (id ? ((await getProperty(db, id)) ?? null) : null), [id]);
}

/** A listing and its rooms, together (null: not cached). */
export function useListing(id: string) {
  return useDbQuery((db) => getListing(db, id), [id]);
}
