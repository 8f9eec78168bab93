// One booking with what the payment functions and e-mails need: the stay, the room price, the property
// and its host's connected account. Read with the service role.
import type { SupabaseClient } from '@supabase/supabase-js';
import { HttpError } from './http.ts';

export interface BookingDetails {
  id: string;
  user_id: string;
  status: string;
  check_in: string;
  check_out: string;
  total_price: number;
  guest_email: string | null;
  held_until: string | null;
  stripe_checkout_session_id: string | null;
  stripe_payment_intent_id: string | null;
  payment_plan: 'full' | 'monthly';
  /** The monthly payments (empty when paid in full). */
  payments: { sequence: number; amount_cents: number; status: string }[];
  property: { id: string; name: string; city: string; country: string; host_id: string };
  room: { id: string; name: string; price_per_week: number };
}

interface BookingRow extends Omit<BookingDetails, 'total_price' | 'property' | 'room' | 'payments'> {
  payments: BookingDetails['payments'] | null;
  total_price: number | string;
  property: BookingDetails['property'] | null;
  room: (Omit<BookingDetails['room'], 'price_per_week'> & { price_per_week: number | string }) | null;
}

const bookingColumns =
  'id, user_id, status, check_in, check_out, total_price, guest_email, held_until, stripe_checkout_session_id, stripe_payment_intent_id, payment_plan, payments:booking_payments(sequence, amount_cents, status), property:properties!bookings_property_id_fkey(id, name, city, country, host_id), room:rooms!bookings_room_id_fkey(id, name, price_per_week)';

export async function loadBooking(admin: SupabaseClient, bookingId: string): Promise<BookingDetails | null> {
  const { data, error } = await admin.from('bookings').select(bookingColumns).eq('id', bookingId).is('deleted_at', null).maybeSingle();
  if (error) throw new Error(`loading booking ${bookingId}: ${error.message}`);
  const row = data as BookingRow | null;
  if (!row || !row.property || !row.room) return null;
  return {
    ...row,
    total_price: Number(row.total_price),
    payments: [...(row.payments ?? [])].sort((a, b) => a.sequence - b.sequence),
    property: row.property,
    room: { ...row.room, price_per_week: Number(row.room.price_per_week) },
  };
}

/** A booking the caller is a party of; anyone else gets the same 404 as for a missing booking. */
export async function loadBookingFor(
  admin: SupabaseClient,
  bookingId: string,
  userId: string,
  party: 'guest' | 'host' | 'either',
): Promise<BookingDetails> {
  const booking = await loadBooking(admin, bookingId);
  const isGuest = booking?.user_id === userId;
  const isHost = booking?.property.host_id === userId;
  const allowed = party === 'guest' ? isGuest : party === 'host' ? isHost : isGuest || isHost;
  if (!booking || !allowed) throw new HttpError(404, 'booking_not_found', 'Booking not found');
  return booking;
}

export async function userEmail(admin: SupabaseClient, userId: string): Promise<string | null> {
  const { data, error } = await admin.auth.admin.getUserById(userId);
  if (error) {
    console.warn(`[booking] no auth user ${userId}: ${error.message}`);
    return null;
  }
  return data.user?.email ?? null;
}
