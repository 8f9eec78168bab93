import { BOOKING_STATUSES, confirmationView, isBookingStatus, type BookingStatus } from '../../../domain/booking-status.ts';

/** What the confirmation page shows of a booking (docs/product.md §7 latest booking, plus the property id for the house chat). */
export interface ConfirmationBooking {
  id: string;
  property_id: string;
  check_in: string;
  check_out: string;
  total_price: number;
  status: BookingStatus;
  property_name: string | null;
  room_name: string | null;
}

/**
 * Decision: the page reads the latest booking among the statuses it has words for (pending, paid,
 * accepted; docs/product.md §4 "other statuses there: not shown"). A newer cancelled request or an unpaid
 * checkout therefore does not hide the stay the guest just paid for or had confirmed.
 */
export const CONFIRMABLE_STATUSES: readonly BookingStatus[] = BOOKING_STATUSES.filter((status) => confirmationView(status) !== null);

export function toConfirmationBooking(row: Omit<ConfirmationBooking, 'status'> & { status: string }): ConfirmationBooking | null {
  return isBookingStatus(row.status) ? { ...row, status: row.status } : null;
}
