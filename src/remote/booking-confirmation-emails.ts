import { loadClient } from './load-client.ts';
import { fromFunctionsInvoke } from './supabase-errors.ts';

/** sendBookingEmails with status paid (docs/product.md §7). The function sends each (booking, status) once, so a repeat is harmless. */
export async function sendPaidBookingEmails(bookingId: string): Promise<void> {
  const supabase = await loadClient();
  const { error } = await supabase.functions.invoke('sendBookingEmails', { body: { bookingId, status: 'paid' } });
  if (error) throw await fromFunctionsInvoke('sendBookingEmails', error);
}
