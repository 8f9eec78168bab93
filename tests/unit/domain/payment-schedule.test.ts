import { describe, expect, it } from 'vitest';
import {
  canPayMonthly, formatCents, formatDueDate, MAX_PAYMENT_ATTEMPTS, monthlySchedule, nextRetryAt,
} from '../../../src/domain/payment-schedule.ts';
import { splitPlatformFeeCents } from '../../../src/domain/pricing.ts';

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

describe('canPayMonthly: stays of 2 months or more', () => {
  it.each([
    [1, false], [1.5, false], [1.99, false], [2, true], [2.5, true], [6, true], [Number.NaN, false],
  ])('%s months → %s', (months, expected) => {
    expect(canPayMonthly(months)).toBe(expected);
  });
});

describe('monthlySchedule', () => {
  it.each([
    // months, total cents, amounts (the half month last, the last payment takes the remaining cents)
    [2, 303_100, [151_550, 151_550]],
    [2, 303_101, [151_551, 151_550]], // 1515.505 rounds up; the last absorbs the odd cent
    [2.5, 378_900, [151_560, 151_560, 75_780]],
    [2.5, 100_001, [40_000, 40_000, 20_001]],
    [3, 100_000, [33_333, 33_333, 33_334]],
    [6, 909_300, [151_550, 151_550, 151_550, 151_550, 151_550, 151_550]],
    [6, 100_001, [16_667, 16_667, 16_667, 16_667, 16_667, 16_666]],
    [5.5, 833_700, [151_582, 151_582, 151_582, 151_582, 151_582, 75_790]],
  ])('%s months of %s cents → %j', (months, total, amounts) => {
    const schedule = monthlySchedule('2031-03-10', months, total);
    expect(schedule.map((payment) => payment.amountCents)).toEqual(amounts);
    expect(sum(schedule.map((payment) => payment.amountCents))).toBe(total);
    expect(schedule.map((payment) => payment.sequence)).toEqual(amounts.map((_, index) => index + 1));
  });

  it('takes the first payment at booking and the next ones monthly from check-in, the half month last', () => {
    expect(monthlySchedule('2031-01-31', 2.5, 378_900)).toEqual([
      { sequence: 1, dueDate: null, amountCents: 151_560, months: 1 },
      { sequence: 2, dueDate: '2031-02-28', amountCents: 151_560, months: 1 }, // clamped to the month's end
      { sequence: 3, dueDate: '2031-03-31', amountCents: 75_780, months: 0.5 },
    ]);
  });

  it.each([
    ['shorter than 2 months', '2031-03-10', 1.5, 100_000],
    ['no total', '2031-03-10', 3, 0],
    ['a total that is not whole cents', '2031-03-10', 3, 100.5],
    ['a bad check-in date', '2031-02-30', 3, 100_000],
  ])('is empty for %s', (_case, checkIn, months, total) => {
    expect(monthlySchedule(checkIn, months, total)).toEqual([]);
  });

  it('keeps each payment\'s platform fee at 10% of that payment', () => {
    const fees = monthlySchedule('2031-03-10', 3, 100_000).map((payment) => splitPlatformFeeCents(payment.amountCents));
    expect(fees.map((fee) => fee.platformFeeCents)).toEqual([3_333, 3_333, 3_333]);
    expect(fees.every((fee) => fee.platformFeeCents + fee.hostPayoutCents === fee.totalCents)).toBe(true);
  });
});

describe('nextRetryAt: 1, 3 and 7 days after a failure, then none', () => {
  const failedAt = new Date('2031-04-10T06:00:00Z');
  it.each([
    [1, '2031-04-11T06:00:00.000Z'],
    [2, '2031-04-13T06:00:00.000Z'],
    [3, '2031-04-17T06:00:00.000Z'],
    [4, null],
  ])('after attempt %s → %s', (attempts, expected) => {
    expect(nextRetryAt(attempts, failedAt)?.toISOString() ?? null).toBe(expected);
  });

  it('allows one charge and three retries', () => {
    expect(MAX_PAYMENT_ATTEMPTS).toBe(4);
  });
});

describe('formatting', () => {
  it.each([[151_550, '$1,515.50'], [100_000, '$1,000'], [5, '$0.05']])('%s cents → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('shows the first payment as due today', () => {
    expect(formatDueDate({ dueDate: null })).toBe('Today');
    expect(formatDueDate({ dueDate: '2031-04-10' })).toBe('Apr 10, 2031');
  });
});
