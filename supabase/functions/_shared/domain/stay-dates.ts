// Stay dates. Dates travel as date-only 'yyyy-MM-dd' strings (the bookings columns are SQL dates);
// arithmetic parses them to local midnight and formats back, so no time zone can shift a day
// (date-fns adds days and months on the calendar, not in milliseconds, so DST does not either).
import { addDays, addMonths, differenceInCalendarDays, lightFormat } from 'date-fns';
import { DAYS_PER_MONTH_FRACTION, STAY_MONTHS, WEEKS_PER_MONTH_DISPLAY } from './constants.ts';

/** A calendar date as 'yyyy-MM-dd'. */
export type DateOnly = string;

const DATE_ONLY_FORMAT = 'yyyy-MM-dd';
const DATE_ONLY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Local midnight of a 'yyyy-MM-dd' date, or null when it is not a real calendar date (2025-02-30). */
export function parseDateOnly(value: string | null | undefined): Date | null {
  if (!value || !DATE_ONLY_PATTERN.test(value)) return null;
  // lightFormat and setFullYear rather than date-fns' parse and format, which are large.
  // setFullYear, not new Date(y, m, d): that one reads years 0 to 99 as 1900 to 1999. A day that does
  // not exist rolls over (Feb 30 → Mar 2) and so fails the round trip.
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  return lightFormat(date, DATE_ONLY_FORMAT) === value ? date : null;
}

export function isDateOnly(value: unknown): value is DateOnly {
  return typeof value === 'string' && parseDateOnly(value) !== null;
}

/** The local calendar date of a Date (today's date for `new Date()`). */
export function toDateOnly(date: Date): DateOnly {
  return lightFormat(date, DATE_ONLY_FORMAT);
}

function requireDate(value: DateOnly): Date {
  const date = parseDateOnly(value);
  if (!date) throw new RangeError(`Not a yyyy-MM-dd date: ${value}`);
  return date;
}

export function addDaysToDate(date: DateOnly, days: number): DateOnly {
  return toDateOnly(addDays(requireDate(date), days));
}

/** Durations are 1 to 6 months in half-month steps. */
export function isValidStayMonths(months: number): boolean {
  return Number.isFinite(months)
    && months >= STAY_MONTHS.min
    && months <= STAY_MONTHS.max
    && Number.isInteger(months / STAY_MONTHS.step);
}

/**
 * Checkout = check-in + the whole months as calendar months + round(fraction × 30) days
 * (docs/architecture.md §1, the second reading of docs/product.md §5). Calendar months clamp at month end: Jan 31 + 1 month
 * is Feb 28 (29 in leap years), as date-fns addMonths does.
 */
export function checkoutDate(checkIn: DateOnly, months: number): DateOnly {
  if (!Number.isFinite(months) || months < 0) throw new RangeError(`Invalid stay length: ${months}`);
  const wholeMonths = Math.floor(months);
  const extraDays = Math.round((months - wholeMonths) * DAYS_PER_MONTH_FRACTION);
  return toDateOnly(addDays(addMonths(requireDate(checkIn), wholeMonths), extraDays));
}

export function nightsBetween(checkIn: DateOnly, checkOut: DateOnly): number {
  return differenceInCalendarDays(requireDate(checkOut), requireDate(checkIn));
}

/** Months of a booking for dashboard income: days / 30, to one decimal (docs/product.md §9). */
export function monthsOfStay(checkIn: DateOnly, checkOut: DateOnly): number {
  return Math.round((nightsBetween(checkIn, checkOut) * 10) / DAYS_PER_MONTH_FRACTION) / 10;
}

/** 'Jan 05, 2025' as on the booking confirmation page. */
export function formatStayDate(date: DateOnly): string {
  // The platform's formatter (in the time zone of the moment), not date-fns' format: that one brings
  // every token's formatter to each page that shows a date.
  return requireDate(date).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
}

/** Duration select labels: '1 month', '1.5 months'. */
export function stayMonthsLabel(months: number): string {
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/**
 * A week count in months as displays count them (4 weeks a month, docs/product.md §9), to the nearest half
 * month: 12 weeks → 3, 2 weeks → 0.5, 26 weeks → 6.5.
 */
export function weeksToMonths(weeks: number): number {
  return Math.round((weeks / WEEKS_PER_MONTH_DISPLAY) / STAY_MONTHS.step) * STAY_MONTHS.step;
}

/** '≈ 3 months' beside a week field of the host's room form. */
export function approxMonthsLabel(weeks: number): string {
  if (!Number.isFinite(weeks) || weeks <= 0) return '';
  return `≈ ${stayMonthsLabel(weeksToMonths(weeks))}`;
}

/**
 * A room's stay limits (kept in weeks, docs/product.md §3) as a guest reads them: in months, within the
 * bookable 1–6 months. 4–26 weeks → '1–6 months'; 8–12 weeks → '2–3 months'; 24–30 → '6 months'.
 */
export function stayLengthInMonthsLabel(minWeeks: number, maxWeeks: number): string {
  const clamp = (months: number) => Math.min(STAY_MONTHS.max, Math.max(STAY_MONTHS.min, months));
  const low = clamp(weeksToMonths(minWeeks));
  const high = Math.max(low, clamp(weeksToMonths(maxWeeks)));
  return low === high ? stayMonthsLabel(low) : `${low}–${high} months`;
}

/**
 * Stays occupy [check-in, check-out): the check-out day is free for the next guest's check-in,
 * as in every hotel calendar. Date-only strings compare correctly as text.
 */
export function stayRangesOverlap(
  a: { start: DateOnly; end: DateOnly },
  b: { start: DateOnly; end: DateOnly },
): boolean {
  return a.start < b.end && b.start < a.end;
}
