import { describe, expect, it } from 'vitest';
import { bookingOverview, type OverviewBooking } from '../../../../src/domain/listing-booking-overview.ts';

const booking = (id: string, status: OverviewBooking['status'], check_in: string, check_out: string): OverviewBooking => ({ id, status, check_in, check_out });

describe('bookingOverview', () => {
  const today = '2025-06-10';
  const bookings = [
    booking('a', 'accepted', '2025-07-01', '2025-08-01'),
    booking('b', 'paid', '2025-06-20', '2025-07-20'),
    booking('c', 'accepted', '2025-05-01', '2025-06-01'),
    booking('d', 'accepted', '2025-06-01', '2025-06-10'),
    booking('e', 'declined', '2025-06-15', '2025-07-15'),
    booking('f', 'pending_payment', '2025-06-15', '2025-07-15'),
  ];

  it('counts every status', () => {
    const { counts, total } = bookingOverview(bookings, today);
    expect(total).toBe(6);
    expect(counts).toMatchObject({ accepted: 3, paid: 1, declined: 1, pending_payment: 1, completed: 0, cancelled: 0, pending: 0 });
  });

  it('lists paid and accepted stays not yet checked out, soonest first, capped', () => {
    expect(bookingOverview(bookings, today).upcoming.map((b) => b.id)).toEqual(['d', 'b', 'a']);
    expect(bookingOverview(bookings, today, 2).upcoming.map((b) => b.id)).toEqual(['d', 'b']);
  });
});
