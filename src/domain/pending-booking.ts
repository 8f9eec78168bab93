// The booking a signed-out visitor started, kept in browser storage until they sign in (docs/product.md §3,
// §4). Parsing is strict: a corrupt, tampered or outdated value is ignored rather than restored.
import * as v from 'valibot';
import { PAYMENT_PLANS } from './payment-schedule.ts';
import { isDateOnly, isValidStayMonths } from './stay-dates.ts';

const money = v.pipe(v.number(), v.finite(), v.minValue(0));

export const pendingBookingSchema = v.object({
  propertyId: v.pipe(v.string(), v.nonEmpty()),
  propertyName: v.string(),
  roomId: v.pipe(v.string(), v.nonEmpty()),
  roomName: v.string(),
  roomPrice: money,
  checkIn: v.pipe(v.string(), v.check((value) => isDateOnly(value))),
  duration: v.pipe(v.number(), v.check(isValidStayMonths)),
  totalPrice: money,
  /** Absent in bookings saved before paying monthly existed: read as 'full'. */
  paymentPlan: v.optional(v.picklist(PAYMENT_PLANS)),
});

export type PendingBooking = v.InferOutput<typeof pendingBookingSchema>;

export function parsePendingBooking(stored: string | null | undefined): PendingBooking | null {
  if (!stored) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  const result = v.safeParse(pendingBookingSchema, value);
  return result.success ? result.output : null;
}

export function serializePendingBooking(booking: PendingBooking): string {
  return JSON.stringify(booking);
}
