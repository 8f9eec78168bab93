// Room card prices and stay lengths as a guest reads them (docs/decisions/price-display.md): the
// weekly price as the host set it, and the month as the monthly plan charges it, "~$563/month".
import { formatApproxMonthly, formatWeekly } from '../../../domain/pricing.ts';
import { stayLengthInMonthsLabel } from '../../../domain/stay-dates.ts';

export function weeklyPriceLabel(pricePerWeek: number): string {
  return formatWeekly(pricePerWeek);
}

export function monthlyPriceLabel(room: { price_per_week: number }): string {
  return formatApproxMonthly(room.price_per_week);
}

/** "1–6 months": guests book in months, so a room's week limits are shown in months. */
export function stayLengthLabel(room: { min_stay_weeks: number; max_stay_weeks: number }): string {
  return stayLengthInMonthsLabel(room.min_stay_weeks, room.max_stay_weeks);
}
