import { env } from '../config/env.ts';
import { firstRead, LISTED_PROPERTIES_LIMIT, LISTINGS_QUERY, listingsReadUrl } from './first-read.ts';
import type { AppClient } from './client.ts';
import { loadClient } from './load-client.ts';

export { LISTED_PROPERTIES_LIMIT };

export type ListedPropertyRecord = Record<string, unknown> & { rooms?: unknown };

/**
 * Every listed property with its rooms, newest first, tombstones left out (first-read.ts LISTINGS_QUERY).
 * Whole room rows, not just their prices: they go into the local mirror, where the property page reads
 * them too; public reviews come along so cards show their average and count (offline too). Works signed
 * out (listings are public); signed out, Explore's document may have read them already (its first read).
 */
export async function fetchListedProperties({ signedIn }: { signedIn: boolean }): Promise<ListedPropertyRecord[]> {
  const firstReadRows = signedIn ? null : await firstRead(listingsReadUrl(env.supabaseUrl), { take: true });
  if (firstReadRows) return firstReadRows;
  // Through supabase-js: with the user's token when signed in (RLS shows a host their own listings too).
  const { data, error } = await listedPropertiesQuery(await loadClient());
  if (error) throw error;
  return (data ?? []) as ListedPropertyRecord[];
}

/** LISTINGS_QUERY as a supabase-js query. */
export function listedPropertiesQuery(supabase: Pick<AppClient, 'from'>) {
  return supabase.from('properties').select(LISTINGS_QUERY.select).is('deleted_at', null).order('created_at', { ascending: false }).limit(LISTED_PROPERTIES_LIMIT);
}

/**
 * Ids of the rooms free for a stay (free_rooms_for_stay: the booking's paid-or-accepted rule, rooms
 * switched off and too small left out). Online only: the answer depends on every guest's bookings.
 */
export async function fetchFreeRoomIds(checkIn: string, checkOut: string, guests: number): Promise<Set<string>> {
  const supabase = await loadClient();
  const { data, error } = await supabase.rpc('free_rooms_for_stay', { p_check_in: checkIn, p_check_out: checkOut, p_guests: guests });
  if (error) throw error;
  return new Set(((data ?? []) as { room_id: string }[]).map((row) => row.room_id));
}
