import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATUSES, INITIAL_BOOKING_STATUS, acceptBlockedReason, allowedTransitions, bookingStatusLabel,
  bookingStatusTone, canGuestReview, canJoinHouseChat, canMarkCompleted, canRateGuest, canTransition,
  confirmationView, hostDecisionFor, isBookingStatus, type BookingStatus,
} from '../../../src/domain/booking-status.ts';

// Which changes the table allows is checked against the database itself, for every (from, to, party):
// supabase/tests/booking-transitions.test.ts. These are the rules no version of the table may break.

describe('status machine', () => {
  it('starts at pending_payment', () => {
    expect(INITIAL_BOOKING_STATUS).toBe('pending_payment');
  });

  it('never lets guest or host set paid, nor the guest accept or complete', () => {
    for (const from of BOOKING_STATUSES) {
      expect(canTransition(from, 'paid', 'guest')).toBe(false);
      expect(canTransition(from, 'paid', 'host')).toBe(false);
      expect(canTransition(from, 'accepted', 'guest')).toBe(false);
      expect(canTransition(from, 'completed', 'guest')).toBe(false);
    }
  });

  it.each([
    ['paid', 'host', ['accepted']],
    ['declined', 'host', []],
    ['pending_payment', 'guest', ['cancelled']],
    ['paid', 'guest', []],
  ] as const)('allowedTransitions(%s, %s)', (from, actor, next) => {
    expect(allowedTransitions(from, actor)).toEqual(next);
  });

  it.each<[BookingStatus, string | null]>([
    ['accepted', 'accepted'],
    ['declined', 'declined'],
    ['completed', null],
    ['cancelled', null],
  ])('host_decision for %s → %s', (to, decision) => {
    expect(hostDecisionFor(to)).toBe(decision);
  });

  it.each([
    ['paid', true], ['completed', true], ['draft', false], ['', false], [null, false], [3, false],
  ])('isBookingStatus(%j) → %s', (value, valid) => {
    expect(isBookingStatus(value)).toBe(valid);
  });
});

describe('acceptBlockedReason', () => {
  it.each(BOOKING_STATUSES.map((status) => [status] as const))('%s', (status) => {
    const reason = acceptBlockedReason(status);
    if (status === 'paid') expect(reason).toBeNull();
    else expect(reason).toEqual({ title: 'Cannot accept booking', description: 'Guest must complete payment before you can accept this booking' });
  });
});

describe('labels', () => {
  it.each<[BookingStatus, string, string, string]>([
    ['pending_payment', 'Awaiting Payment', 'Awaiting Payment', 'neutral'],
    ['pending', 'Pending', 'Pending', 'neutral'],
    ['paid', 'Awaiting Host Confirmation', 'Awaiting Acceptance', 'warning'],
    ['accepted', 'Confirmed', 'Confirmed', 'success'],
    ['declined', 'Declined', 'Declined', 'danger'],
    ['cancelled', 'Cancelled', 'Cancelled', 'danger'],
    ['completed', 'Completed', 'Completed', 'success'],
  ])('%s: guest %j, host %j, tone %s', (status, guest, host, tone) => {
    expect(bookingStatusLabel(status, 'guest')).toBe(guest);
    expect(bookingStatusLabel(status, 'host')).toBe(host);
    expect(bookingStatusTone(status)).toBe(tone);
  });
});

describe('date-dependent actions (today 2025-06-15)', () => {
  const today = '2025-06-15';
  const stay = (status: BookingStatus, check_in: string, check_out: string) => ({ status, check_in, check_out });

  it.each([
    [stay('accepted', '2025-05-15', '2025-06-16'), true],
    [stay('accepted', '2025-05-15', '2025-06-15'), true], // check-out day has not passed yet
    [stay('accepted', '2025-05-15', '2025-06-14'), false],
    [stay('accepted', '2025-07-01', '2025-08-01'), false], // not begun: the database refuses completion
    [stay('accepted', '2025-06-15', '2025-07-15'), true], // check-in day
    [stay('accepted', '2025-06-16', '2025-07-16'), false],
    [stay('paid', '2025-05-15', '2025-06-16'), false],
    [stay('completed', '2025-05-15', '2025-06-16'), false],
  ])('Mark as Completed for %j → %s', (booking, shown) => {
    expect(canMarkCompleted(booking, today)).toBe(shown);
  });

  it.each([
    [stay('accepted', '2025-05-15', '2025-06-14'), true],
    [stay('accepted', '2025-05-15', '2025-06-15'), false],
    [stay('accepted', '2025-05-15', '2025-06-16'), false],
    [stay('completed', '2025-05-15', '2025-06-16'), true],
    [stay('completed', '2025-01-01', '2025-02-01'), true],
    [stay('declined', '2025-01-01', '2025-02-01'), false],
    [stay('cancelled', '2025-01-01', '2025-02-01'), false],
  ])('Rate Guest for %j → %s', (booking, shown) => {
    expect(canRateGuest(booking, today)).toBe(shown);
  });

  it.each(BOOKING_STATUSES.map((status) => [status, status === 'completed'] as const))('guest review for %s → %s', (status, allowed) => {
    expect(canGuestReview({ status })).toBe(allowed);
  });

  it.each([
    [stay('accepted', '2025-06-01', '2025-08-01'), true], // overlaps today
    [stay('accepted', '2025-06-29', '2025-08-01'), true], // starts in exactly 14 days
    [stay('accepted', '2025-06-30', '2025-08-01'), false], // starts in 15 days
    [stay('accepted', '2025-05-01', '2025-06-15'), true], // check-out day
    [stay('accepted', '2025-05-01', '2025-06-14'), false], // already left
    [stay('completed', '2025-06-01', '2025-08-01'), true],
    [stay('paid', '2025-06-01', '2025-08-01'), false],
    [stay('pending', '2025-06-01', '2025-08-01'), false],
    [stay('cancelled', '2025-06-01', '2025-08-01'), false],
  ])('house chat for %j → %s', (booking, joins) => {
    expect(canJoinHouseChat(booking, today)).toBe(joins);
  });
});

describe('booking confirmation page', () => {
  it.each<[BookingStatus, string | null, boolean, string | null]>([
    ['accepted', 'Booking confirmed!', true, null],
    ['paid', 'Booking request sent!', false, '(Available after confirmation)'],
    ['pending', 'Booking request sent!', false, '(Available after confirmation)'],
    ['pending_payment', null, false, null],
    ['declined', null, false, null],
    ['cancelled', null, false, null],
    ['completed', null, false, null],
  ])('%s → %j', (status, headline, houseChatEnabled, note) => {
    const view = confirmationView(status);
    expect(view?.headline ?? null).toBe(headline);
    expect(view?.houseChatEnabled ?? false).toBe(houseChatEnabled);
    expect(view?.houseChatNote ?? null).toBe(note);
  });

  it('tells a paid guest that payment succeeded and the host will confirm', () => {
    expect(confirmationView('paid')?.text).toMatch(/payment was successful.*host will/i);
  });
});
