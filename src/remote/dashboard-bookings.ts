// Host decisions the dashboard writes straight to the bookings table (online-only): accept and mark
// completed. The status machine lives in the database (tg_bookings_transition); its refusal comes back
// as a BookingUpdateError carrying the server's message and hint, so the toast says what the server said.
import { loadClient } from './load-client.ts';

export class BookingUpdateError extends Error {
  readonly code: string | null;
  /** Postgres HINT: the trigger puts the toast title there ("Cannot accept booking"). */
  readonly hint: string | null;

  constructor(message: string, details: { code?: string | null; hint?: string | null } = {}) {
    super(message);
    this.name = 'BookingUpdateError';
    this.code = details.code ?? null;
    this.hint = details.hint ?? null;
  }
}

export type HostBookingStatus = 'accepted' | 'completed';

/** Sets the status (host_decision follows in the trigger) and returns the updated row for the local mirror. */
export async function updateHostBookingStatus(bookingId: string, status: HostBookingStatus): Promise<Record<string, unknown>> {
  const supabase = await loadClient();
  const { data, error } = await supabase.from('bookings').update({ status }).eq('id', bookingId).select('*').maybeSingle();
  if (error) throw new BookingUpdateError(error.message, { code: error.code ?? null, hint: error.hint ?? null });
  // RLS hides bookings that are not the caller's: no row means nothing was changed.
  if (!data) throw new BookingUpdateError('Booking not found', { code: 'PGRST116' });
  return data as Record<string, unknown>;
}
