// Pay now (a failed monthly payment) comes back to the dashboard with the same parameters as a first
// checkout (payment=success|cancelled&booking=…), but the booking is already paid for: it must not be
// "sent to the host" again nor cancelled. Pay now marks its booking in session storage; a booking the
// host already accepted can only be coming back from Pay now.
import { sessionKeys } from '../../config/storage-keys.ts';
import { getCurrentDb } from '../../db/current-db.ts';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberPayNow(bookingId: string): void {
  storage()?.setItem(sessionKeys.payNowBooking, bookingId);
}

/** Whether this return is Pay now's (the mark is used up). */
export async function isPayNowReturn(bookingId: string): Promise<boolean> {
  const marked = storage()?.getItem(sessionKeys.payNowBooking) === bookingId;
  storage()?.removeItem(sessionKeys.payNowBooking);
  if (marked) return true;
  const booking = await getCurrentDb()?.bookings.get(bookingId).catch(() => undefined);
  return booking?.status === 'accepted' || booking?.status === 'completed';
}
