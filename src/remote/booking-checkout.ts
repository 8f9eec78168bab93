// The booking card's server calls (docs/product.md §7): the last-moment availability check, the pending_payment
// booking insert, and Stripe Checkout through create-checkout-session-v2. Online only: a booking
// needs the server's word that the dates are free, so none of this goes through the outbox.
import { errorMessage } from '../lib/error-message.ts';
import { loadClient } from './load-client.ts';
import { fromSupabase } from './supabase-errors.ts';

/** bookings.payment_plan (the domain's PaymentPlan; remote/ does not import the domain). */
type PaymentPlan = 'full' | 'monthly';

export interface StayRequest {
  propertyId: string;
  roomId: string;
  /** 'yyyy-MM-dd' */
  checkIn: string;
  checkOut: string;
}

/** RPC check_booking_conflict: true when the room's dates are taken (held, paid or accepted). */
export async function hasBookingConflict(stay: StayRequest): Promise<boolean> {
  const supabase = await loadClient();
  const { data, error } = await supabase.rpc('check_booking_conflict', {
    p_property_id: stay.propertyId,
    p_room_id: stay.roomId,
    p_start_date: stay.checkIn,
    p_end_date: stay.checkOut,
  });
  if (error) throw fromSupabase(error);
  return Boolean(data);
}

export type CreateBookingResult =
  | { kind: 'created'; bookingId: string }
  /** the no-double-booking constraint refused the dates (23P01) */
  | { kind: 'dates_unavailable' }
  /** no usable session (401 / JWT errors) */
  | { kind: 'session_expired' }
  | { kind: 'failed'; message: string };

export interface NewBooking extends StayRequest {
  userId: string;
  guestEmail: string | null;
  totalPrice: number;
}

/** Inserts the booking request as pending_payment: it holds no dates until its checkout starts (the server prices it). */
export async function createPendingBooking(booking: NewBooking): Promise<CreateBookingResult> {
  const supabase = await loadClient();
  const { data, error, status } = await supabase
    .from('bookings')
    .insert({
      user_id: booking.userId,
      property_id: booking.propertyId,
      room_id: booking.roomId,
      check_in: booking.checkIn,
      check_out: booking.checkOut,
      total_price: booking.totalPrice,
      status: 'pending_payment',
      guest_email: booking.guestEmail,
    })
    .select('id')
    .single();
  if (!error && data) return { kind: 'created', bookingId: String((data as { id: string }).id) };
  if (error?.code === '23P01') return { kind: 'dates_unavailable' };
  if (status === 401 || error?.code?.startsWith('PGRST30')) return { kind: 'session_expired' };
  // The database's wording (an RLS refusal, a constraint) is turned into product text here, not shown raw.
  return { kind: 'failed', message: error ? errorMessage(error) : '' };
}

/** Best effort: releases the dates of a booking whose checkout could not start (the guest may retry). */
export async function cancelUnpaidBooking(bookingId: string): Promise<void> {
  const supabase = await loadClient();
  await supabase.from('bookings').update({ status: 'cancelled' }).eq('id', bookingId).eq('status', 'pending_payment');
}

export type CheckoutResult =
  | { kind: 'redirect'; url: string }
  | { kind: 'dates_unavailable' }
  | { kind: 'session_expired' }
  /** the function answered without a url */
  | { kind: 'no_url' }
  /** message: the function's own error text, when it sent one */
  | { kind: 'failed'; message: string | null };

/**
 * Refreshes the session first (docs/product.md §7), so the function never sees a token about to expire.
 * `paymentPlan` 'monthly' makes the checkout charge the schedule's first payment and save the card.
 */
export async function startCheckout(bookingId: string, userId: string, paymentPlan: PaymentPlan = 'full'): Promise<CheckoutResult> {
  const supabase = await loadClient();
  const refreshed = await supabase.auth.refreshSession();
  if (refreshed.error || !refreshed.data.session) {
    // A network failure is not a lost session: report it as a failed checkout the guest can retry.
    if (refreshed.error && refreshed.error.name === 'AuthRetryableFetchError') return { kind: 'failed', message: null };
    return { kind: 'session_expired' };
  }
  const { data, error } = await supabase.functions.invoke<{ url?: string }>('create-checkout-session-v2', {
    body: { booking_id: bookingId, user_id: userId, payment_plan: paymentPlan },
  });
  if (error) return describeFunctionError(error);
  const url = data?.url;
  return typeof url === 'string' && url.length > 0 ? { kind: 'redirect', url } : { kind: 'no_url' };
}

/** FunctionsHttpError carries the Response; its body is `{ error, code }` (supabase/functions/_shared/http.ts). */
async function describeFunctionError(error: unknown): Promise<CheckoutResult> {
  const context = (error as { context?: unknown }).context;
  if (!(context instanceof Response)) return { kind: 'failed', message: null };
  let body: { error?: unknown; code?: unknown } = {};
  try {
    body = (await context.clone().json()) as typeof body;
  } catch {
    // Not JSON (a proxy's error page): fall back to the generic text.
  }
  if (context.status === 409 && body.code === 'dates_unavailable') return { kind: 'dates_unavailable' };
  if (context.status === 401) return { kind: 'session_expired' };
  return { kind: 'failed', message: typeof body.error === 'string' ? body.error : null };
}
