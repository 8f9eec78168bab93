import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '../../../../src/domain/booking-status.ts';
import { HOUSE_CHAT_AFTER_CONFIRMATION } from '../../../../src/domain/messages.ts';
import {
  guestActions, hostActions, houseChatState, sortForHost, sortNewestFirst, stayRangeText, statusBadge, totalText, type DashboardBooking,
} from '../../../../src/features/dashboard/booking-views.ts';

const today = '2025-06-15';
const booking = (status: BookingStatus, check_in = '2025-06-01', check_out = '2025-08-01', created_at = '2025-05-01T00:00:00Z'): DashboardBooking => ({
  id: `${status}-${check_in}-${created_at}`, status, check_in, check_out, total_price: 2817.4, created_at,
});

describe('booking card texts', () => {
  it('formats dates like Jan 05, 2025 and totals in dollars', () => {
    expect(stayRangeText({ check_in: '2025-01-05', check_out: '2025-03-05' })).toBe('Jan 05, 2025 – Mar 05, 2025');
    expect(totalText({ total_price: 2817.4 })).toBe('$2,817');
  });

  it('labels paid for each viewer', () => {
    expect(statusBadge('paid', 'guest').label).toBe('Awaiting Host Confirmation');
    expect(statusBadge('paid', 'host').label).toBe('Awaiting Acceptance');
    expect(statusBadge('accepted', 'host')).toEqual({ label: 'Confirmed', tone: 'success' });
  });
});

describe('Join House Chat', () => {
  it('is open for a confirmed stay in progress or starting within 14 days', () => {
    expect(houseChatState(booking('accepted'), today)).toEqual({ visible: true, enabled: true });
    expect(houseChatState(booking('accepted', '2025-06-29', '2025-08-29'), today)).toEqual({ visible: true, enabled: true });
  });

  it('says why it is closed', () => {
    expect(houseChatState(booking('paid'), today)).toEqual({ visible: true, enabled: false, reason: HOUSE_CHAT_AFTER_CONFIRMATION });
    expect(houseChatState(booking('pending_payment'), today)).toMatchObject({ enabled: false, reason: HOUSE_CHAT_AFTER_CONFIRMATION });
    expect(houseChatState(booking('accepted', '2025-07-30', '2025-09-30'), today)).toMatchObject({ enabled: false, reason: '(Opens 14 days before check-in)' });
    expect(houseChatState(booking('completed', '2025-01-01', '2025-03-01'), today)).toMatchObject({ enabled: false, reason: '(This stay has ended)' });
  });

  it('is not offered for cancelled or declined bookings', () => {
    expect(houseChatState(booking('cancelled'), today)).toEqual({ visible: false });
    expect(houseChatState(booking('declined'), today)).toEqual({ visible: false });
  });
});

describe('what each side may do', () => {
  it('guests pay or cancel only unpaid bookings and review completed stays once', () => {
    expect(guestActions(booking('pending_payment'), false)).toEqual({ canPay: true, canCancel: true, canReview: false });
    expect(guestActions(booking('paid'), false)).toEqual({ canPay: false, canCancel: false, canReview: false });
    expect(guestActions(booking('completed'), false).canReview).toBe(true);
    expect(guestActions(booking('completed'), true).canReview).toBe(false);
  });

  it('hosts see Accept and Decline only on paid requests; unpaid ones say they wait for the payment', () => {
    expect(hostActions(booking('paid'), today, false)).toMatchObject({ showAccept: true, note: null });
    for (const status of ['pending_payment', 'pending'] as const) {
      expect(hostActions(booking(status), today, false)).toMatchObject({ showAccept: false, showDecline: false, note: "Waiting for the guest's payment" });
    }
    for (const status of ['accepted', 'declined', 'cancelled', 'completed'] as const) expect(hostActions(booking(status), today, false).showAccept).toBe(false);
    expect(hostActions(booking('paid'), today, false).showDecline).toBe(true);
    expect(hostActions(booking('pending'), today, false).showDecline).toBe(false);
  });

  it('Mark as Completed until check-out, Rate Guest after it (or once completed), unless already rated', () => {
    expect(hostActions(booking('accepted'), today, false)).toMatchObject({ showComplete: true, showRateGuest: false });
    const past = booking('accepted', '2025-01-01', '2025-03-01');
    expect(hostActions(past, today, false)).toMatchObject({ showComplete: false, showRateGuest: true });
    expect(hostActions(booking('completed'), today, false).showRateGuest).toBe(true);
    expect(hostActions(booking('completed'), today, true).showRateGuest).toBe(false);
  });

  it('a stay that has not begun cannot be completed yet, and says from when it can', () => {
    const future = booking('accepted', '2099-01-05', '2099-03-05');
    expect(hostActions(future, today, false)).toMatchObject({ showComplete: false, note: 'Can be completed from Jan 05, 2099' });
  });
});

describe('ordering', () => {
  const older = booking('accepted', '2025-01-01', '2025-03-01', '2025-01-01T00:00:00Z');
  const newer = booking('cancelled', '2025-01-01', '2025-03-01', '2025-05-01T00:00:00Z');
  const paid = booking('paid', '2025-01-01', '2025-03-01', '2024-12-01T00:00:00Z');

  it('guests see the newest booking first', () => {
    expect(sortNewestFirst([older, newer]).map((b) => b.status)).toEqual(['cancelled', 'accepted']);
  });

  it('hosts see paid requests first, then the newest', () => {
    expect(sortForHost([older, newer, paid]).map((b) => b.status)).toEqual(['paid', 'cancelled', 'accepted']);
  });
});
