// The server's time, as the device best knows it. A device clock an hour off (a laptop set by hand, a
// wrong time zone) must not make every token look expired or put a message written offline above the
// ones before it (docs/decisions/device-clock-skew.md). Learnt from the backend's answers (token answers,
// readable `Date` headers) by server-time-fetch.ts; read by the sync engine for optimistic rows.

/** Differences below this are latency and whole-second `Date` headers, not a wrong clock. */
const NOISE_MS = 5_000;

let offsetMs = 0;

/** The server said it was `serverTimeMs` just now (epoch ms). */
export function learnServerTime(serverTimeMs: number): void {
  if (!Number.isFinite(serverTimeMs)) return;
  const offset = serverTimeMs - Date.now();
  offsetMs = Math.abs(offset) < NOISE_MS ? 0 : offset;
}

/** The server's "now" (epoch ms): the device clock corrected by the last offset learnt. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Back to trusting the device clock (tests). */
export function forgetServerTime(): void {
  offsetMs = 0;
}
