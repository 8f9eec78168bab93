// The stand-in's GoTrue rate-limit logic without a server: token buckets, the hourly e-mail counter,
// reading `[auth.rate_limit]`, the per-request buckets and the password policy.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthConfig } from '../../../supabase/local/src/auth/auth-config.ts';
import { AuthError } from '../../../supabase/local/src/auth/auth-error.ts';
import { assertStrongPassword } from '../../../supabase/local/src/auth/passwords.ts';
import { IntervalCounter, TokenBuckets, type BucketRule } from '../../../supabase/local/src/auth/rate-limit-buckets.ts';
import {
  authRateLimiter,
  authRateLimitSettingFromEnv,
  bucketRule,
  clientAddress,
  cliDefaultRateLimits,
  rateLimitConfigFrom,
} from '../../../supabase/local/src/auth/rate-limits.ts';

const hour = 60 * 60 * 1000;

function clock(start = 1_000_000) {
  const state = { ms: start };
  return { now: () => state.ms, advance: (ms: number) => (state.ms += ms) };
}

/** 30 a 5 minutes per key, as GoTrue's sign_in_sign_ups limiter with the CLI default. */
const rule = (key = 'sign_in_sign_ups|127.0.0.1'): BucketRule => ({ key, ratePerSecond: 30 / 300, burst: 30, ttlMs: hour });

function takeMany(buckets: TokenBuckets, rules: BucketRule[], times: number): boolean[] {
  return Array.from({ length: times }, () => buckets.takeAll(rules));
}

function requestFrom(address: string | undefined): Context {
  return { env: address === undefined ? undefined : { incoming: { socket: { remoteAddress: address } } } } as unknown as Context;
}

