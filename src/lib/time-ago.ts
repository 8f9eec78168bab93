// "5 minutes ago" for the sync status and offline copies, with the platform's Intl.RelativeTimeFormat
// instead of date-fns' formatDistanceToNowStrict (about 2.8 KiB gzip for two labels). Same rule as the
// strict form (tests/unit/lib/time-ago.test.ts compares them): the unit is picked by the exact elapsed time
// (under a minute: seconds; an hour: minutes; a day: hours; 30 days: days; 365 days: months of 30 days;
// else years), then the count is rounded; 12 months read as a year.
const format = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

const MINUTES_IN_DAY = 24 * 60;
const MINUTES_IN_MONTH = 30 * MINUTES_IN_DAY;
const MINUTES_IN_YEAR = 365 * MINUTES_IN_DAY;

export function timeAgo(then: Date | number, now: number = Date.now()): string {
  const minutes = Math.max(0, now - new Date(then).getTime()) / 60_000;
  const [count, unit]: [number, Intl.RelativeTimeFormatUnit] =
    minutes < 1 ? [minutes * 60, 'second']
    : minutes < 60 ? [minutes, 'minute']
    : minutes < MINUTES_IN_DAY ? [minutes / 60, 'hour']
    : minutes < MINUTES_IN_MONTH ? [minutes / MINUTES_IN_DAY, 'day']
    : minutes < MINUTES_IN_YEAR ? [minutes / MINUTES_IN_MONTH, 'month']
    : [minutes / MINUTES_IN_YEAR, 'year'];
  // Twelve months round up to a year, as the strict form says it.
  if (unit === 'month' && Math.round(count) === 12) return format.format(-1, 'year');
  return format.format(-Math.round(count), unit);
}
