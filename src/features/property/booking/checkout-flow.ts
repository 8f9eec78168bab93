// Proceed to Secure Payment (docs/product.md §4, §7): re-check the dates, create the pending_payment booking,
// then ask the payment function for a checkout URL. Each failure maps to one docs/product.md §8 toast.
import {
  CHECKOUT_FAILED_TITLE, CHECKOUT_NO_URL, checkoutFailedToast, DATES_UNAVAILABLE, SESSION_EXPIRED, type Toast,
} from '../../../domain/messages.ts';
import type { PaymentPlan } from '../../../domain/payment-schedule.ts';
import type { CheckoutResult, CreateBookingResult, NewBooking, StayRequest } from '../../../remote/booking-checkout.ts';

export interface CheckoutApi {
  hasBookingConflict(stay: StayRequest): Promise<boolean>;
  createPendingBooking(booking: NewBooking): Promise<CreateBookingResult>;
  startCheckout(bookingId: string, userId: string, paymentPlan: PaymentPlan): Promise<CheckoutResult>;
  cancelUnpaidBooking(bookingId: string): Promise<void>;
}

export type CheckoutOutcome =
  | { kind: 'redirect'; url: string }
  /** the dates were taken meanwhile: pick others (availability should be refreshed) */
  | { kind: 'dates_unavailable'; toast: Toast }
  /** sign in again, then continue from the dashboard */
  | { kind: 'session_expired'; toast: Toast; redirectTo: string }
  | { kind: 'failed'; toast: Toast };

export const SESSION_EXPIRED_REDIRECT = '/auth?redirect=/dashboard';

const datesUnavailable = (): CheckoutOutcome => ({ kind: 'dates_unavailable', toast: DATES_UNAVAILABLE });
const sessionExpired = (): CheckoutOutcome => ({ kind: 'session_expired', toast: SESSION_EXPIRED, redirectTo: SESSION_EXPIRED_REDIRECT });

export async function proceedToPayment(booking: NewBooking, api: CheckoutApi, paymentPlan: PaymentPlan = 'full'): Promise<CheckoutOutcome> {
  try {
    if (await api.hasBookingConflict(booking)) return datesUnavailable();
    const created = await api.createPendingBooking(booking);
    if (created.kind === 'dates_unavailable') return datesUnavailable();
    if (created.kind === 'session_expired') return sessionExpired();
    if (created.kind === 'failed') return { kind: 'failed', toast: checkoutFailedToast(created.message) };

    const checkout = await api.startCheckout(created.bookingId, booking.userId, paymentPlan);
    if (checkout.kind === 'redirect') return checkout;
    // No checkout exists for this request: cancel it, so it holds nothing and does not count against the
    // guest's unpaid-request cap.
    await api.cancelUnpaidBooking(created.bookingId).catch(() => undefined);
    switch (checkout.kind) {
      case 'dates_unavailable':
        return datesUnavailable();
      case 'session_expired':
        return sessionExpired();
      case 'no_url':
        return { kind: 'failed', toast: { title: CHECKOUT_FAILED_TITLE, description: CHECKOUT_NO_URL } };
      case 'failed':
        return { kind: 'failed', toast: checkoutFailedToast(checkout.message) };
    }
  } catch {
    return { kind: 'failed', toast: checkoutFailedToast(null) };
  }
}
