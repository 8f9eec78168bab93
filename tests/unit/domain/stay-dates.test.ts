import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAY_MONTH_OPTIONS } from '../../../src/domain/constants.ts';
import {
  addDaysToDate, checkoutDate, formatStayDate, isDateOnly, isValidStayMonths, monthsOfStay, nightsBetween,
  approxMonthsLabel, parseDateOnly, stayLengthInMonthsLabel, stayMonthsLabel, stayRangesOverlap, toDateOnly, weeksToMonths,
} from '../../../src/domain/stay-dates.ts';

const checkoutCases = [
  // whole months are calendar months
  ['2025-01-05', 1, '2025-02-05'],
  ['2025-01-05', 6, '2025-07-05'],
  ['2025-12-15', 1, '2026-01-15'],
  // the half month is round(0.5 × 30) = 15 days after the whole months
  ['2025-01-05', 1.5, '2025-02-20'],
  ['2025-01-05', 5.5, '2025-06-20'],
  // month ends clamp (date-fns addMonths), then the extra days follow
  ['2025-01-31', 1, '2025-02-28'],
  ['2024-01-31', 1, '2024-02-29'],
  ['2025-01-31', 1.5, '2025-03-15'],
  ['2025-01-31', 2.5, '2025-04-15'],
  ['2025-08-31', 6, '2026-02-28'],
  ['2025-03-31', 2, '2025-05-31'],
  // across DST changes (Europe: 2025-03-30, 2025-10-26; US: 2025-03-09, 2025-11-02)
  ['2025-03-29', 1, '2025-04-29'],
  ['2025-10-20', 0.5, '2025-11-04'],
  ['2025-03-01', 1.5, '2025-04-16'],
] as const;

describe('checkoutDate (docs/architecture.md §1: calendar months + fraction × 30 days)', () => {
  it.each(checkoutCases)('%s + %s months → %s', (checkIn, months, expected) => {
    expect(checkoutDate(checkIn, months)).toBe(expected);
  });

  it('rejects malformed input', () => {
    expect(() => checkoutDate('2025-02-30', 1)).toThrow(RangeError);
    expect(() => checkoutDate('2025-01-05', -1)).toThrow(RangeError);
    expect(() => checkoutDate('2025-01-05', Number.NaN)).toThrow(RangeError);
  });

  describe.each(['America/Los_Angeles', 'Europe/London', 'Asia/Tokyo', 'Pacific/Auckland'])('with TZ=%s', (zone) => {
    let previous: string | undefined;
    beforeAll(() => {
      previous = process.env.TZ;
      process.env.TZ = zone;
    });
    afterAll(() => {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    });
    it.each(checkoutCases)('%s + %s months → %s (no day drift)', (checkIn, months, expected) => {
      expect(checkoutDate(checkIn, months)).toBe(expected);
    });
    it('formats and counts nights without drift', () => {
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
      expect(formatStayDate('2025-01-05')).toBe('Jan 05, 2025');
      expect(nightsBetween('2025-03-01', '2025-04-01')).toBe(31);
      expect(toDateOnly(new Date(2025, 2, 30, 0, 30))).toBe('2025-03-30');
    });
  });
});

describe('isValidStayMonths (1 to 6 in half-month steps)', () => {
  it.each([
    [1, true], [1.5, true], [2, true], [3.5, true], [6, true],
    [0.5, false], [6.5, false], [0, false], [-1, false], [1.25, false], [5.9, false], [7, false],
    [Number.NaN, false], [Number.POSITIVE_INFINITY, false],
  ])('%s → %s', (months, expected) => {
    expect(isValidStayMonths(months)).toBe(expected);
  });

  it('accepts exactly the duration select options', () => {
    expect(STAY_MONTH_OPTIONS).toEqual([1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6]);
    expect(STAY_MONTH_OPTIONS.every(isValidStayMonths)).toBe(true);
  });
});

