import { loadClient } from './load-client';

/** How many listings Explore mirrors at most (newest first). */
export const LISTED_PROPERTIES_LIMIT = 200;

export type ListedPropertyRecord = Record<string, unknown> & { rooms?: unknown };

/**
 * Every listed property with its rooms, newest first, tombstones left out (SPEC §7 "select all with
 * nested rooms"). Whole room rows, not just their prices: they go into the local mirror, where the
 * property page reads them too. Works signed out (listings are public).
 */
export async function fetchListedProperties(limit = LISTED_PROPERTIES_LIMIT): Promise<ListedPropertyRecord[]> {
  const supabase = await loadClient();
  const { data, error } = await supabase
    .from('properties')
    .select('*, rooms(*)')
    .is('deleted_at', null)
    .order('created_at', { ascending: false })
    .limit(limit);
  if (error) throw error;
  return (data ?? []) as ListedPropertyRecord[];
}
