import { formatDistanceToNowStrict } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timeAgo } from '../../../src/lib/time-ago.ts';

const now = Date.parse('2031-06-15T12:00:00Z');
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

describe('timeAgo reads as date-fns formatDistanceToNowStrict with a suffix', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    0, 1 * second, 29.4 * second, 59.4 * second, 59.6 * second, minute, 90 * second, 59 * minute, 59.6 * minute, hour,
    90 * minute, 23 * hour, 23.7 * hour, day, 36 * hour, 29 * day, 29.8 * day, 30 * day, 45 * day, 364 * day, 365 * day, 800 * day,
  ])('%s ms ago', (elapsed) => {
    expect(timeAgo(now - elapsed, now)).toBe(formatDistanceToNowStrict(now - elapsed, { addSuffix: true }));
  });

  it('says "0 seconds ago" for a time in the future (a clock a little ahead)', () => {
    expect(timeAgo(now + 5 * second, now)).toBe('0 seconds ago');
  });
});
