// The booking status machine of docs/product.md §4 with the decisions the spec leaves open written down.
//
//   guest creates ──► pending_payment ──(payment verified)──► paid ──host──► accepted ──host──► completed
//                          │  └─(checkout opened)─► pending ─┘  │  └──host──► declined (refunded)
//                          └──────────── cancelled ◄───────────┘
//
// Decisions:
// - "pending" is an unpaid request (a checkout was opened but payment is not verified). docs/product.md §5 says
//   accepting needs "paid" with the text "Guest must complete payment…", so pending is pre-payment.
// - The host accepts or declines only from paid: "Host may accept only from paid … or decline"
//   reads as one condition on both verbs, and unpaid requests are not requests the host owes an
//   answer to (the system cancels them when their checkout expires).
// - The guest may cancel while unpaid, and may withdraw a paid request before the host decides
//   (the server refunds it, as on decline). Accepted stays are not cancellable in the app.
// - Mark as Completed: the host, from accepted, only while check-out has not passed (docs/product.md §4).
//   The system (service role) may also complete an accepted stay, e.g. a nightly job after check-out.
// - Paid is set only by payment verification (the system actor), never by guest or host (docs/architecture.md §4);
//   the system also cancels a paid booking that lost a double-booking race (refunded automatically).
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

export type BookingActor = 'guest' | 'host' | 'system';
export type HostDecision = 'accepted' | 'declined';
export type BookingViewer = 'guest' | 'host';

const TRANSITIONS: Record<BookingActor, Partial<Record<BookingStatus, readonly BookingStatus[]>>> = {
  guest: {
    pending_payment: ['cancelled'],
    pending: ['cancelled'],
    paid: ['cancelled'],
  },
  host: {
    paid: ['accepted', 'declined'],
    accepted: ['completed'],
  },
  system: {
    pending_payment: ['pending', 'paid', 'cancelled'],
    pending: ['paid', 'cancelled'],
    paid: ['cancelled'],
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
