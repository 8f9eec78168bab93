import { getProfile, getProfiles } from '../queries/profiles.ts';
import { useDbQuery } from './use-db-query.ts';

export function useProfile(id: string | null) {
  return useDbQuery(async (db) => (id ? ((await getProfile(db, id)) ?? null) : null), [id]);
}

export function useProfiles(ids: readonly string[]) {
  return useDbQuery((db) => getProfiles(db, ids), [ids.join(',')]);
}
