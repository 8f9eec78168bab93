// The booking card's checks before the review dialog opens (SPEC §5 "Booking"), in this order:
//  1. check-in or duration missing (0 counts as missing) → Complete booking details
//  2. only the room missing → Select a room
//  3. under 1 month → Minimum stay not met; over 6 → Maximum stay exceeded; not a half-month step → ours
//  4. check-in before today → ours (the date picker already disables past dates)
//  5. the stay overlaps a paid or accepted range of that room → Dates unavailable
// Step 5 checks the whole stay, not only the check-in day: a stay that starts free but runs into
// someone else's booking would be refused by the server's no-double-booking constraint anyway.
// Availability is per room (DESIGN §1); a range without room_id blocks the whole property.
import { DATE_BLOCKING_STATUSES, type BookingStatus } from './booking-status.ts';
import { STAY_MONTHS } from './constants.ts';
import {
  BOOKING_DETAILS_INCOMPLETE, CHECK_IN_IN_PAST, DATES_UNAVAILABLE, INVALID_STAY_STEP, MAXIMUM_STAY_EXCEEDED,
  MINIMUM_STAY_NOT_MET, SELECT_A_ROOM, type Toast,
} from './messages.ts';
import { checkoutDate, isDateOnly, isValidStayMonths, stayRangesOverlap, type DateOnly } from './stay-dates.ts';

/** A booked_dates row; end_date is the check-out day, which is free again. */
export type BookedRange = {
  start_date: DateOnly;
  end_date: DateOnly;
  status: BookingStatus;
  room_id?: string | null;
};

export type BookingRequestInput = {
  roomId: string | null | undefined;
  checkIn: DateOnly | null | undefined;
  months: number | null | undefined;
};

export type ValidBookingRequest = { roomId: string; checkIn: DateOnly; checkOut: DateOnly; months: number };

export type BookingRequestResult = { ok: true; value: ValidBookingRequest } | { ok: false; toast: Toast };

const fail = (toast: Toast): BookingRequestResult => ({ ok: false, toast });

export function validateBookingRequest(
  input: BookingRequestInput,
  context: { today: DateOnly; bookedRanges?: readonly BookedRange[] },
): BookingRequestResult {
  const { roomId, checkIn, months } = input;
  if (!isDateOnly(checkIn) || months == null || !Number.isFinite(months) || months === 0) return fail(BOOKING_DETAILS_INCOMPLETE);
  if (!roomId) return fail(SELECT_A_ROOM);
  if (months < STAY_MONTHS.min) return fail(MINIMUM_STAY_NOT_MET);
  if (months > STAY_MONTHS.max) return fail(MAXIMUM_STAY_EXCEEDED);
  if (!isValidStayMonths(months)) return fail(INVALID_STAY_STEP);
  if (checkIn < context.today) return fail(CHECK_IN_IN_PAST);

  const checkOut = checkoutDate(checkIn, months);
  const stay = { start: checkIn, end: checkOut };
  const taken = (context.bookedRanges ?? []).some((range) =>
    DATE_BLOCKING_STATUSES.includes(range.status)
    && (range.room_id == null || range.room_id === roomId)
    && stayRangesOverlap(stay, { start: range.start_date, end: range.end_date }));
  if (taken) return fail(DATES_UNAVAILABLE);

  return { ok: true, value: { roomId, checkIn, checkOut, months } };
}
