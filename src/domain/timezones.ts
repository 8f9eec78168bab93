// Work timezone default for onboarding (docs/product.md §5: "defaulting to the browser zone if it is in the
// list"). When it is not, the spec is silent; we pick the listed zone with the same UTC offset
// right now (Europe/Berlin → Europe/Paris, Asia/Ho_Chi_Minh → Asia/Bangkok), and Europe/London
// (UTC±0, the middle of the list) when none matches or the zone is unknown.
import { TIMEZONES, type Timezone } from './constants.ts';

export const FALLBACK_TIMEZONE: Timezone = 'Europe/London';

export function isListedTimezone(zone: unknown): zone is Timezone {
  return typeof zone === 'string' && (TIMEZONES as readonly string[]).includes(zone);
}

/** 'GMT+07:00' style offset of a zone at an instant, or null for an unknown zone. */
function utcOffset(zone: string, at: Date): string | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? null;
  } catch {
    return null;
  }
}

export function browserTimezone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function defaultTimezone(zone: string | null | undefined = browserTimezone(), at: Date = new Date()): Timezone {
  if (isListedTimezone(zone)) return zone;
  const offset = zone ? utcOffset(zone, at) : null;
  return (offset && TIMEZONES.find((listed) => utcOffset(listed, at) === offset)) || FALLBACK_TIMEZONE;
}
