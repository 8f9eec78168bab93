// The server's price of a booking, from the room's weekly price and the stay dates only (the client's
// total is never trusted). The rules are the app's own (_shared/domain, which src/domain re-exports), so both sides agree.
import { STAY_MONTH_OPTIONS } from './domain/constants.ts';
import { bookingTotal, splitPlatformFee, type PlatformFeeSplit } from './domain/pricing.ts';
import { checkoutDate, nightsBetween, parseDateOnly } from './domain/stay-dates.ts';

/**
 * Months of a stay from its dates: the duration (1–6 in half-month steps) whose checkout rule gives
 * this check-out date (calendar months + fraction × 30 days, docs/architecture.md §1). docs/product.md §5 calls the rule
 * ambiguous, so stays of exactly n × 30 days (the other reading) are accepted too. Null otherwise.
 */
export function stayMonthsFromDates(checkIn: string, checkOut: string): number | null {
  if (!parseDateOnly(checkIn) || !parseDateOnly(checkOut)) return null;
  const calendar = STAY_MONTH_OPTIONS.find((months) => checkoutDate(checkIn, months) === checkOut);
  if (calendar !== undefined) return calendar;
  const nights = nightsBetween(checkIn, checkOut);
  return STAY_MONTH_OPTIONS.find((months) => months * 30 === nights) ?? null;
}

export interface BookingPrice extends PlatformFeeSplit {
  months: number;
  /** whole dollars, the value stored in bookings.total_price */
  totalPrice: number;
}

/** Null when the dates are not a valid stay or the room has no positive weekly price. */
export function priceBooking(checkIn: string, checkOut: string, weeklyPrice: number): BookingPrice | null {
  const months = stayMonthsFromDates(checkIn, checkOut);
  if (months === null || !Number.isFinite(weeklyPrice) || weeklyPrice <= 0) return null;
  const totalPrice = bookingTotal(months, weeklyPrice);
  return { months, totalPrice, ...splitPlatformFee(totalPrice) };
}
