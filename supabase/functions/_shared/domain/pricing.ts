// Money rules: booking total, card price, platform fee split and dashboard figures. Prices are in
// dollars (docs/product.md §9); the fee split works in integer cents as payment providers do.
import type { BookingStatus } from './booking-status.ts';
import { DAYS_PER_MONTH_FRACTION, PLATFORM_FEE_RATE, STAY_MONTHS, WEEKS_PER_MONTH_TOTAL } from './constants.ts';
import { CONTACT_FOR_PRICING } from './messages.ts';
import { monthsOfStay, type DateOnly } from './stay-dates.ts';

const WEEKS_PER_MONTH_TOTAL_HUNDREDTHS = Math.round(WEEKS_PER_MONTH_TOTAL * 100);

/**
 * Total price = round(months × 4.33 × room weekly price) (docs/product.md §5), rounded as the decimal
 * numbers say: 5 × 4.33 × 90 is 1948.5 → 1949, although binary floating point makes it
 * 1948.4999… → 1948. For half-month durations and prices in cents the product is formed in
 * integers (half-months × 433 × cents / 20000), which is exact; other inputs fall back to floats.
 */
export function bookingTotal(months: number, weeklyPrice: number): number {
  const halfMonths = months * 2;
  const weeklyCents = Math.round(weeklyPrice * 100);
  const exactInputs = Number.isInteger(halfMonths) && Math.abs(weeklyPrice * 100 - weeklyCents) < 1e-6;
  const product = halfMonths * WEEKS_PER_MONTH_TOTAL_HUNDREDTHS * weeklyCents;
  if (exactInputs && Number.isSafeInteger(product)) return Math.round(product / 20_000);
  return Math.round(months * WEEKS_PER_MONTH_TOTAL * weeklyPrice);
}

export type PricedRoom = { price_per_week: number | null; price_per_month?: number | null };
export type PricedProperty = { price_per_week?: number | null; rooms?: readonly PricedRoom[] | null };

const isPrice = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * What one month of a monthly-plan stay costs, in cents (docs/decisions/monthly-price-display.md): the
 * stay's total ÷ its months, to the cent. The monthly plan charges exactly this each month
 * (`monthlySchedule`, the last payment taking the cents left over), and every price a guest reads "a
 * month" is this figure, so the two cannot drift apart.
 */
export function monthlyPaymentCents(totalCents: number, months: number): number {
  return Math.round(totalCents / months);
}

/** monthlyPaymentCents of a stay of `months` at this weekly price (its total is bookingTotal). */
export function monthlyPriceCents(weeklyPrice: number, months: number): number {
  return monthlyPaymentCents(Math.round(bookingTotal(months, weeklyPrice) * 100), months);
}

/**
 * A month's price before the stay's length is known, in whole dollars: the month of the longest stay
 * (6 months). The cents of a month move a few cents with the length (the total is rounded to the
 * dollar), so this figure is shown with SPEC's "~".
 */
export function approxMonthlyPrice(weeklyPrice: number): number {
  return Math.round(monthlyPriceCents(weeklyPrice, STAY_MONTHS.max) / 100);
}

/** '~$1,256/month'. */
export function formatApproxMonthly(weeklyPrice: number): string {
  return `~${formatDollars(approxMonthlyPrice(weeklyPrice))}/month`;
}

/** '$1,255.67/month': what the monthly plan charges a month for a stay of `months`. */
export function formatMonthly(weeklyPrice: number, months: number): string {
  return `${formatCents(monthlyPriceCents(weeklyPrice, months))}/month`;
}

