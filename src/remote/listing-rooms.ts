// Room writes of the host (docs/product.md §7 rooms: insert, update, delete). Availability alone goes through
// the offline-capable room.setAvailability command instead.
import type { TablesInsert, TablesUpdate } from '../lib/database.types.ts';
import { loadClient } from './load-client.ts';
import type { ServerRecord } from './sync-port.ts';
import { RemoteError } from './errors.ts';
import { fromSupabase } from './supabase-errors.ts';

type RoomWriteColumn =
  | 'name' | 'description' | 'photos' | 'price_per_week' | 'price_per_month' | 'is_available' | 'wifi_speed_mbps'
  | 'capacity' | 'min_stay_weeks' | 'max_stay_weeks';

/** A new room: the schema decides which of its columns are required (name). */
export type RoomCreate = Pick<TablesInsert<'rooms'>, RoomWriteColumn>;
export type RoomWrite = Pick<TablesUpdate<'rooms'>, RoomWriteColumn>;

/** Who hosts a property, for the add-room permission check (null: no such listing). */
export async function fetchPropertyHost(propertyId: string): Promise<{ id: string; host_id: string; name: string } | null> {
  const supabase = await loadClient();
  const { data, error } = await supabase.from('properties').select('id, host_id, name').eq('id', propertyId).is('deleted_at', null).maybeSingle();
  if (error) throw fromSupabase(error);
  return (data as { id: string; host_id: string; name: string } | null) ?? null;
}

export async function createListingRoom(propertyId: string, values: RoomCreate): Promise<ServerRecord> {
  const supabase = await loadClient();
  const { data, error } = await supabase.from('rooms').insert({ ...values, property_id: propertyId }).select('*').single();
  if (error) throw fromSupabase(error);
  return data as ServerRecord;
}

export async function updateListingRoom(roomId: string, patch: RoomWrite): Promise<ServerRecord> {
  const supabase = await loadClient();
  const { data, error } = await supabase.from('rooms').update(patch).eq('id', roomId).select('*');
  if (error) throw fromSupabase(error);
  const [row] = (data ?? []) as ServerRecord[];
  if (!row) throw new RemoteError('permanent', 'Room not found or not yours', { code: 'PGRST116', status: 406 });
  return row;
}

/** Deletes (tombstones) a room and returns the tombstone, so the local mirror drops it. */
export async function deleteListingRoom(roomId: string): Promise<ServerRecord[]> {
  const supabase = await loadClient();
  const deleted = await supabase.from('rooms').delete().eq('id', roomId);
  if (deleted.error) throw fromSupabase(deleted.error, deleted.status);
  const { data, error } = await supabase.from('rooms').select('*').eq('id', roomId);
  if (error) throw fromSupabase(error);
  const rows = (data ?? []) as ServerRecord[];
  if (rows.some((row) => row.deleted_at === null)) throw new RemoteError('permanent', 'The room could not be deleted');
  return rows;
}