function thrown(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('token buckets (GoTrue / tollbooth)', () => {
  it('lets a burst of 30 through and refuses the 31st', () => {
    const buckets = new TokenBuckets(clock().now);
    const results = takeMany(buckets, [rule()], 31);
    expect(results.slice(0, 30).every(Boolean)).toBe(true);
    expect(results[30]).toBe(false);
  });

  it('refills one token per rate interval, and a refused request takes nothing', () => {
    const time = clock();
    const buckets = new TokenBuckets(time.now);
    takeMany(buckets, [rule()], 30);
    // Refusals do not push the next token further away.
    expect(takeMany(buckets, [rule()], 20).some(Boolean)).toBe(false);
    time.advance(9_999);
    expect(buckets.takeAll([rule()])).toBe(false);
    time.advance(1);
    expect(buckets.takeAll([rule()])).toBe(true);
    expect(buckets.takeAll([rule()])).toBe(false);
  });

  it('never holds more than the burst however long it waits', () => {
    const time = clock();
    const buckets = new TokenBuckets(time.now);
    buckets.takeAll([rule()]);
    time.advance(30 * 60 * 1000);
    expect(buckets.available(rule())).toBe(30);
  });

  it('starts a full bucket once the TTL from its creation has passed', () => {
    const time = clock();
    const slow: BucketRule = { key: 'k', ratePerSecond: 1 / 3600, burst: 30, ttlMs: hour };
    const buckets = new TokenBuckets(time.now);
    takeMany(buckets, [slow], 30);
    time.advance(hour - 1);
    expect(buckets.available(slow)).toBeLessThan(2);
    time.advance(1);
    expect(buckets.available(slow)).toBe(30);
  });

  it('keeps one bucket per key', () => {
    const buckets = new TokenBuckets(clock().now);
    takeMany(buckets, [rule('a')], 30);
    expect(buckets.takeAll([rule('a')])).toBe(false);
    expect(buckets.takeAll([rule('b')])).toBe(true);
  });

  it('takes from several buckets all or nothing', () => {
    const buckets = new TokenBuckets(clock().now);
    takeMany(buckets, [rule('small')], 29);
    expect(buckets.takeAll([rule('small'), rule('big')])).toBe(true);
    expect(buckets.takeAll([rule('small'), rule('big')])).toBe(false);
    expect(buckets.available(rule('big'))).toBe(29);
  });

  it('adds nothing when the clock goes backwards', () => {
    const time = clock();
    const buckets = new TokenBuckets(time.now);
    takeMany(buckets, [rule()], 30);
    time.advance(-60_000);
    expect(buckets.takeAll([rule()])).toBe(false);
  });
});

describe('hourly e-mail counter (GoTrue IntervalLimiter)', () => {
  it('allows the limit per fixed interval and starts again at the boundary', () => {
    const time = clock();
    const counter = new IntervalCounter(time.now);
    expect([counter.allow(2, hour), counter.allow(2, hour), counter.allow(2, hour)]).toEqual([true, true, false]);
    time.advance(hour - 1);
    expect(counter.allow(2, hour)).toBe(false);
    time.advance(1);
    expect([counter.allow(2, hour), counter.allow(2, hour), counter.allow(2, hour)]).toEqual([true, true, false]);
  });
});

describe('[auth.rate_limit] of config.toml', () => {
  it('reads the five limits the stand-in enforces', () => {
    const toml = { auth: { rate_limit: { email_sent: 5, anonymous_users: 7, sign_in_sign_ups: 60, token_refresh: 300, token_verifications: 10, web3: 1 } } };
    expect(rateLimitConfigFrom(toml)).toEqual({ email_sent: 5, anonymous_users: 7, sign_in_sign_ups: 60, token_refresh: 300, token_verifications: 10 });
  });

  it('uses the CLI defaults for a missing section, missing keys and values that are not numbers', () => {
    expect(rateLimitConfigFrom({})).toEqual({ email_sent: 2, anonymous_users: 30, sign_in_sign_ups: 30, token_refresh: 150, token_verifications: 30 });
    expect(rateLimitConfigFrom({ auth: { rate_limit: { token_refresh: 'lots', sign_in_sign_ups: -1 } } })).toEqual(cliDefaultRateLimits);
  });

  it('resolves env(NAME) values like the CLI', () => {
    const toml = { auth: { rate_limit: { sign_in_sign_ups: 'env(SIGNIN_LIMIT)', token_refresh: 'env(UNSET_LIMIT)' } } };
    expect(rateLimitConfigFrom(toml, { SIGNIN_LIMIT: '12' })).toMatchObject({ sign_in_sign_ups: 12, token_refresh: 150 });
  });

  it('builds the buckets as GoTrue does: burst 30, rate per 5 minutes (MFA: 15 per minute)', () => {
    const config = { ...cliDefaultRateLimits, token_refresh: 150 };
    expect(bucketRule('sign_in_sign_ups', config, '10.0.0.1')).toEqual({ key: 'sign_in_sign_ups|10.0.0.1', ratePerSecond: 0.1, burst: 30, ttlMs: hour });
    expect(bucketRule('token_refresh', config, '10.0.0.1')).toMatchObject({ ratePerSecond: 0.5, burst: 30 });
    expect(bucketRule('user_update', config, '10.0.0.1')).toMatchObject({ ratePerSecond: 0.1, burst: 30 });
    expect(bucketRule('mfa_verify', config, '10.0.0.1')).toEqual({ key: 'mfa_verify|10.0.0.1', ratePerSecond: 0.25, burst: 30, ttlMs: 60_000 });
  });

  it('builds the anonymous sign-in bucket as GoTrue does: anonymous_users an hour, with that many at once', () => {
    const config = { ...cliDefaultRateLimits, anonymous_users: 36 };
    expect(bucketRule('anonymous_users', config, '10.0.0.1')).toEqual({ key: 'anonymous_users|10.0.0.1', ratePerSecond: 0.01, burst: 36, ttlMs: hour });
    expect(bucketRule('otp', config, '10.0.0.1')).toMatchObject({ ratePerSecond: 0.1, burst: 30 });
  });

  it('takes the mode from SUPABASE_LOCAL_AUTH_RATE_LIMITS', () => {
    expect(authRateLimitSettingFromEnv(undefined)).toBe('config');
    expect(authRateLimitSettingFromEnv('config')).toBe('config');
    expect(authRateLimitSettingFromEnv('off')).toBe('off');
    expect(() => authRateLimitSettingFromEnv('0')).toThrow(/SUPABASE_LOCAL_AUTH_RATE_LIMITS must be "config" or "off"/);
  });
});

describe('the limiter behind /auth/v1', () => {
  let projectDir: string;
  beforeAll(async () => {
    projectDir = await mkdtemp(join(tmpdir(), 'auth-rate-limits-'));
    await writeFile(join(projectDir, 'config.toml'), '[auth.rate_limit]\nemail_sent = 2\nsign_in_sign_ups = 30\ntoken_refresh = 150\n');
  });
  afterAll(async () => {
    await rm(projectDir, { recursive: true, force: true });
  });

  it('keys on the socket address, IPv4-mapped IPv6 written as IPv4', () => {
    expect(clientAddress(requestFrom('::ffff:127.0.0.1'))).toBe('127.0.0.1');
    expect(clientAddress(requestFrom('::1'))).toBe('::1');
    expect(clientAddress(requestFrom(undefined))).toBe('unknown');
  });

  it("answers GoTrue's 429 over_request_rate_limit past the burst, per address", () => {
    const limiter = authRateLimiter(projectDir, { now: clock().now });
    for (let i = 0; i < 30; i += 1) limiter.limit(requestFrom('127.0.0.1'), 'signup');
    const error = thrown(() => limiter.limit(requestFrom('127.0.0.1'), 'signup'));
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // Another address, and another limiter (refresh), still have their own buckets.
    expect(thrown(() => limiter.limit(requestFrom('127.0.0.2'), 'signup'))).toBeUndefined();
    expect(thrown(() => limiter.limit(requestFrom('127.0.0.1'), 'token_grant'))).toBeUndefined();
    // A password sign-in needs the sign-in bucket too.
    expect(thrown(() => limiter.limit(requestFrom('127.0.0.1'), 'password_grant'))).toMatchObject({ status: 429 });
  });

  it('counts e-mails project-wide per hour with over_email_send_rate_limit', () => {
    const time = clock();
    const limiter = authRateLimiter(projectDir, { now: time.now });
    limiter.emailSent();
    limiter.emailSent();
    expect(thrown(() => limiter.emailSent())).toMatchObject({ status: 429, code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' });
    time.advance(hour);
    expect(thrown(() => limiter.emailSent())).toBeUndefined();
  });

  it('does nothing when turned off', () => {
    const limiter = authRateLimiter(projectDir, 'off');
    for (let i = 0; i < 100; i += 1) {
      limiter.limit(requestFrom('127.0.0.1'), 'password_grant');
      limiter.emailSent();
    }
  });
});

describe('password policy', () => {
  const config = { minimumPasswordLength: 6 } as AuthConfig;

  it.each<[string, string, string[], string]>([
    ['six spaces', '      ', ['characters'], 'Password should contain at least one character that is not a space.'],
    ['tabs and newlines', '\t\t\n\n\t\t', ['characters'], 'Password should contain at least one character that is not a space.'],
    ['three spaces', '   ', ['length', 'characters'], 'Password should be at least 6 characters. Password should contain at least one character that is not a space.'],
    ['five letters', '12345', ['length'], 'Password should be at least 6 characters.'],
  ])('refuses %s as weak_password', (_, password, reasons, message) => {
    const error = thrown(() => assertStrongPassword(config, password));
    expect(error).toMatchObject({ status: 422, code: 'weak_password', message, extra: { weak_password: { reasons } } });
  });

  it('takes spaces around other characters as typed', () => {
    expect(thrown(() => assertStrongPassword(config, '  secret  '))).toBeUndefined();
    expect(thrown(() => assertStrongPassword(config, 'a     '))).toBeUndefined();
  });
});
