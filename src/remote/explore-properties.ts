import { loadClient } from './load-client.ts';

/** How many listings Explore mirrors at most (newest first). */
export const LISTED_PROPERTIES_LIMIT = 200;

export type ListedPropertyRecord = Record<string, unknown> & { rooms?: unknown };

/**
 * Every listed property with its rooms, newest first, tombstones left out (docs/product.md §7 "select all with
 * nested rooms"). Whole room rows, not just their prices: they go into the local mirror, where the
 * property page reads them too. Works signed out (listings are public).
 */
export async function fetchListedProperties(limit = LISTED_PROPERTIES_LIMIT): Promise<ListedPropertyRecord[]> {
  const supabase = await loadClient();
  const { data, error } = await supabase
    .from('properties')
    // Public reviews come along so cards show their average and count (offline too, from the mirror).
    .select('*, rooms(*), property_reviews(*)')
    .is('deleted_at', null)
    .order('created_at', { ascending: false })
    .limit(limit);
  if (error) throw error;
  return (data ?? []) as ListedPropertyRecord[];
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
