import type { PendingBooking } from '../../../domain/pending-booking.ts';
import type { DateOnly } from '../../../domain/stay-dates.ts';

/** What the guest has chosen on the booking card so far. */
export type BookingDraft = { roomId: string | null; checkIn: DateOnly | null; months: number | null };

export const emptyBookingDraft: BookingDraft = { roomId: null, checkIn: null, months: null };

export function draftFromPendingBooking(pending: PendingBooking): BookingDraft {
  return { roomId: pending.roomId, checkIn: pending.checkIn, months: pending.duration };
}
