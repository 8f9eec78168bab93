// The signed-out visitor's booking, kept in local storage across the trip to /auth (docs/product.md §3, §4).
import { localKeys } from '../../../config/storage-keys.ts';
import { parsePendingBooking, serializePendingBooking, type PendingBooking } from '../../../domain/pending-booking.ts';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the booking simply is not kept
  }
}

export function savePendingBooking(booking: PendingBooking): void {
  storage()?.setItem(localKeys.pendingBooking, serializePendingBooking(booking));
}

/**
 * The saved booking of this property, removed from storage as it is handed back (restored once).
 * A booking saved for another property stays for that property; a corrupt value is dropped.
 */
export function takePendingBooking(propertyId: string): PendingBooking | null {
  const store = storage();
  if (!store) return null;
  const stored = store.getItem(localKeys.pendingBooking);
  if (stored === null) return null;
  const booking = parsePendingBooking(stored);
  if (!booking) {
    store.removeItem(localKeys.pendingBooking);
    return null;
  }
  if (booking.propertyId !== propertyId) return null;
  store.removeItem(localKeys.pendingBooking);
  return booking;
}
