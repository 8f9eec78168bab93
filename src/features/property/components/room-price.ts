// Room card prices (SPEC §9): weekly as listed; monthly as listed, else weekly × 4 shown with a ~.
import { WEEKS_PER_MONTH_DISPLAY } from '../../../domain/constants.ts';
import { formatDollars } from '../../../domain/pricing.ts';

export function weeklyPriceLabel(pricePerWeek: number): string {
  return `${formatDollars(pricePerWeek)}/week`;
}

export function monthlyPriceLabel(room: { price_per_week: number; price_per_month: number | null }): string {
  if (room.price_per_month !== null && room.price_per_month > 0) return `${formatDollars(room.price_per_month)}/month`;
  return `~${formatDollars(room.price_per_week * WEEKS_PER_MONTH_DISPLAY)}/month`;
}

/** "4–26 weeks" (SPEC §9: stay length as min–max weeks). */
export function stayLengthLabel(room: { min_stay_weeks: number; max_stay_weeks: number }): string {
  return `${room.min_stay_weeks}–${room.max_stay_weeks} weeks`;
}
