import { describe, expect, it } from 'vitest';
import { TIMEZONES } from '../../../src/domain/constants.ts';
import { FALLBACK_TIMEZONE, browserTimezone, defaultTimezone, isListedTimezone } from '../../../src/domain/timezones.ts';

const JANUARY = new Date('2025-01-15T12:00:00Z');
const JULY = new Date('2025-07-15T12:00:00Z');

describe('defaultTimezone', () => {
  it.each(TIMEZONES.map((zone) => [zone] as const))('keeps a listed browser zone: %s', (zone) => {
    expect(defaultTimezone(zone, JANUARY)).toBe(zone);
  });

  it.each<[string | null | undefined, Date, string]>([
    ['Europe/Berlin', JANUARY, 'Europe/Paris'],
    ['Asia/Ho_Chi_Minh', JANUARY, 'Asia/Bangkok'],
    ['Europe/Kyiv', JANUARY, 'Europe/Athens'],
    ['Europe/Lisbon', JANUARY, 'Europe/London'],
    ['America/Phoenix', JANUARY, 'America/Denver'], // MST = Denver in winter…
    ['America/Phoenix', JULY, 'America/Los_Angeles'], // …and = Los Angeles (PDT) in summer
    ['Asia/Kolkata', JANUARY, FALLBACK_TIMEZONE], // +05:30 matches no listed zone
    ['UTC', JANUARY, 'Europe/London'],
    ['Not/AZone', JANUARY, FALLBACK_TIMEZONE],
    [null, JANUARY, FALLBACK_TIMEZONE],
    ['', JANUARY, FALLBACK_TIMEZONE],
  ])('%s on %s → %s', (zone, at, expected) => {
    expect(defaultTimezone(zone, at)).toBe(expected);
  });

  it('falls back to Europe/London', () => {
    expect(FALLBACK_TIMEZONE).toBe('Europe/London');
  });

  it('reads the runtime zone by default', () => {
    expect(defaultTimezone()).toBe(defaultTimezone(browserTimezone()));
  });

  it.each([['Asia/Tokyo', true], ['Asia/Kolkata', false], [42, false]])('isListedTimezone(%j) → %s', (zone, listed) => {
    expect(isListedTimezone(zone)).toBe(listed);
  });
});
