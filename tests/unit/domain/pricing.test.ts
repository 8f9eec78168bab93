import { describe, expect, it } from 'vitest';
import {
  approxMonthlyPrice, bookingTotal, cardPrice, formatApproxMonthly, formatCardPrice, formatDollars, formatMonthly, formatWeekly, monthlyIncome, monthlyPriceCents, stayPrice, pendingRequestsCount, splitPlatformFee,
  type IncomeBooking, type PricedProperty,
} from '../../../src/domain/pricing.ts';
import type { BookingStatus } from '../../../src/domain/booking-status.ts';
import { STAY_MONTH_OPTIONS } from '../../../src/domain/constants.ts';
import { canPayMonthly, monthlySchedule } from '../../../src/domain/payment-schedule.ts';

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

describe('cardPrice: the cheapest room\'s month as the monthly plan charges it, "from ~$X/month"', () => {
  const room = (price_per_week: number | null, price_per_month: number | null = null) => ({ price_per_week, price_per_month });
  it.each<[string, PricedProperty, string]>([
    ['a month of 4.33 weeks, not weekly × 4', { rooms: [room(350)] }, 'from ~$1,516/month'],
    ['a monthly price is not what the guest pays, so it never sets the card price', { rooms: [room(350, 1300)] }, 'from ~$1,516/month'],
    ['the lowest weekly price wins', { rooms: [room(300), room(400, 1000)] }, 'from ~$1,299/month'],
    ['rounded', { rooms: [room(333.33)] }, 'from ~$1,443/month'],
    ['zero prices count as not set', { rooms: [room(0, 0), room(250)] }, 'from ~$1,083/month'],
    ['no priced rooms → the property\'s weekly price', { price_per_week: 250, rooms: [room(null)] }, 'from ~$1,083/month'],
    ['rooms win over the property weekly price', { price_per_week: 100, rooms: [room(200)] }, 'from ~$866/month'],
    ['no rooms, property weekly 0 → contact', { price_per_week: 0, rooms: [] }, 'Contact for pricing'],
    ['no rooms at all → contact', { rooms: null }, 'Contact for pricing'],
    ['only unpriced rooms → contact', { price_per_week: null, rooms: [room(null), room(0)] }, 'Contact for pricing'],
  ])('%s', (_, property, shown) => {
    expect(formatCardPrice(cardPrice(property))).toBe(shown);
  });

  it('returns the structured price', () => {
    expect(cardPrice({ rooms: [room(350)] })).toEqual({ kind: 'from', weeklyPrice: 350, monthly: 1516 });
    expect(cardPrice({})).toEqual({ kind: 'contact' });
  });
});

describe('stayPrice: the breakdown the booking card and the confirm dialog show', () => {
  // months, weekly, billed weeks, total, whole months, extra days
  it.each<[number, number, number, number, number, number]>([
    [1, 130, 4.33, 563, 1, 0], // 562.9
    [1.5, 130, 6.495, 844, 1, 15], // 844.35
    [2, 130, 8.66, 1126, 2, 0], // 1125.8: the "$520/month but 2 months cost $1,126"
    [2.5, 130, 10.825, 1407, 2, 15], // 1407.25
    [3, 130, 12.99, 1689, 3, 0], // 1688.7
    [3.5, 130, 15.155, 1970, 3, 15], // 1970.15
    [4, 130, 17.32, 2252, 4, 0], // 2251.6
    [4.5, 130, 19.485, 2533, 4, 15], // 2533.05
    [5, 130, 21.65, 2815, 5, 0], // 2814.5 rounds up
    [5.5, 130, 23.815, 3096, 5, 15], // 3095.95
    [6, 130, 25.98, 3377, 6, 0], // 3377.4
    [1, 150, 4.33, 650, 1, 0], // 649.5 rounds up
    [5, 90, 21.65, 1949, 5, 0], // 1948.5 exactly (floats alone give 1948)
    [6, 1000, 25.98, 25980, 6, 0],
    [1, 99.99, 4.33, 433, 1, 0], // 432.9567
  ])('%s months at $%s/week → %s weeks, $%s (checkout: %s months + %s days)', (months, weekly, weeks, total, whole, days) => {
    const price = stayPrice(months, weekly);
    expect(price.billedWeeks).toBe(weeks);
    expect(price.total).toBe(total);
    expect(price.total).toBe(bookingTotal(months, weekly));
    expect(price.wholeMonths).toBe(whole);
    expect(price.extraDays).toBe(days);
  });

  it('writes the lines a guest reads', () => {
    expect(stayPrice(2, 130).lines).toEqual({
      weeks: '2 months × 4.33 weeks = 8.66 weeks × $130/week',
      fraction: null,
      total: '$1,126',
    });
    expect(stayPrice(1, 130).lines.weeks).toBe('1 month × 4.33 weeks = 4.33 weeks × $130/week');
    expect(stayPrice(1.5, 130).lines).toEqual({
      weeks: '1.5 months × 4.33 weeks = 6.495 weeks × $130/week',
      fraction: 'The half month counts as 15 days (30 days per month) for your check-out date.',
      total: '$844',
    });
  });

  it('shows the weekly price as set and the month as the monthly plan charges it', () => {
    expect(formatWeekly(130)).toBe('$130/week');
    expect(formatApproxMonthly(130)).toBe('~$563/month');
    expect(formatMonthly(290, 3)).toBe('$1,255.67/month');
    expect(formatMonthly(290, 2)).toBe('$1,255.50/month');
  });
});

describe('monthlyPriceCents: the one monthly figure, shown and charged', () => {
  it.each([130, 240, 290, 333.33, 350, 1000])('at $%s/week is the monthly schedule\'s month for every stay it offers', (weekly) => {
    for (const months of STAY_MONTH_OPTIONS.filter(canPayMonthly)) {
      const schedule = monthlySchedule('2031-03-10', months, bookingTotal(months, weekly) * 100);
      expect(schedule[0]?.amountCents).toBe(monthlyPriceCents(weekly, months));
      // The card's "~" figure is that month to within a dollar, whatever the stay's length.
      expect(Math.abs(approxMonthlyPrice(weekly) * 100 - monthlyPriceCents(weekly, months))).toBeLessThan(100);
    }
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
