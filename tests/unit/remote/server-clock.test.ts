import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetServerTime, learnServerTime, serverNow } from '../../../src/remote/server-clock.ts';
import { refreshDelayMs, withServerTime } from '../../../src/remote/server-time-fetch.ts';

const HOUR = 3_600_000;
const deviceNow = Date.UTC(2026, 10, 28, 12, 0, 0);

afterEach(() => {
  vi.useRealTimers();
  forgetServerTime();
});

describe('server clock', () => {
  it('is the device clock until the server says otherwise', () => {
    vi.useFakeTimers({ now: deviceNow });
    expect(serverNow()).toBe(deviceNow);
  });

  it('follows the server when the device is an hour ahead or behind', () => {
    vi.useFakeTimers({ now: deviceNow });
    learnServerTime(deviceNow - HOUR);
    expect(serverNow()).toBe(deviceNow - HOUR);
    learnServerTime(deviceNow + HOUR);
    expect(serverNow()).toBe(deviceNow + HOUR);
  });

  it('ignores differences of a few seconds (latency, whole-second headers)', () => {
    vi.useFakeTimers({ now: deviceNow });
    learnServerTime(deviceNow - 1_500);
    expect(serverNow()).toBe(deviceNow);
  });
});

function tokenAnswer(serverSeconds: number, expiresIn = 3600): Response {
  const body = { access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: expiresIn, expires_at: serverSeconds + expiresIn, user: { id: 'u' } };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('the app fetch', () => {
  it('rewrites a token answer into device time and learns the server time from it', async () => {
    vi.useFakeTimers({ now: deviceNow });
    const serverSeconds = (deviceNow - HOUR) / 1000;
    const base = vi.fn(async () => tokenAnswer(serverSeconds));
    const response = await withServerTime(base)('https://x.supabase.co/auth/v1/token?grant_type=password', { method: 'POST' });
    const body = (await response.json()) as { expires_at: number; expires_in: number };
    expect(body.expires_at).toBe(deviceNow / 1000 + 3600);
    expect(serverNow()).toBe(deviceNow - HOUR);
  });

  it('leaves other answers untouched and passes the request on as it came', async () => {
    const base = vi.fn(async () => new Response('[{"expires_at":1}]', { status: 200, headers: { 'content-type': 'application/json' } }));
    const init = { method: 'GET', cache: 'no-store' as const };
    const response = await withServerTime(base)('https://x.supabase.co/rest/v1/things', init);
    expect(await response.text()).toBe('[{"expires_at":1}]');
    expect(base).toHaveBeenCalledWith('https://x.supabase.co/rest/v1/things', init);
  });

  it('learns from a readable Date header', async () => {
    vi.useFakeTimers({ now: deviceNow });
    const base = vi.fn(async () => new Response('[]', { status: 200, headers: { date: new Date(deviceNow + HOUR).toUTCString() } }));
    await withServerTime(base)('https://x.supabase.co/rest/v1/things');
    expect(Math.abs(serverNow() - (deviceNow + HOUR))).toBeLessThan(1_000);
  });
});

describe('refresh backoff', () => {
  it('lets a refresh through at once after a normal gap', () => {
    expect(refreshDelayMs(0)).toBe(0);
  });

  it('backs off exponentially for refreshes that follow each other closely, up to a bound', () => {
    expect([1, 2, 3, 4].map(refreshDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(refreshDelayMs(20)).toBe(30_000);
  });
});
