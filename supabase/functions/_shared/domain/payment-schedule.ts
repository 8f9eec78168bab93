// Paying a stay month by month (docs/decisions/pay-monthly.md): the schedule of payments, the retry rule
// after a failed charge, and how a schedule reads to the guest. The total is the stay's total
// (docs/product.md §5); the payments split it by the stay's months and always add up to it exactly.
import { addMonths } from 'date-fns';
import { MONTHLY_PLAN_MIN_MONTHS, PAYMENT_RETRY_DAYS } from './constants.ts';
import { monthlyPaymentCents } from './pricing.ts';
import { formatStayDate, parseDateOnly, toDateOnly, type DateOnly } from './stay-dates.ts';

export type PaymentPlan = 'full' | 'monthly';

export const PAYMENT_PLANS: readonly PaymentPlan[] = ['full', 'monthly'];

/** Server states of one payment (booking_payments.status). */
export type PaymentStatus = 'scheduled' | 'processing' | 'paid' | 'failed' | 'cancelled' | 'refunded';

export interface ScheduledPayment {
  /** 1 is paid at checkout; 2… are charged to the saved card on their due dates. */
  sequence: number;
  /** null for the first payment: it is due when the guest books. */
  dueDate: DateOnly | null;
  amountCents: number;
  /** The part of the stay it pays for: 1 (a month) or 0.5 (the half month, always last). */
  months: number;
}

/** Whether a stay of this many months may be paid monthly (whole or half months from 2 to 6). */
export function canPayMonthly(months: number): boolean {
  return Number.isFinite(months) && months >= MONTHLY_PLAN_MIN_MONTHS;
}

/**
 * The monthly payments of a stay: one per started month, the first at booking and each next one on the
 * same day of the following month from check-in (the fraction month last). Every month costs
 * monthlyPaymentCents (total ÷ months, to the cent: the figure every "/month" price shows); the last
 * payment takes the remaining cents, so the payments sum to the total exactly. Empty when the stay
 * cannot be paid monthly.
 */
export function monthlySchedule(checkIn: DateOnly, months: number, totalCents: number): ScheduledPayment[] {
  const start = parseDateOnly(checkIn);
  if (!start || !canPayMonthly(months) || !Number.isSafeInteger(totalCents) || totalCents <= 0) return [];
  const parts: number[] = [];
  for (let left = months; left > 0; left -= 1) parts.push(Math.min(1, left));
  const perMonthCents = monthlyPaymentCents(totalCents, months);
  let charged = 0;
  return parts.map((part, index) => {
    const isLast = index === parts.length - 1;
    const amountCents = isLast ? totalCents - charged : perMonthCents;
    charged += amountCents;
    return {
      sequence: index + 1,
      dueDate: index === 0 ? null : toDateOnly(addMonths(start, index)),
      amountCents,
      months: part,
    };
  });
}

/** Attempts a payment gets: the first charge, then one per retry day. */
export const MAX_PAYMENT_ATTEMPTS = 1 + PAYMENT_RETRY_DAYS.length;

/**
 * When a payment that failed on its `attempts`-th charge is tried again: 1, 3 and 7 days after the
 * failure. Null once the retries are spent (the host may then end the stay).
 */
export function nextRetryAt(attempts: number, failedAt: Date): Date | null {
  const days = PAYMENT_RETRY_DAYS[attempts - 1];
  if (days === undefined) return null;
  return new Date(failedAt.getTime() + days * 24 * 60 * 60 * 1000);
}

/** '2 of 3 paid' (the dashboard and the confirmation page). */
export function paidCountText(payments: readonly { status: PaymentStatus }[]): string {
  return `${payments.filter((payment) => payment.status === 'paid').length} of ${payments.length} paid`;
}

/** '$1,234.56' (cents shown only when there are some); lives with the other money formats. */
export { formatCents } from './pricing.ts';

/** 'Today' for the payment taken at booking, else the due date as the booking pages show dates. */
export function formatDueDate(payment: Pick<ScheduledPayment, 'dueDate'>): string {
  return payment.dueDate === null ? 'Today' : formatStayDate(payment.dueDate);
}
