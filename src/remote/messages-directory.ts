// What the Messages page needs from the server beyond the synced mirror: the people in a
// conversation the mirror does not know yet (a new conversation, house-chat writers), their role,
// and whether the caller belongs to a house chat. Every read runs as the caller, so RLS decides.
import { loadClient } from './load-client.ts';
import type { ServerRecord } from './sync-port.ts';
import { fromSupabase } from './supabase-errors.ts';

export type AccountRole = 'guest' | 'host';

/** Upper bound of ids asked for at once (they travel in the URL). */
export const MAX_PROFILE_IDS = 50;

/** Full profile rows (the mirror's shape) of the ids the caller may see; hidden ones are left out. */
export async function fetchProfileRecords(ids: readonly string[]): Promise<ServerRecord[]> {
  if (ids.length === 0) return [];
  const supabase = await loadClient();
  const { data, error } = await supabase.from('profiles').select('*').in('id', ids.slice(0, MAX_PROFILE_IDS)).limit(MAX_PROFILE_IDS);
  if (error) throw fromSupabase(error);
  return (data ?? []) as ServerRecord[];
}

/** docs/product.md §7 "user_roles: select role by user_id"; null when none is stored or the row is not visible. */
export async function fetchUserRole(userId: string): Promise<AccountRole | null> {
  const supabase = await loadClient();
  const { data, error } = await supabase.from('user_roles').select('role').eq('user_id', userId).limit(1).maybeSingle();
  if (error) throw fromSupabase(error);
  const role: unknown = data?.role;
  return role === 'guest' || role === 'host' ? role : null;
}

/** is_house_member(): the property's host, or a guest whose accepted stay overlaps today or starts within 14 days. */
export async function checkHouseMembership(propertyId: string): Promise<boolean> {
  const supabase = await loadClient();
  const { data, error } = await supabase.rpc('is_house_member', { p_property_id: propertyId });
  if (error) throw fromSupabase(error);
  return data === true;
}
