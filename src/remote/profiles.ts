import { loadClient } from './load-client';

export interface NavProfile {
  name: string | null;
  profile_photo: string | null;
}

/** What the top navigation shows: SPEC §1 (select profile_photo and name by id). */
export async function fetchNavProfile(userId: string): Promise<NavProfile> {
  const supabase = await loadClient();
  const { data, error } = await supabase.from('profiles').select('profile_photo, name').eq('id', userId).single();
  if (error) throw error;
  return data as NavProfile;
}
