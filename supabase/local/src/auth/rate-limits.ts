// GoTrue's request rate limits on /auth/v1, with the served project's `[auth.rate_limit]` (config.toml).
// Facts and decisions: docs/decisions/auth-rate-limits.md. In short:
// - per client IP, token buckets of GoTrue's fixed burst (30) refilled at the configured rate per 5 minutes:
//   sign_in_sign_ups → POST /signup (e-mail or phone) and POST /token?grant_type=password;
//   token_refresh    → every POST /token grant (password, refresh_token, pkce), as GoTrue's Token limiter;
//   PUT /user        → its own bucket at the sign_in_sign_ups rate (GoTrue's User limiter);
//   POST /resend     → its own bucket at the sign_in_sign_ups rate (GoTrue's Resend limiter, RATE_LIMIT_OTP);
//   POST /otp, POST /magiclink → one bucket each at the sign_in_sign_ups rate (GoTrue's Otp and MagicLink limiters);
//   token_verifications → POST/GET /verify (mailed links and codes);
//   MFA challenge and verify → GoTrue's own MFA limiter, 15 per minute (not in config.toml);
//   anonymous_users  → POST /signup without e-mail or phone (anonymous sign-ins): per hour, burst = the number;
// - email_sent: e-mails per hour, project-wide (not per IP), fixed hourly interval.
// Refusals are 429 `over_request_rate_limit` "Request rate limit reached" (`over_email_send_rate_limit`
// "email rate limit exceeded" for e-mails). The client is the socket's remote address: X-Forwarded-For
// is not trusted (the stand-in has no proxy in front of it; a header anyone can send must not pick the bucket).
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { Context } from 'hono';
import { parse } from 'smol-toml';
import { AuthError } from './auth-error.ts';
import { IntervalCounter, TokenBuckets, type BucketRule } from './rate-limit-buckets.ts';

/**
 * How the stand-in applies the limits: `config` (default; `npm start`) reads `[auth.rate_limit]`, `off`
 * serves every request (test harnesses that sign in hundreds of times from 127.0.0.1). An object is
 * `config` with its own clock, so tests move time instead of sleeping.
 */
export type AuthRateLimitSetting = 'config' | 'off' | { now: () => number };

/** Environment override read by startLocalServer when no option is given: `config` or `off`. */
export const authRateLimitsEnv = 'SUPABASE_LOCAL_AUTH_RATE_LIMITS';

export function authRateLimitSettingFromEnv(value: string | undefined): AuthRateLimitSetting {
  if (value === undefined || value === '' || value === 'config') return 'config';
  if (value === 'off') return 'off';
  throw new Error(`${authRateLimitsEnv} must be "config" or "off", not "${value}"`);
}

/** `[auth.rate_limit]` values the stand-in enforces (sms_sent, web3: nothing to limit here). */
export interface RateLimitConfig {
  email_sent: number;
  anonymous_users: number;
  sign_in_sign_ups: number;
  token_refresh: number;
  token_verifications: number;
}

/** The Supabase CLI's defaults, used for keys (or a whole config.toml) that are missing. */
export const cliDefaultRateLimits: RateLimitConfig = { email_sent: 2, anonymous_users: 30, sign_in_sign_ups: 30, token_refresh: 150, token_verifications: 30 };

const rateLimitKeys = Object.keys(cliDefaultRateLimits) as (keyof RateLimitConfig)[];

/** GoTrue's bucket size for every per-IP limiter (tollbooth SetBurst(30)); not configurable. */
export const gotrueBurst = 30;
/** GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY default: 15 per minute. */
export const mfaRequestsPerMinute = 15;
const fiveMinutes = 5 * 60;
const hourMs = 60 * 60 * 1000;
const minuteMs = 60 * 1000;

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** A number, or `env(NAME)` holding one (the CLI's substitution); anything else keeps the default. */
function limitValue(value: unknown, env: Record<string, string | undefined>): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const name = /^env\((\w+)\)$/.exec(value.trim())?.[1];
    const resolved = name ? Number(env[name]) : Number.NaN;
    if (Number.isFinite(resolved) && resolved >= 0) return resolved;
  }
  return undefined;
}

/** `[auth.rate_limit]` of a parsed config.toml, CLI defaults for what is missing or not a number. */
export function rateLimitConfigFrom(toml: Record<string, unknown>, env: Record<string, string | undefined> = process.env): RateLimitConfig {
  const table = asRecord(asRecord(toml.auth)?.rate_limit) ?? {};
  const config = { ...cliDefaultRateLimits };
  for (const key of rateLimitKeys) config[key] = limitValue(table[key], env) ?? cliDefaultRateLimits[key];
  return config;
}

