import { loadClient } from './load-client.ts';
import { fromSupabase } from './supabase-errors.ts';

export interface NavProfile {
  name: string | null;
  profile_photo: string | null;
  /** guest or host (user_roles); null until chosen */
  role: 'guest' | 'host' | null;
}

/** What the top navigation shows: docs/product.md §1 (select profile_photo and name by id), and the user's role for the links it offers. */
export async function fetchNavProfile(userId: string): Promise<NavProfile> {
  const supabase = await loadClient();
  const [profile, role] = await Promise.all([
    supabase.from('profiles').select('profile_photo, name').eq('id', userId).single(),
    supabase.from('user_roles').select('role').eq('user_id', userId).maybeSingle(),
  ]);
  if (profile.error) throw fromSupabase(profile.error, profile.status);
  if (role.error) throw fromSupabase(role.error, role.status);
  const { name, profile_photo } = profile.data as Pick<NavProfile, 'name' | 'profile_photo'>;
  return { name, profile_photo, role: (role.data?.role as NavProfile['role'] | undefined) ?? null };
}
