import type { PendingBooking } from '../../../domain/pending-booking.ts';
import { canPayMonthly, type PaymentPlan } from '../../../domain/payment-schedule.ts';
import type { DateOnly } from '../../../domain/stay-dates.ts';

/** What the guest has chosen on the booking card so far. */
export type BookingDraft = { roomId: string | null; checkIn: DateOnly | null; months: number | null; plan: PaymentPlan };

export const emptyBookingDraft: BookingDraft = { roomId: null, checkIn: null, months: null, plan: 'full' };

export function draftFromPendingBooking(pending: PendingBooking): BookingDraft {
  return { roomId: pending.roomId, checkIn: pending.checkIn, months: pending.duration, plan: pending.paymentPlan ?? 'full' };
}

/** The plan the booking will use: the chosen one while the stay may be paid monthly, else 'full'. */
export function effectivePlan(draft: Pick<BookingDraft, 'months' | 'plan'>): PaymentPlan {
  return draft.months !== null && canPayMonthly(draft.months) ? draft.plan : 'full';
}
