// What each booking card shows and offers, derived from the docs/product.md §4 status machine (src/domain).
// Pure, so the rules are unit-tested without rendering.
import { HOUSE_CHAT_LEAD_DAYS } from '../../domain/constants.ts';
import {
  bookingStatusLabel, bookingStatusTone, canGuestReview, canJoinHouseChat, canMarkCompleted, canRateGuest, canTransition,
  hasStayStarted, type BookingStatus, type BookingStatusTone,
} from '../../domain/booking-status.ts';
import { HOUSE_CHAT_AFTER_CONFIRMATION } from '../../domain/messages.ts';
import { formatDollars } from '../../domain/pricing.ts';
import { formatStayDate, type DateOnly } from '../../domain/stay-dates.ts';

export interface DashboardBooking {
  id: string;
  status: BookingStatus;
  check_in: DateOnly;
  check_out: DateOnly;
  total_price: number;
  created_at: string;
}

/** 'Jan 05, 2025 – Mar 05, 2025' */
export function stayRangeText(booking: { check_in: DateOnly; check_out: DateOnly }): string {
  return `${formatStayDate(booking.check_in)} – ${formatStayDate(booking.check_out)}`;
}

export function totalText(booking: { total_price: number }): string {
  return formatDollars(Number(booking.total_price));
}

export function statusBadge(status: BookingStatus, viewer: 'guest' | 'host'): { label: string; tone: BookingStatusTone } {
  return { label: bookingStatusLabel(status, viewer), tone: bookingStatusTone(status) };
}

export type HouseChatState = { visible: false } | { visible: true; enabled: true } | { visible: true; enabled: false; reason: string };

/**
 * Join House Chat (docs/architecture.md §1): open for a confirmed stay from 14 days before check-in to check-out;
 * unpaid and unconfirmed requests show when it becomes available; cancelled and declined show nothing.
 */
export function houseChatState(booking: DashboardBooking, today: DateOnly): HouseChatState {
  if (canJoinHouseChat(booking, today)) return { visible: true, enabled: true };
  switch (booking.status) {
    case 'pending_payment':
    case 'pending':
    case 'paid':
      return { visible: true, enabled: false, reason: HOUSE_CHAT_AFTER_CONFIRMATION };
    case 'accepted':
    case 'completed':
      return booking.check_out < today
        ? { visible: true, enabled: false, reason: '(This stay has ended)' }
        : { visible: true, enabled: false, reason: `(Opens ${HOUSE_CHAT_LEAD_DAYS} days before check-in)` };
    default:
      return { visible: false };
  }
}

export interface GuestActions {
  canPay: boolean;
  canCancel: boolean;
  canReview: boolean;
}

/** Unpaid bookings can be paid or cancelled (docs/product.md §4); completed stays can be reviewed once. */
export function guestActions(booking: DashboardBooking, hasReviewed: boolean): GuestActions {
  const unpaid = booking.status === 'pending_payment';
  return { canPay: unpaid, canCancel: unpaid, canReview: canGuestReview(booking) && !hasReviewed };
}

export interface HostActions {
  /** Each action is offered only in the state where the server allows it (canTransition, the DB trigger). */
  showAccept: boolean;
  showDecline: boolean;
  showComplete: boolean;
  showRateGuest: boolean;
  /** Why no decision or completion is offered yet, e.g. "Waiting for the guest's payment". */
  note: string | null;
}

export const WAITING_FOR_PAYMENT_NOTE = "Waiting for the guest's payment";
export const completableFromNote = (checkIn: DateOnly): string => `Can be completed from ${formatStayDate(checkIn)}`;

const UNPAID: readonly BookingStatus[] = ['pending_payment', 'pending'];

export function hostActions(booking: DashboardBooking, today: DateOnly, hasRated: boolean): HostActions {
  const showComplete = canMarkCompleted(booking, today);
  let note: string | null = null;
  if (UNPAID.includes(booking.status)) note = WAITING_FOR_PAYMENT_NOTE;
  else if (canTransition(booking.status, 'completed', 'host') && !hasStayStarted(booking, today)) note = completableFromNote(booking.check_in);
  // Declining refunds, so it goes through decline-booking rather than an update; it is offered beside Accept.
  const decides = canTransition(booking.status, 'accepted', 'host');
  return {
    showAccept: decides,
    showDecline: decides,
    showComplete,
    showRateGuest: canRateGuest(booking, today) && !hasRated,
    note,
  };
}

/** Guests: newest booking first. */
export function sortNewestFirst<T extends { created_at: string }>(bookings: readonly T[]): T[] {
  return [...bookings].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

/** Hosts: requests awaiting an answer (paid) first, then newest first. */
export function sortForHost<T extends { created_at: string; status: BookingStatus }>(bookings: readonly T[]): T[] {
  return sortNewestFirst(bookings).sort((a, b) => Number(b.status === 'paid') - Number(a.status === 'paid'));
}
