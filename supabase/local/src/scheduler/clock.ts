// The stand-in's scheduler clock: real time plus an offset that tests and demos move forward
// (`npm run local -- clock advance 31d`), so a month of scheduled payments passes in a second. Only the
// scheduled functions see it (they receive it as `now`); Postgres, Auth and Stripe keep real time.

export interface SchedulerClock {
  now(): Date;
  offsetMs(): number;
  advance(ms: number): void;
}

export function createSchedulerClock(realNow: () => number = Date.now): SchedulerClock {
  let offset = 0;
  return {
    now: () => new Date(realNow() + offset),
    offsetMs: () => offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward.');
      offset += ms;
    },
  };
}

const units: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** '31d', '12h', '90m', '30s' → milliseconds; null for anything else. */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,6})([smhd])$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * (units[match[2] as string] as number);
}
