// The booking status machine of docs/product.md §4 with the decisions the brief leaves open written down.
//
//   guest creates ──► pending_payment ──(payment verified)──► paid ──host──► accepted ──host──► completed
//                          │                                    │
//                          └──guest──► cancelled                └──host, through decline-booking──► declined (refunded)
//
// The database decides (tg_bookings_transition). TRANSITIONS below is what that trigger lets the guest
// and the host do with a plain update through the API; supabase/tests/booking-transitions.test.ts
// tries every change on the database and fails when the two differ. Everything else is done by the
// service role, which the trigger does not restrict: payment verification sets paid, expired
// checkouts and lost races cancel, and the refunding functions decline (decline-booking, host) or
// cancel (cancel-booking, guest, before payment). Decisions:
// - The host accepts only from paid (docs/product.md §4, §5: "Guest must complete payment…"); declining a
//   paid request refunds it, so it goes through decline-booking, never a plain update.
// - The guest may cancel only while unpaid; paid requests are not cancellable in the app.
// - Mark as Completed: the host, from accepted, once the stay has begun and while check-out has not
//   passed (docs/product.md §4; the database refuses completing before check-in).
// - Paid is set only by payment verification, never by guest or host (docs/architecture.md §4).
// - "pending" (a payment taken but not verified; only seeded rows have it) counts as paid for money:
//   the guest and the host cannot change it with a plain update either.
import { addDaysToDate, type DateOnly } from './stay-dates.ts';
import { HOUSE_CHAT_LEAD_DAYS } from './constants.ts';
import {
  BOOKING_CONFIRMED_HEADLINE, BOOKING_REQUEST_SENT_HEADLINE, BOOKING_REQUEST_SENT_TEXT, CANNOT_ACCEPT_BOOKING,
  HOUSE_CHAT_AFTER_CONFIRMATION, type Toast,
} from './messages.ts';

export const BOOKING_STATUSES = ['pending_payment', 'pending', 'paid', 'accepted', 'declined', 'cancelled', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Bookings are inserted as pending_payment once the guest confirms dates. */
export const INITIAL_BOOKING_STATUS: BookingStatus = 'pending_payment';

/** Statuses whose dates are taken: the booked_dates of docs/product.md §7 and the card's availability check. */
export const DATE_BLOCKING_STATUSES: readonly BookingStatus[] = ['paid', 'accepted'];

/**
 * Bookings that count as paid (money was taken; "pending" is a payment not yet verified). The SQL
 * functions write the same set as `status in (...)`: tests/unit/domain/paid-statuses.test.ts ties them.
 */
export const PAID_STATUSES: readonly BookingStatus[] = ['paid', 'pending', 'accepted', 'completed'];
export const isPaidStatus = (status: string): boolean => (PAID_STATUSES as readonly string[]).includes(status);

/** The parties of a booking: the guest who made it and the host of its property. */
export const BOOKING_ACTORS = ['guest', 'host'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];
export type HostDecision = 'accepted' | 'declined';
export type BookingViewer = 'guest' | 'host';

/** The status changes tg_bookings_transition allows each party through the API (see the header). */
const TRANSITIONS: Record<BookingActor, Partial<Record<BookingStatus, readonly BookingStatus[]>>> = {
  guest: {
    pending_payment: ['cancelled'],
  },
  host: {
    paid: ['accepted'],
    accepted: ['completed'],
  },
};

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: BookingStatus, to: BookingStatus, actor: BookingActor): boolean {
  return TRANSITIONS[actor][from]?.includes(to) ?? false;
}

/** Next statuses an actor may set from `from`, in a stable order. */
export function allowedTransitions(from: BookingStatus, actor: BookingActor): readonly BookingStatus[] {
  return TRANSITIONS[actor][from] ?? [];
}

/** host_decision written with the status when the host accepts or declines. */
export function hostDecisionFor(to: BookingStatus): HostDecision | null {
  return to === 'accepted' || to === 'declined' ? to : null;
}

