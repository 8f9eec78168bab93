import type { BookingPaymentRow, BookingRow } from '../../../db/tables.ts';
import { PAYMENT_PROCESSING_FAILED_TITLE, SESSION_EXPIRED, UNEXPECTED_ERROR, CHECKOUT_NO_URL, checkoutFailedToast } from '../../../domain/messages.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { logger } from '../../../lib/logger.ts';
import { cancelBooking, createCheckoutSession, payBookingPayment } from '../../../remote/dashboard-functions.ts';
import { RemoteError } from '../../../remote/errors.ts';
import { getActiveEngine } from '../../../sync/active-engine.ts';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { rememberPayNow } from '../pay-now-return.ts';

/** Pay: off to Stripe Checkout for the booking; an expired session signs in again and comes back here. */
export async function payForBooking(booking: BookingRow, userId: string, navigate: (to: string) => void) {
  try {
    const url = await createCheckoutSession(booking.id, userId, booking.payment_plan ?? 'full');
    window.location.assign(url);
  } catch (error) {
    logger.warn('Starting checkout failed', error);
    if (error instanceof RemoteError && error.kind === 'auth') {
      toast.error(SESSION_EXPIRED.title, SESSION_EXPIRED.description);
      navigate(`/auth?redirect=${encodeURIComponent('/dashboard')}`);
    } else if (error instanceof RemoteError) {
      const failed = checkoutFailedToast(error.code === 'no_checkout_url' ? CHECKOUT_NO_URL : errorMessage(error));
      toast.error(failed.title, failed.description);
    } else {
      toast.error(PAYMENT_PROCESSING_FAILED_TITLE, UNEXPECTED_ERROR);
    }
  }
}

/** Pay now on a failed monthly payment: off to pay it, remembered so the dashboard can say when it went through. */
export async function payFailedPayment(payment: BookingPaymentRow) {
  try {
    const url = await payBookingPayment(payment.id);
    rememberPayNow(payment.booking_id);
    window.location.assign(url);
  } catch (error) {
    logger.warn('Starting Pay now failed', error);
    const message = error instanceof RemoteError ? (error.code === 'no_checkout_url' ? CHECKOUT_NO_URL : errorMessage(error)) : '';
    toast.error(PAYMENT_PROCESSING_FAILED_TITLE, message || UNEXPECTED_ERROR);
    void getActiveEngine()?.pullNow();
  }
}

/** Cancels the guest's booking; throws after its toast so the card's dialog stays open. */
export async function cancelGuestBooking(booking: BookingRow) {
  try {
    await cancelBooking(booking.id);
    toast.success('Booking cancelled', 'The dates have been released.'); // (ours)
    void getActiveEngine()?.pullNow();
  } catch (error) {
    logger.warn('Cancelling the booking failed', error);
    toast.error('Could not cancel booking', errorMessage(error)); // (ours)
    throw error;
  }
}