/** '$1,234.56' (cents shown only when there are some). */
export function formatCents(cents: number): string {
  const dollars = cents / 100;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** '$130/week'. */
export function formatWeekly(weeklyPrice: number): string {
  return `${formatDollars(weeklyPrice)}/week`;
}

export type CardPrice =
  | { kind: 'from'; weeklyPrice: number; monthly: number }
  | { kind: 'contact' };

/**
 * Card price (docs/product.md §9 "lowest room price per month", shown with a "~"): the cheapest room's
 * month as the monthly plan charges it (approxMonthlyPrice), "from ~$1,256/month". A room's optional
 * price_per_month is not what the guest pays (the total is months × 4.33 × weekly, docs/product.md §5),
 * so it never sets the guest-facing price (docs/decisions/price-display.md). A property whose rooms
 * carry no price falls back to its own price_per_week; with no positive price anywhere: Contact for
 * pricing. Zero and null prices count as "not set".
 */
export function cardPrice(property: PricedProperty): CardPrice {
  const weekly = (property.rooms ?? []).map((room) => room.price_per_week).filter(isPrice);
  if (weekly.length === 0 && isPrice(property.price_per_week)) weekly.push(property.price_per_week);
  if (weekly.length === 0) return { kind: 'contact' };
  const lowest = Math.min(...weekly);
  return { kind: 'from', weeklyPrice: lowest, monthly: approxMonthlyPrice(lowest) };
}

/** '$1,200' (whole dollars, US grouping). */
export function formatDollars(amount: number): string {
  return `$${Math.round(amount).toLocaleString('en-US')}`;
}

/** 'from ~$1,516/month' or 'Contact for pricing'. */
export function formatCardPrice(price: CardPrice): string {
  if (price.kind === 'contact') return CONTACT_FOR_PRICING;
  return `from ${formatApproxMonthly(price.weeklyPrice)}`;
}

export type StayPrice = {
  months: number;
  weeklyPrice: number;
  /** months × 4.33: the weeks the guest is charged for */
  billedWeeks: number;
  total: number;
  /** The check-out rule: whole calendar months plus the fraction × 30 days. */
  wholeMonths: number;
  extraDays: number;
  /** Lines a guest reads to get from the weekly price to the total, in order. */
  lines: { weeks: string; fraction: string | null; total: string };
};

/** 6.495 → '6.495', 8.66 → '8.66', 4.33 → '4.33'; at most three decimals, no trailing zeros. */
function formatWeeks(weeks: number): string {
  return String(Math.round(weeks * 1000) / 1000);
}

/**
 * The one price computation for a stay, shown on the booking card and the confirm dialog:
 * months × 4.33 weeks × the weekly price = the total (docs/product.md §5, rounded by bookingTotal), and how a
 * half month counts (30 days per month, docs/product.md §9).
 */
export function stayPrice(months: number, weeklyPrice: number): StayPrice {
  const billedWeeks = Math.round(months * WEEKS_PER_MONTH_TOTAL * 1000) / 1000;
  const total = bookingTotal(months, weeklyPrice);
  const wholeMonths = Math.floor(months);
  const extraDays = Math.round((months - wholeMonths) * DAYS_PER_MONTH_FRACTION);
  const monthsText = `${months} ${months === 1 ? 'month' : 'months'}`;
  return {
    months,
    weeklyPrice,
    billedWeeks,
    total,
    wholeMonths,
    extraDays,
    lines: {
      weeks: `${monthsText} × ${WEEKS_PER_MONTH_TOTAL} weeks = ${formatWeeks(billedWeeks)} weeks × ${formatWeekly(weeklyPrice)}`,
      fraction: extraDays > 0
        ? `The half month counts as ${extraDays} days (${DAYS_PER_MONTH_FRACTION} days per month) for your check-out date.`
        : null,
      total: formatDollars(total),
    },
  };
}

const PLATFORM_FEE_BASIS_POINTS = Math.round(PLATFORM_FEE_RATE * 10_000);

export type PlatformFeeSplit = { totalCents: number; platformFeeCents: number; hostPayoutCents: number };

/** 10% platform fee, rounded to the cent; the host gets the rest so the parts always add up. */
export function splitPlatformFee(totalDollars: number): PlatformFeeSplit {
  return splitPlatformFeeCents(Math.round(totalDollars * 100));
}

/** splitPlatformFee for an amount already in cents (one monthly payment of a stay). */
export function splitPlatformFeeCents(totalCents: number): PlatformFeeSplit {
  // In basis points, so half cents round up exactly (0.1 has no exact binary form).
  const platformFeeCents = Math.round((totalCents * PLATFORM_FEE_BASIS_POINTS) / 10_000);
  return { totalCents, platformFeeCents, hostPayoutCents: totalCents - platformFeeCents };
}

export type IncomeBooking = {
  status: BookingStatus;
  total_price: number | null;
  check_in: DateOnly;
  check_out: DateOnly;
};

/**
 * Dashboard monthly income: the sum over accepted bookings of total price / months of stay, with
 * months = days / 30 to one decimal (docs/product.md §9). A booking shorter than 0.05 months (rounds to 0)
 * is skipped rather than dividing by zero.
 */
export function monthlyIncome(bookings: readonly IncomeBooking[]): number {
  let income = 0;
  for (const booking of bookings) {
    if (booking.status !== 'accepted' || !booking.total_price) continue;
    const months = monthsOfStay(booking.check_in, booking.check_out);
    if (months > 0) income += booking.total_price / months;
  }
  return income;
}

/** Pending requests = bookings paid and waiting for the host (docs/product.md §9). */
export function pendingRequestsCount(bookings: readonly { status: BookingStatus }[]): number {
  return bookings.filter((booking) => booking.status === 'paid').length;
}
