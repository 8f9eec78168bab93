// Who's Staying, fetched for the property page (the request and its reading: property-snapshot-shapes.ts).
import { loadClient } from './load-client.ts';
import { HOUSEMATES_RPC, housematesArgs, toHousemates, type Housemate } from './property-snapshot-shapes.ts';
import { fromSupabase } from './supabase-errors.ts';

export type { Housemate } from './property-snapshot-shapes.ts';

export async function fetchHousemates(propertyId: string): Promise<Housemate[]> {
  const supabase = await loadClient();
  const { data, error } = await supabase.rpc(HOUSEMATES_RPC, housematesArgs(propertyId));
  if (error) throw fromSupabase(error);
  return toHousemates(data);
}
