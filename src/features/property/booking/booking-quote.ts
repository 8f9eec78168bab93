// The booking card's computed figures (SPEC §4, §5): checkout from check-in and months, and the total.
import { bookingTotal } from '../../../domain/pricing.ts';
import { checkoutDate, isDateOnly, isValidStayMonths, type DateOnly } from '../../../domain/stay-dates.ts';

export interface BookingQuote {
  checkOut: DateOnly;
  total: number;
}

/** null until check-in, a valid duration and a priced room are chosen. */
export function quoteStay(checkIn: DateOnly | null, months: number | null, weeklyPrice: number | null | undefined): BookingQuote | null {
  if (!isDateOnly(checkIn) || months === null || !isValidStayMonths(months)) return null;
  if (typeof weeklyPrice !== 'number' || !Number.isFinite(weeklyPrice)) return null;
  return { checkOut: checkoutDate(checkIn, months), total: bookingTotal(months, weeklyPrice) };
}
