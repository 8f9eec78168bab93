// Who's Staying (SPEC §9, DESIGN §4): get_housemates returns only what may be shown (first initial,
// age band, profession, timezone, up to 3 interests) of opted-in guests, and only to the host or a
// guest with an accepted stay at the property.
import { loadClient } from './load-client';

export interface Housemate {
  user_id: string;
  first_initial: string;
  age_band: string | null;
  profession: string | null;
  work_timezone: string | null;
  interests: string[];
  check_in: string;
  check_out: string;
}

export async function fetchHousemates(propertyId: string): Promise<Housemate[]> {
  const supabase = await loadClient();
  const { data, error } = await supabase.rpc('get_housemates', { p_property_id: propertyId });
  if (error) throw error;
  return ((data ?? []) as Housemate[]).map((row) => ({ ...row, interests: row.interests ?? [] }));
}
