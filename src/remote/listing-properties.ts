// Listing writes that need the server now (docs/architecture.md §2.2): create and edit a property, change its photo
// list, delete the whole listing. Every call hands back the server rows it changed (or tombstoned) so
// the caller can merge them into the local mirror at once.
import type { TablesInsert, TablesUpdate } from '../lib/database.types.ts';
import { loadClient } from './load-client.ts';
import type { ServerRecord } from './sync-port.ts';
import { RemoteError } from './errors.ts';
import { fromSupabase } from './supabase-errors.ts';

/** The columns a host writes on a property (host_id comes from the session: the column default). */
type PropertyWriteColumn =
  | 'name' | 'city' | 'country' | 'google_maps_url' | 'description' | 'workspace_details' | 'amenities' | 'photos'
  | 'price_per_week' | 'capacity' | 'current_occupancy' | 'min_stay_weeks' | 'max_stay_weeks' | 'wifi_speed_mbps';

/** A new property: the schema decides which of its columns are required (name, city, country). */
export type PropertyCreate = Pick<TablesInsert<'properties'>, PropertyWriteColumn>;
export type PropertyWrite = Pick<TablesUpdate<'properties'>, PropertyWriteColumn>;

export type PropertyRecord = ServerRecord & { id: string; host_id: string; photos: string[] };

/** One property by id (null: none visible to this user). */
export async function fetchListingProperty(id: string): Promise<PropertyRecord | null> {
  const supabase = await loadClient();
  const { data, error } = await supabase.from('properties').select('*').eq('id', id).maybeSingle();
  if (error) throw fromSupabase(error);
  return (data as PropertyRecord | null) ?? null;
}

/** Inserts with a client id, so photos can be stored under `{id}/…` before the form leaves the page. */
export async function createListingProperty(id: string, values: PropertyCreate): Promise<PropertyRecord> {
  const supabase = await loadClient();
  const { data, error } = await supabase.from('properties').insert({ ...values, id }).select('*').single();
  if (error) throw fromSupabase(error);
  return data as PropertyRecord;
}

/** Updates the host's own property; RLS matching no row (not the host, deleted) is an error too. */
export async function updateListingProperty(id: string, patch: PropertyWrite): Promise<PropertyRecord> {
  const supabase = await loadClient();
  const { data, error } = await supabase.from('properties').update(patch).eq('id', id).select('*');
  if (error) throw fromSupabase(error);
  const [row] = (data ?? []) as PropertyRecord[];
  if (!row) throw new RemoteError('permanent', 'Property not found or not yours', { code: 'PGRST116', status: 406 });
  return row;
}

/**
 * Deletes a listing, its rooms first (docs/product.md §5). The database turns API deletes into tombstones
 * (deleted_at), which the host can still read: they come back so the local mirror drops them too.
 */
export async function deleteListing(propertyId: string): Promise<{ properties: ServerRecord[]; rooms: ServerRecord[] }> {
  const supabase = await loadClient();
  const rooms = await supabase.from('rooms').delete().eq('property_id', propertyId);
  if (rooms.error) throw fromSupabase(rooms.error, rooms.status);
  const property = await supabase.from('properties').delete().eq('id', propertyId);
  if (property.error) throw fromSupabase(property.error, property.status);
  const [deletedProperty, deletedRooms] = await Promise.all([
    supabase.from('properties').select('*').eq('id', propertyId),
    supabase.from('rooms').select('*').eq('property_id', propertyId),
  ]);
  if (deletedProperty.error) throw fromSupabase(deletedProperty.error, deletedProperty.status);
  if (deletedRooms.error) throw fromSupabase(deletedRooms.error, deletedRooms.status);
  const properties = (deletedProperty.data ?? []) as ServerRecord[];
  if (properties.some((row) => row.deleted_at === null)) throw new RemoteError('permanent', 'The listing could not be deleted');
  return { properties, rooms: (deletedRooms.data ?? []) as ServerRecord[] };
}
