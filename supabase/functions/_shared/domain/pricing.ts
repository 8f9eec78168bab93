// Money rules: booking total, card price, platform fee split and dashboard figures. Prices are in
// dollars (SPEC §9); the fee split works in integer cents as payment providers do.
import type { BookingStatus } from './booking-status.ts';
import { PLATFORM_FEE_RATE, WEEKS_PER_MONTH_DISPLAY, WEEKS_PER_MONTH_TOTAL } from './constants.ts';
import { CONTACT_FOR_PRICING } from './messages.ts';
import { monthsOfStay, type DateOnly } from './stay-dates.ts';

const WEEKS_PER_MONTH_TOTAL_HUNDREDTHS = Math.round(WEEKS_PER_MONTH_TOTAL * 100);

/**
 * Total price = round(months × 4.33 × room weekly price) (SPEC §5), rounded as the decimal
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

export type CardPrice =
  | { kind: 'monthly'; amount: number; estimated: boolean }
  | { kind: 'contact' };

const isPrice = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * Card price (SPEC §9 "lowest room price per month; weekly price times 4 shown with a ~ prefix,
 * rounded"). Our reading: each room's price per month is its price_per_month when set, else its
 * price_per_week × 4, which is an estimate (the ~). The card shows the lowest of these; on a tie
 * the exact monthly price wins. A property whose rooms carry no price falls back to its own
 * price_per_week × 4 (also an estimate); with no positive price anywhere: Contact for pricing.
 * Zero and null prices count as "not set" (new properties default price_per_week to 0).
 */
export function cardPrice(property: PricedProperty): CardPrice {
  const candidates: { amount: number; estimated: boolean }[] = [];
  for (const room of property.rooms ?? []) {
    if (isPrice(room.price_per_month)) candidates.push({ amount: room.price_per_month, estimated: false });
    else if (isPrice(room.price_per_week)) candidates.push({ amount: room.price_per_week * WEEKS_PER_MONTH_DISPLAY, estimated: true });
  }
  if (candidates.length === 0 && isPrice(property.price_per_week)) {
    candidates.push({ amount: property.price_per_week * WEEKS_PER_MONTH_DISPLAY, estimated: true });
  }
  const lowest = candidates.reduce<(typeof candidates)[number] | null>(
    (best, next) => (!best || next.amount < best.amount || (next.amount === best.amount && !next.estimated) ? next : best),
    null,
  );
  return lowest ? { kind: 'monthly', amount: Math.round(lowest.amount), estimated: lowest.estimated } : { kind: 'contact' };
}

/** '$1,200' (whole dollars, US grouping). */
export function formatDollars(amount: number): string {
  return `$${Math.round(amount).toLocaleString('en-US')}`;
}

/** '~$1,400/month', '$1,200/month' or 'Contact for pricing'. */
export function formatCardPrice(price: CardPrice): string {
  if (price.kind === 'contact') return CONTACT_FOR_PRICING;
  return `${price.estimated ? '~' : ''}${formatDollars(price.amount)}/month`;
}

const PLATFORM_FEE_BASIS_POINTS = Math.round(PLATFORM_FEE_RATE * 10_000);

export type PlatformFeeSplit = { totalCents: number; platformFeeCents: number; hostPayoutCents: number };

/** 10% platform fee, rounded to the cent; the host gets the rest so the parts always add up. */
export function splitPlatformFee(totalDollars: number): PlatformFeeSplit {
  const totalCents = Math.round(totalDollars * 100);
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
 * months = days / 30 to one decimal (SPEC §9). A booking shorter than 0.05 months (rounds to 0)
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

/** Pending requests = bookings paid and waiting for the host (SPEC §9). */
export function pendingRequestsCount(bookings: readonly { status: BookingStatus }[]): number {
  return bookings.filter((booking) => booking.status === 'paid').length;
}