describe('parseDateOnly / isDateOnly', () => {
  it.each([
    ['2025-01-05', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-02-30', false],
    ['2025-13-01', false],
    ['2025-1-5', false],
    ['2025-01-05T00:00:00Z', false],
    ['', false],
    ['tomorrow', false],
  ])('%j → %s', (value, valid) => {
    expect(isDateOnly(value)).toBe(valid);
    expect(parseDateOnly(value) !== null).toBe(valid);
  });

  it('gives local midnight', () => {
    const date = parseDateOnly('2025-01-05');
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate(), date?.getHours()]).toEqual([2025, 0, 5, 0]);
  });

  it('rejects non-strings', () => {
    expect(isDateOnly(20250105)).toBe(false);
    expect(isDateOnly(null)).toBe(false);
  });
});

describe('nights and months of a stay (dashboard income)', () => {
  it.each([
    ['2025-01-05', '2025-02-05', 31, 1],
    ['2025-01-01', '2025-04-01', 90, 3],
    ['2025-01-01', '2025-01-17', 16, 0.5],
    ['2025-01-01', '2025-02-15', 45, 1.5],
    ['2025-01-01', '2025-01-02', 1, 0],
    ['2025-01-01', '2025-01-03', 2, 0.1],
    ['2025-01-01', '2025-01-01', 0, 0],
    ['2025-02-01', '2025-08-01', 181, 6],
  ])('%s → %s: %s nights, %s months', (checkIn, checkOut, nights, months) => {
    expect(nightsBetween(checkIn, checkOut)).toBe(nights);
    expect(monthsOfStay(checkIn, checkOut)).toBe(months);
  });
});

describe('display helpers', () => {
  it.each([
    ['2025-01-05', 'Jan 05, 2025'],
    ['2025-12-31', 'Dec 31, 2025'],
    ['2026-07-14', 'Jul 14, 2026'],
  ])('formatStayDate(%s) → %s', (date, expected) => {
    expect(formatStayDate(date)).toBe(expected);
  });

  it.each([[1, '1 month'], [1.5, '1.5 months'], [6, '6 months']])('stayMonthsLabel(%s) → %s', (months, label) => {
    expect(stayMonthsLabel(months)).toBe(label);
  });

  it.each([
    ['2025-12-31', 1, '2026-01-01'],
    ['2025-03-01', -1, '2025-02-28'],
    ['2025-06-01', 14, '2025-06-15'],
  ])('addDaysToDate(%s, %s) → %s', (date, days, expected) => {
    expect(addDaysToDate(date, days)).toBe(expected);
  });
});

describe('stayRangesOverlap ([check-in, check-out))', () => {
  const booked = { start: '2025-03-01', end: '2025-04-01' };
  it.each([
    [{ start: '2025-02-01', end: '2025-03-01' }, false], // ends on the booked check-in day
    [{ start: '2025-04-01', end: '2025-05-01' }, false], // starts on the booked check-out day
    [{ start: '2025-02-01', end: '2025-03-02' }, true],
    [{ start: '2025-03-31', end: '2025-05-01' }, true],
    [{ start: '2025-03-10', end: '2025-03-20' }, true],
    [{ start: '2025-02-01', end: '2025-05-01' }, true],
  ])('%j → %s', (stay, overlaps) => {
    expect(stayRangesOverlap(stay, booked)).toBe(overlaps);
    expect(stayRangesOverlap(booked, stay)).toBe(overlaps);
  });
});

describe('room stay limits in months (a month is 4 weeks in displays)', () => {
  it.each([
    [2, 0.5], [4, 1], [6, 1.5], [12, 3], [13, 3.5], [26, 6.5], [24, 6], [1, 0.5],
  ])('%s weeks ≈ %s months', (weeks, months) => {
    expect(weeksToMonths(weeks)).toBe(months);
  });

  it.each<[number, number, string]>([
    [4, 26, '1–6 months'],
    [2, 12, '1–3 months'],
    [8, 12, '2–3 months'],
    [24, 30, '6 months'],
    [4, 4, '1 month'],
    [6, 18, '1.5–4.5 months'],
  ])('%s–%s weeks → %s', (min, max, label) => {
    expect(stayLengthInMonthsLabel(min, max)).toBe(label);
  });

  it('labels a week field of the host form with its month equivalent', () => {
    expect(approxMonthsLabel(12)).toBe('≈ 3 months');
    expect(approxMonthsLabel(4)).toBe('≈ 1 month');
    expect(approxMonthsLabel(Number.NaN)).toBe('');
  });
});
