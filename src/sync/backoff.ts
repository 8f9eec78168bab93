export interface BackoffOptions {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, capMs: 60_000 };

/**
 * Exponential backoff with full jitter: a uniform delay in [0, min(cap, base·2^(attempt-1))).
 * Full jitter spreads the retries of many clients after an outage (AWS architecture blog).
 * `attempt` counts failures so far (1 after the first).
 */
export function backoffDelay(attempt: number, random: () => number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const exponent = Math.min(Math.max(attempt, 1) - 1, 30);
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** exponent);
  return Math.floor(random() * ceiling);
}

/** The wait before the next attempt: the server's Retry-After when it asked for longer than the jitter. */
export function retryDelay(attempt: number, random: () => number, retryAfterMs: number | null, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const jittered = backoffDelay(attempt, random, options);
  return retryAfterMs === null ? jittered : Math.max(jittered, Math.min(retryAfterMs, options.capMs));
}
