// Host decisions the dashboard writes straight to the bookings table (online-only): accept and mark
// completed. The status machine lives in the database (tg_bookings_transition); its refusal comes back
// as a RemoteError carrying the server's message and hint, so the toast says what the server said.
import { RemoteError } from './errors.ts';
import { fromSupabase } from './supabase-errors.ts';
import { loadClient } from './load-client.ts';

export type HostBookingStatus = 'accepted' | 'completed';

/** Sets the status (host_decision follows in the trigger) and returns the updated row for the local mirror. */
export async function updateHostBookingStatus(bookingId: string, status: HostBookingStatus): Promise<Record<string, unknown>> {
  const supabase = await loadClient();
  const { data, error, status: httpStatus } = await supabase.from('bookings').update({ status }).eq('id', bookingId).select('*').maybeSingle();
  if (error) throw fromSupabase(error, httpStatus);
  // RLS hides bookings that are not the caller's: no row means nothing was changed.
  if (!data) throw new RemoteError('permanent', 'Booking not found', { code: 'PGRST116', status: 406 });
  return data as Record<string, unknown>;
}
