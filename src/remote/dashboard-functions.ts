// Server functions the dashboard calls (docs/product.md §7): payment verification, checkout, cancel and decline
// (with refund), booking e-mails and the host's payout onboarding link. A non-2xx answer carries
// `{ error, code }` (supabase/functions/_shared/http.ts); it is thrown as a RemoteError whose message is
// the server's text, so toasts can show it.
import { RemoteError } from './errors.ts';
import { fromFunctionsInvoke } from './supabase-errors.ts';
import { loadClient } from './load-client.ts';

/** bookings.payment_plan (the domain's PaymentPlan; remote/ does not import the domain). */
type PaymentPlan = 'full' | 'monthly';

async function invoke<T>(name: string, body?: Record<string, unknown>): Promise<T> {
  const supabase = await loadClient();
  const { data, error } = await supabase.functions.invoke(name, body ? { body } : {});
  if (error) throw await fromFunctionsInvoke(name, error);
  return data as T;
}

/** verify-booking-payment: asks the payment provider whether the booking has been paid. */
export async function verifyBookingPayment(bookingId: string): Promise<{ paid: boolean; status: string | null }> {
  const data = await invoke<{ paid?: unknown; status?: unknown }>('verify-booking-payment', { bookingId });
  return { paid: data?.paid === true, status: typeof data?.status === 'string' ? data.status : null };
}

/** create-checkout-session-v2 for a pending_payment booking → the hosted checkout page URL (the booking's plan kept). */
export async function createCheckoutSession(bookingId: string, userId: string, paymentPlan: PaymentPlan = 'full'): Promise<string> {
  const supabase = await loadClient();
  const refreshed = await supabase.auth.refreshSession();
  // The session is refreshed first (docs/product.md §7), so the checkout is created with a fresh token.
  // A network failure is not a lost session: the guest can try again.
  if (refreshed.error?.name === 'AuthRetryableFetchError') throw new RemoteError('network', refreshed.error.message);
  if (refreshed.error || !refreshed.data.session) throw new RemoteError('auth', 'Session expired');
  const data = await invoke<{ url?: unknown }>('create-checkout-session-v2', { booking_id: bookingId, user_id: userId, payment_plan: paymentPlan });
  if (typeof data?.url !== 'string' || !data.url) throw new RemoteError('permanent', 'No checkout page', { code: 'no_checkout_url' });
  return data.url;
}

/** cancel-booking: the guest withdraws a booking still awaiting payment; its held dates are released. */
export async function cancelBooking(bookingId: string): Promise<void> {
  await invoke('cancel-booking', { bookingId });
}

/** decline-booking: the host declines a paid request; the guest is refunded in full. */
export async function declineBooking(bookingId: string): Promise<{ refunded: boolean }> {
  const data = await invoke<{ refund?: unknown }>('decline-booking', { bookingId });
  return { refunded: Boolean(data?.refund) };
}

export type BookingEmailStatus = 'paid' | 'accepted' | 'declined';

/** sendBookingEmails: tells guest and host about the booking's new status (sent once per status). */
export async function sendBookingEmails(bookingId: string, status: BookingEmailStatus): Promise<void> {
  await invoke('sendBookingEmails', { bookingId, status });
}

/** create-connect-account → the payout onboarding URL (opened in a new tab). */
export async function createConnectAccountLink(): Promise<string> {
  const data = await invoke<{ url?: unknown }>('create-connect-account');
  if (typeof data?.url !== 'string' || !data.url) throw new RemoteError('permanent', 'No onboarding link was returned.');
  return data.url;
}

/** pay-booking-payment: a checkout page for one monthly payment that failed ("Pay now") → its URL. */
export async function payBookingPayment(paymentId: string): Promise<string> {
  const data = await invoke<{ url?: unknown }>('pay-booking-payment', { paymentId });
  if (typeof data?.url !== 'string' || !data.url) throw new RemoteError('permanent', 'No checkout page', { code: 'no_checkout_url' });
  return data.url;
}

/** end-booking-stay: the host ends a monthly stay whose payment failed on every retry; it is cancelled. */
export async function endBookingStay(bookingId: string): Promise<void> {
  await invoke('end-booking-stay', { bookingId });
}
