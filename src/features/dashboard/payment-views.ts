// How a stay's monthly payments read on the dashboard (docs/decisions/pay-monthly.md). Pure, unit-tested.
import type { BookingStatus } from '../../domain/booking-status.ts';
import { MAX_PAYMENT_ATTEMPTS, type PaymentStatus } from '../../domain/payment-schedule.ts';
import { formatStayDate, toDateOnly } from '../../domain/stay-dates.ts';

export interface PaymentView {
  booking_id: string;
  due_date: string;
  status: PaymentStatus;
  attempts: number;
  next_attempt_at: string | null;
}

/** Beside the due date on each row: Paid, Processing, Due, Failed — next try Feb 11, 2031, Failed, Cancelled or Refunded. */
export function paymentStateText(payment: PaymentView): string {
  switch (payment.status) {
    case 'scheduled':
      return 'Due'; // the row shows the date already
    case 'failed':
      return payment.next_attempt_at && payment.attempts < MAX_PAYMENT_ATTEMPTS
        ? `Failed — next try ${formatStayDate(toDateOnly(new Date(payment.next_attempt_at)))}`
        : 'Failed';
    default:
      return payment.status.charAt(0).toUpperCase() + payment.status.slice(1);
  }
}

/** The host may end the stay once a payment has failed on every retry (end-booking-stay). */
export function canEndStay(booking: { status: BookingStatus }, payments: readonly PaymentView[]): boolean {
  return (booking.status === 'accepted' || booking.status === 'completed') && payments.some((p) => p.status === 'failed' && p.attempts >= MAX_PAYMENT_ATTEMPTS);
}

/** The payments of one booking. */
export function paymentsOf<T extends Pick<PaymentView, 'booking_id'>>(payments: readonly T[] | undefined, bookingId: string): T[] {
  return (payments ?? []).filter((payment) => payment.booking_id === bookingId);
}