/** Reads `<projectDir>/config.toml` again only when it changed, so edits apply without a restart. */
function rateLimitConfigReader(projectDir: string): () => RateLimitConfig {
  const file = join(projectDir, 'config.toml');
  let cached: { mtimeMs: number; config: RateLimitConfig } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return cliDefaultRateLimits;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, config: rateLimitConfigFrom(parse(readFileSync(file, 'utf8'))) };
    return cached.config;
  };
}

/** The requests GoTrue rate-limits per client IP. */
export type LimitedRequest =
  | 'signup'
  | 'anonymous_signup'
  | 'password_grant'
  | 'token_grant'
  | 'user_update'
  | 'resend'
  | 'otp'
  | 'magiclink'
  | 'verify'
  | 'mfa_challenge'
  | 'mfa_verify';

type Bucket = 'sign_in_sign_ups' | 'anonymous_users' | 'token_refresh' | 'user_update' | 'resend' | 'otp' | 'magiclink' | 'token_verifications' | 'mfa_challenge' | 'mfa_verify';

const bucketsOf: Record<LimitedRequest, readonly Bucket[]> = {
  signup: ['sign_in_sign_ups'],
  anonymous_signup: ['anonymous_users'],
  // The config documents sign_in_sign_ups as covering sign-ins; GoTrue's code takes /token grants
  // from its Token limiter (token_refresh). A password grant takes from both, so neither is looser.
  password_grant: ['sign_in_sign_ups', 'token_refresh'],
  token_grant: ['token_refresh'],
  user_update: ['user_update'],
  resend: ['resend'],
  otp: ['otp'],
  magiclink: ['magiclink'],
  verify: ['token_verifications'],
  mfa_challenge: ['mfa_challenge'],
  mfa_verify: ['mfa_verify'],
};

/** Bucket parameters as GoTrue builds its limiters (internal/api/options.go). */
export function bucketRule(bucket: Bucket, config: RateLimitConfig, client: string): BucketRule {
  const key = `${bucket}|${client}`;
  switch (bucket) {
    case 'mfa_challenge':
    case 'mfa_verify':
      return { key, ratePerSecond: mfaRequestsPerMinute / 60, burst: gotrueBurst, ttlMs: minuteMs };
    case 'anonymous_users':
      // GoTrue's AnonymousSignIns limiter: the number per hour, with the number as its burst.
      return { key, ratePerSecond: config.anonymous_users / 3600, burst: config.anonymous_users, ttlMs: hourMs };
    case 'user_update':
    case 'resend':
    case 'otp':
    case 'magiclink':
      return { key, ratePerSecond: config.sign_in_sign_ups / fiveMinutes, burst: gotrueBurst, ttlMs: hourMs };
    default:
      return { key, ratePerSecond: config[bucket] / fiveMinutes, burst: gotrueBurst, ttlMs: hourMs };
  }
}

/** The client's IP: the socket's remote address (IPv4-mapped IPv6 written as IPv4). */
export function clientAddress(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const address = incoming?.socket?.remoteAddress;
  if (!address) return 'unknown';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

export const overRequestRateLimit = (): AuthError => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
export const overEmailSendRateLimit = (): AuthError => new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');

export interface AuthRateLimiter {
  /** Throws GoTrue's 429 when the caller's address has used up a bucket of this request. */
  limit(c: Context, request: LimitedRequest): void;
  /**
   * Counts one auth e-mail about to be sent (project-wide, per hour) and throws 429 past email_sent.
   * For every route that sends mail: /recover, /otp, /magiclink, /reauthenticate, /invite, and /signup and
   * /resend with confirmations on.
   */
  emailSent(): void;
}

const unlimited: AuthRateLimiter = { limit: () => {}, emailSent: () => {} };

export function authRateLimiter(projectDir: string, setting: AuthRateLimitSetting = 'config'): AuthRateLimiter {
  if (setting === 'off') return unlimited;
  const now = typeof setting === 'object' ? setting.now : Date.now;
  const readConfig = rateLimitConfigReader(projectDir);
  const buckets = new TokenBuckets(now);
  const emails = new IntervalCounter(now);
  return {
    limit(c, request) {
      const config = readConfig();
      const client = clientAddress(c);
      if (!buckets.takeAll(bucketsOf[request].map((bucket) => bucketRule(bucket, config, client)))) throw overRequestRateLimit();
    },
    emailSent() {
      if (!emails.allow(readConfig().email_sent, hourMs)) throw overEmailSendRateLimit();
    },
  };
}
