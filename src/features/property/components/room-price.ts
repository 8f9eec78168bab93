// Room card prices and stay lengths as a guest reads them (docs/decisions/price-display.md): the
// weekly price, and the docs/product.md §9 display month labelled for what it is, "~$520 per 4 weeks".
import { formatPerFourWeeks, formatWeekly } from '../../../domain/pricing.ts';
import { stayLengthInMonthsLabel } from '../../../domain/stay-dates.ts';

export function weeklyPriceLabel(pricePerWeek: number): string {
  return formatWeekly(pricePerWeek);
}

export function fourWeekPriceLabel(room: { price_per_week: number }): string {
  return formatPerFourWeeks(room.price_per_week);
}

/** "1–6 months": guests book in months, so a room's week limits are shown in months. */
export function stayLengthLabel(room: { min_stay_weeks: number; max_stay_weeks: number }): string {
  return stayLengthInMonthsLabel(room.min_stay_weeks, room.max_stay_weeks);
}
