import { describe, expect, it } from 'vitest';
import {
  bookingTotal, cardPrice, formatCardPrice, formatDollars, monthlyIncome, pendingRequestsCount, splitPlatformFee,
  type IncomeBooking, type PricedProperty,
} from '../../../src/domain/pricing.ts';
import type { BookingStatus } from '../../../src/domain/booking-status.ts';

describe('bookingTotal = round(months × 4.33 × weekly)', () => {
  it.each([
    [1, 350, 1516], // 1515.5 rounds up
    [1.5, 350, 2273], // 2273.25
    [2.5, 350, 3789], // 3788.75
    [6, 350, 9093],
    [1, 150, 650], // 649.5
    [5, 90, 1949], // 1948.5 exactly; floating point alone gives 1948.4999… → 1948
    [2.5, 180, 1949],
    [5, 350, 7578], // 7577.5
    [1, 99.99, 433], // 432.9567
    [3, 333.33, 4330], // 4329.9567
    [1, 0, 0],
    [6, 1000, 25980],
  ])('%s months × $%s/week → $%s', (months, weekly, total) => {
    expect(bookingTotal(months, weekly)).toBe(total);
  });

  it('still computes durations off the half-month grid', () => {
    expect(bookingTotal(1.25, 100)).toBe(541); // 541.25
  });
});

describe('cardPrice: lowest room price per month, ~ when derived from a weekly price', () => {
  const room = (price_per_week: number | null, price_per_month: number | null = null) => ({ price_per_week, price_per_month });
  it.each<[string, PricedProperty, string]>([
    ['weekly only → ~weekly × 4', { rooms: [room(350)] }, '~$1,400/month'],
    ['monthly set → exact', { rooms: [room(350, 1300)] }, '$1,300/month'],
    ['lowest estimate beats a higher monthly', { rooms: [room(300), room(400, 1500)] }, '~$1,200/month'],
    ['lowest monthly beats a higher estimate', { rooms: [room(500), room(400, 1500)] }, '$1,500/month'],
    ['a tie prefers the exact monthly price', { rooms: [room(300), room(400, 1200)] }, '$1,200/month'],
    ['estimates are rounded', { rooms: [room(333.33)] }, '~$1,333/month'],
    ['monthly prices are rounded', { rooms: [room(300, 1299.6)] }, '$1,300/month'],
    ['zero prices count as not set', { rooms: [room(0, 0), room(250)] }, '~$1,000/month'],
    ['a zero monthly price falls back to the weekly', { rooms: [room(250, 0)] }, '~$1,000/month'],
    ['no priced rooms → property weekly × 4', { price_per_week: 250, rooms: [room(null)] }, '~$1,000/month'],
    ['rooms win over the property weekly price', { price_per_week: 100, rooms: [room(null, 2000)] }, '$2,000/month'],
    ['no rooms, property weekly 0 → contact', { price_per_week: 0, rooms: [] }, 'Contact for pricing'],
    ['no rooms at all → contact', { rooms: null }, 'Contact for pricing'],
    ['only unpriced rooms → contact', { price_per_week: null, rooms: [room(null), room(0)] }, 'Contact for pricing'],
  ])('%s', (_, property, shown) => {
    expect(formatCardPrice(cardPrice(property))).toBe(shown);
  });

  it('returns the structured price', () => {
    expect(cardPrice({ rooms: [room(350)] })).toEqual({ kind: 'monthly', amount: 1400, estimated: true });
    expect(cardPrice({})).toEqual({ kind: 'contact' });
  });
});

describe('formatDollars', () => {
  it.each([[0, '$0'], [1516, '$1,516'], [1234567.6, '$1,234,568'], [99.5, '$100']])('%s → %s', (amount, text) => {
    expect(formatDollars(amount)).toBe(text);
  });
});

describe('splitPlatformFee (10%, in cents)', () => {
  it.each([
    [1516, 151_600, 15_160, 136_440],
    [10.05, 1005, 101, 904], // 100.5 cents rounds up
    [0.05, 5, 1, 4],
    [0.04, 4, 0, 4],
    [1948.5, 194_850, 19_485, 175_365],
    [0, 0, 0, 0],
  ])('$%s → total %s, fee %s, host %s', (total, totalCents, fee, host) => {
    const split = splitPlatformFee(total);
    expect(split).toEqual({ totalCents, platformFeeCents: fee, hostPayoutCents: host });
    expect(split.platformFeeCents + split.hostPayoutCents).toBe(split.totalCents);
  });
});

describe('dashboard figures', () => {
  const booking = (status: BookingStatus, total_price: number | null, check_in: string, check_out: string): IncomeBooking =>
    ({ status, total_price, check_in, check_out });

  it.each<[string, IncomeBooking[], number]>([
    ['no bookings', [], 0],
    ['one accepted, 60 days = 2.0 months', [booking('accepted', 3000, '2025-01-01', '2025-03-02')], 1500],
    ['31 days is 1.0 month', [booking('accepted', 1516, '2025-01-05', '2025-02-05')], 1516],
    ['45 days is 1.5 months', [booking('accepted', 3000, '2025-01-01', '2025-02-15')], 2000],
    ['sums accepted only', [
      booking('accepted', 3000, '2025-01-01', '2025-03-02'),
      booking('accepted', 1516, '2025-01-05', '2025-02-05'),
      booking('paid', 9999, '2025-01-01', '2025-02-01'),
      booking('completed', 9999, '2025-01-01', '2025-02-01'),
      booking('declined', 9999, '2025-01-01', '2025-02-01'),
    ], 3016],
    ['skips a stay that rounds to 0 months', [booking('accepted', 500, '2025-01-01', '2025-01-02')], 0],
    ['skips a missing total', [booking('accepted', null, '2025-01-01', '2025-02-01')], 0],
  ])('%s', (_, bookings, income) => {
    expect(monthlyIncome(bookings)).toBeCloseTo(income, 6);
  });

  it('counts pending requests as bookings with status paid', () => {
    const statuses: BookingStatus[] = ['paid', 'pending', 'paid', 'accepted', 'pending_payment', 'declined', 'cancelled', 'completed'];
    expect(pendingRequestsCount(statuses.map((status) => ({ status })))).toBe(2);
    expect(pendingRequestsCount([])).toBe(0);
  });
});
