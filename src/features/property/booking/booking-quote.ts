// The booking card's computed figures (docs/product.md §4, §5): checkout from check-in and months, and the price
// breakdown (stayPrice, the one price computation: weeks × weekly price = total).
import { stayPrice, type StayPrice } from '../../../domain/pricing.ts';
import { checkoutDate, isDateOnly, isValidStayMonths, type DateOnly } from '../../../domain/stay-dates.ts';

export interface BookingQuote {
  checkOut: DateOnly | null;
  total: number;
  price: StayPrice;
}

/**
 * null until a valid duration and a priced room are chosen; checkOut stays null until a check-in is
 * chosen too, so the breakdown shows as soon as room and duration are known.
 */
export function quoteStay(checkIn: DateOnly | null, months: number | null, weeklyPrice: number | null | undefined): BookingQuote | null {
  if (months === null || !isValidStayMonths(months)) return null;
  if (typeof weeklyPrice !== 'number' || !Number.isFinite(weeklyPrice)) return null;
  const price = stayPrice(months, weeklyPrice);
  return { checkOut: isDateOnly(checkIn) ? checkoutDate(checkIn, months) : null, total: price.total, price };
}
