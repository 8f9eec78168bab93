import type { AppDb } from '../db.ts';
import type { ProfileRow } from '../tables.ts';

export const MAX_PROFILES_PER_QUERY = 200;

export async function getProfile(db: AppDb, id: string): Promise<ProfileRow | undefined> {
  const profile = await db.profiles.get(id);
  return profile && profile.deleted_at === null ? profile : undefined;
}

/** Profiles by id, in the order asked (missing ones left out); at most MAX_PROFILES_PER_QUERY ids. */
export async function getProfiles(db: AppDb, ids: readonly string[]): Promise<ProfileRow[]> {
  const rows = await db.profiles.bulkGet(ids.slice(0, MAX_PROFILES_PER_QUERY));
  return rows.filter((row): row is ProfileRow => row !== undefined && row.deleted_at === null);
}
