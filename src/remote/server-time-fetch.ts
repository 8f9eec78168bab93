// The fetch every supabase-js request goes through, around no-store-fetch.ts. auth-js judges a token's
// expiry from `expires_at` (the server's clock) against the device's `Date.now()`: with the device an
// hour ahead every token looks expired and it refreshes in a loop (then 429, then sign-out). So token
// answers are rewritten into device time (device now + `expires_in`) and auth-js's own rules hold with a
// skewed clock; the server's time is learnt on the way (server-clock.ts), and refreshes that follow each
// other closely back off. docs/decisions/device-clock-skew.md
import { learnServerTime } from './server-clock.ts';

/** A refresh sooner than this after the previous one is part of a loop, not the token's hour running out. */
const QUICK_REFRESH_MS = 30_000;
const MAX_REFRESH_DELAY_MS = 30_000;

/** The wait before the `quickInARow`-th refresh in a row that follows the previous one closely. */
export function refreshDelayMs(quickInARow: number): number {
  return quickInARow <= 0 ? 0 : Math.min(1_000 * 2 ** (quickInARow - 1), MAX_REFRESH_DELAY_MS);
}

const requestUrl = (input: RequestInfo | URL): string => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
const isRefresh = (url: string) => url.includes('/auth/v1/token') && url.includes('grant_type=refresh_token');

interface SessionAnswer {
  expires_in: number;
  expires_at: number;
}

const isSessionAnswer = (body: unknown): body is SessionAnswer =>
  typeof body === 'object' && body !== null && typeof (body as SessionAnswer).expires_in === 'number' && typeof (body as SessionAnswer).expires_at === 'number';

/** A GoTrue answer carrying a session (sign-in, refresh, MFA verify): learn the server time, move expires_at into device time. */
async function inDeviceTime(response: Response): Promise<Response> {
  const body: unknown = await response.clone().json().catch(() => null);
  if (!isSessionAnswer(body)) return response;
  learnServerTime((body.expires_at - body.expires_in) * 1000);
  const rewritten = { ...body, expires_at: Math.round(Date.now() / 1000) + body.expires_in };
  return new Response(JSON.stringify(rewritten), { status: response.status, statusText: response.statusText, headers: response.headers });
}

export function withServerTime(base: typeof fetch): typeof fetch {
  let lastRefreshAt = -Infinity;
  let quickInARow = 0;
  return async (input, init) => {
    const url = requestUrl(input);
    if (isRefresh(url)) {
      const now = performance.now();
      quickInARow = now - lastRefreshAt < QUICK_REFRESH_MS ? quickInARow + 1 : 0;
      const delay = refreshDelayMs(quickInARow);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      lastRefreshAt = performance.now();
    }
    const response = await base(input, init);
    // `Date` is readable only where the backend exposes it (CORS); the token answers always say the time.
    const date = response.headers.get('date');
    if (date) learnServerTime(Date.parse(date) + 500);
    const isAuthSession = url.includes('/auth/v1/') && response.ok && (response.headers.get('content-type') ?? '').includes('json');
    return isAuthSession ? inDeviceTime(response) : response;
  };
}
