// How long ago the user did something, measured so that a device clock changed in between (set by hand,
// corrected by the network when the signal returns, a time-zone mistake) does not stretch or shrink it:
// within one JavaScript context (a page, the service worker) by the monotonic clock; across contexts (the
// page reloaded, the service worker sending) by the wall clock, which is all that is left
// (docs/decisions/device-clock-skew.md).
import * as v from 'valibot';
import { serverNow } from '../remote/server-clock.ts';

/** This context's id: `performance.now()` counts from each context's own origin. */
const contextId = globalThis.crypto.randomUUID();

export const momentSchema = v.object({
  /** wall time (ISO), the engine's clock: the device's corrected by the server's time */
  at: v.pipe(v.string(), v.maxLength(64), v.check((value) => !Number.isNaN(Date.parse(value)), 'must be a timestamp')),
  context: v.pipe(v.string(), v.maxLength(64)),
  monotonicMs: v.pipe(v.number(), v.finite()),
});
export type Moment = v.InferOutput<typeof momentSchema>;

/** Now, as a moment a later `msSince` can measure from. */
export function momentNow(wallMs = serverNow(), monotonicMs = performance.now()): Moment {
  return { at: new Date(wallMs).toISOString(), context: contextId, monotonicMs };
}

/**
 * Milliseconds since `moment` (a moment, or only its wall time as ISO); `nowWallMs` is the engine clock's
 * now, used only across contexts. Never negative: a clock set back reads as "just now".
 */
export function msSince(moment: Moment | string, nowWallMs: number): number {
  const elapsed = typeof moment !== 'string' && moment.context === contextId ? performance.now() - moment.monotonicMs : nowWallMs - Date.parse(typeof moment === 'string' ? moment : moment.at);
  return Math.max(0, Math.round(elapsed));
}
