import { loadClient } from './load-client.ts';
import { fromSupabase } from './supabase-errors.ts';

/** The booking-confirmed page's booking (docs/product.md §7 "latest booking by guest_id"), plus its property id for the house chat. */
export interface LatestGuestBooking {
  id: string;
  property_id: string;
  check_in: string;
  check_out: string;
  total_price: number;
  status: string;
  property_name: string | null;
  room_name: string | null;
}

interface Embedded {
  id: string;
  property_id: string;
  check_in: string;
  check_out: string;
  total_price: number | string;
  status: string;
  property: { name: string | null } | null;
  room: { name: string | null } | null;
}

/** Newest first, limit 1, among `statuses`; null when the guest has none. */
export async function fetchLatestGuestBooking(guestId: string, statuses: readonly string[]): Promise<LatestGuestBooking | null> {
  const supabase = await loadClient();
  const { data, error } = await supabase
    .from('bookings')
    .select('id, property_id, check_in, check_out, total_price, status, property:properties(name), room:rooms(name)')
    .eq('guest_id', guestId)
    .in('status', [...statuses])
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw fromSupabase(error);
  if (!data) return null;
  const row = data as unknown as Embedded;
  return {
    id: row.id,
    property_id: row.property_id,
    check_in: row.check_in,
    check_out: row.check_out,
    // numeric columns arrive as numbers from PostgREST, but a string is harmless to accept
    total_price: Number(row.total_price),
    status: row.status,
    property_name: row.property?.name ?? null,
    room_name: row.room?.name ?? null,
  };
}
