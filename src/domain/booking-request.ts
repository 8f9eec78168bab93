// The booking card's checks before the review dialog opens (docs/product.md §5 "Booking"), in this order:
//  1. check-in or duration missing (0 counts as missing) → Complete booking details
//  2. only the room missing → Select a room
//  3. under 1 month → Minimum stay not met; over 6 → Maximum stay exceeded; not a half-month step → ours
//  4. check-in before today → ours (the date picker already disables past dates)
//  5. the stay overlaps a paid or accepted range of that room → Dates unavailable
// Step 5 checks the whole stay, not only the check-in day: a stay that starts free but runs into
// someone else's booking would be refused by the server's no-double-booking constraint anyway.
// Availability is per room (docs/architecture.md §1); a range without room_id blocks the whole property.
import { DATE_BLOCKING_STATUSES, type BookingStatus } from './booking-status.ts';
import { STAY_MONTHS } from './constants.ts';
import {
  BOOKING_DETAILS_INCOMPLETE, CHECK_IN_IN_PAST, DATES_UNAVAILABLE, INVALID_STAY_STEP, MAXIMUM_STAY_EXCEEDED,
  MINIMUM_STAY_NOT_MET, SELECT_A_CHECK_IN_DATE, SELECT_A_DURATION, SELECT_A_ROOM, type Toast,
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

export type BookingField = 'roomId' | 'checkIn' | 'months';
/** In the order the card shows them: the first one gets the focus. */
export const BOOKING_FIELDS: readonly BookingField[] = ['roomId', 'checkIn', 'months'];
export type BookingFieldErrors = Partial<Record<BookingField, string>>;

/**
 * The booking card marks the fields themselves (docs/product.md §5 texts where the spec has one): every missing
 * field at once, then the field a later rule is about (duration for the stay limits, check-in for a
 * past or taken date). Empty when the request is valid. The toast of validateBookingRequest stays.
 */
export function bookingFieldErrors(
  input: BookingRequestInput,
  context: { today: DateOnly; bookedRanges?: readonly BookedRange[] },
): BookingFieldErrors {
  const errors: BookingFieldErrors = {};
  const { roomId, checkIn, months } = input;
  if (!roomId) errors.roomId = SELECT_A_ROOM.title;
  if (!isDateOnly(checkIn)) errors.checkIn = SELECT_A_CHECK_IN_DATE;
  if (months == null || !Number.isFinite(months) || months === 0) errors.months = SELECT_A_DURATION;
  if (Object.keys(errors).length > 0) return errors;

  const result = validateBookingRequest(input, context);
  if (result.ok) return {};
  const text = result.toast.description ?? result.toast.title;
  if (result.toast === DATES_UNAVAILABLE || result.toast === CHECK_IN_IN_PAST) return { checkIn: text };
  return { months: text };
}

/** The first field with an error, in the card's order. */
export function firstInvalidBookingField(errors: BookingFieldErrors): BookingField | null {
  return BOOKING_FIELDS.find((field) => errors[field]) ?? null;
}