/** Why Accept is refused: null when the booking is paid, else the docs/product.md §5 toast. */
export function acceptBlockedReason(status: BookingStatus): Toast | null {
  return status === 'paid' ? null : CANNOT_ACCEPT_BOOKING;
}

const LABELS: Record<BookingStatus, string> = {
  pending_payment: 'Awaiting Payment',
  pending: 'Pending',
  paid: 'Awaiting Host Confirmation',
  accepted: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** Badge text. Paid reads "Awaiting Host Confirmation" to the guest and "Awaiting Acceptance" to the host. */
export function bookingStatusLabel(status: BookingStatus, viewer: BookingViewer): string {
  return status === 'paid' && viewer === 'host' ? 'Awaiting Acceptance' : LABELS[status];
}

export type BookingStatusTone = 'neutral' | 'warning' | 'success' | 'danger';
const TONES: Record<BookingStatus, BookingStatusTone> = {
  pending_payment: 'neutral',
  pending: 'neutral',
  paid: 'warning',
  accepted: 'success',
  completed: 'success',
  declined: 'danger',
  cancelled: 'danger',
};
export function bookingStatusTone(status: BookingStatus): BookingStatusTone {
  return TONES[status];
}

export type DatedBooking = { status: BookingStatus; check_in: DateOnly; check_out: DateOnly };

/**
 * Mark as Completed: accepted, the stay has begun (the database refuses earlier) and check-out has not
 * passed (docs/product.md §4; the check-out day itself still counts).
 */
export function canMarkCompleted(booking: DatedBooking, today: DateOnly): boolean {
  return canTransition(booking.status, 'completed', 'host') && hasStayStarted(booking, today) && booking.check_out >= today;
}

/**
 * The stay has begun: check-in is today or earlier. The bookings trigger refuses completing a stay
 * before this (migration 20250601001200, "once it has started").
 */
export function hasStayStarted(booking: { check_in: DateOnly }, today: DateOnly): boolean {
  return booking.check_in <= today;
}

/**
 * Rate Guest (host to guest, real per docs/architecture.md §1): after check-out of an accepted booking, or any
 * time once completed ("completed bookings allow reviews for both sides").
 */
export function canRateGuest(booking: DatedBooking, today: DateOnly): boolean {
  return booking.status === 'completed' || (booking.status === 'accepted' && booking.check_out < today);
}

/** The guest reviews the stay (property and host) once the booking is completed (docs/product.md §4, §6). */
export function canGuestReview(booking: { status: BookingStatus }): boolean {
  return booking.status === 'completed';
}

/**
 * House chat membership (docs/architecture.md §1): a confirmed stay that overlaps today or starts within 14 days.
 * The check-out day is included so guests can still coordinate the hand-over. Completed counts as
 * confirmed, because a host may mark a stay completed before it ends.
 */
export function canJoinHouseChat(booking: DatedBooking, today: DateOnly): boolean {
  if (booking.status !== 'accepted' && booking.status !== 'completed') return false;
  return booking.check_in <= addDaysToDate(today, HOUSE_CHAT_LEAD_DAYS) && today <= booking.check_out;
}

export type ConfirmationView = {
  headline: string;
  text: string | null;
  houseChatEnabled: boolean;
  /** Shown beside a disabled Join House Chat. */
  houseChatNote: string | null;
};

/** The booking-confirmed page: accepted → confirmed; pending or paid → request sent; others: nothing. */
export function confirmationView(status: BookingStatus): ConfirmationView | null {
  if (status === 'accepted') {
    return { headline: BOOKING_CONFIRMED_HEADLINE, text: null, houseChatEnabled: true, houseChatNote: null };
  }
  if (status === 'pending' || status === 'paid') {
    return { headline: BOOKING_REQUEST_SENT_HEADLINE, text: BOOKING_REQUEST_SENT_TEXT, houseChatEnabled: false, houseChatNote: HOUSE_CHAT_AFTER_CONFIRMATION };
  }
  return null;
}
