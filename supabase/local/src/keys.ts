// Development secrets of one data directory and the Supabase CLI gateway's key → role rule.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { BoundedMap } from './bounded-map.ts';
import type { DbRole, RequestAuth } from './db/database.ts';
import { HttpError } from './http/http-error.ts';

export interface LocalKeys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
}

export class JwtError extends Error {
  readonly code: 'bad_jwt' | 'expired';
  constructor(code: 'bad_jwt' | 'expired', message: string) {
    super(message);
    this.name = 'JwtError';
    this.code = code;
  }
}

const keysFileName = 'keys.json';
const tenYears = 10 * 365 * 24 * 3600;
const dbRoles: readonly DbRole[] = ['anon', 'authenticated', 'service_role'];

function secretBytes(keys: LocalKeys): Uint8Array {
  return new TextEncoder().encode(keys.jwtSecret);
}

export async function signAccessToken(keys: LocalKeys, claims: Record<string, unknown>, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iat: now, ...claims, exp: now + expiresInSeconds })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secretBytes(keys));
}

/** Tokens kept verified per key set; past this many the oldest is forgotten (a client reuses one token for an hour). */
const maxVerifiedTokens = 1000;
const verifiedTokens = new WeakMap<LocalKeys, BoundedMap<string, Readonly<Record<string, unknown>>>>();

/** A cached payload stays valid only while its own time claims do; the signature cannot change. */
function stillValid(payload: Readonly<Record<string, unknown>>): boolean {
  const now = Math.floor(Date.now() / 1000);
  return !(typeof payload.exp === 'number' && payload.exp <= now) && !(typeof payload.nbf === 'number' && payload.nbf > now);
}

/** The payload of a valid HS256 token; a token seen before skips the HMAC (a copy, so callers may change it). */
export async function verifyJwt(keys: LocalKeys, token: string): Promise<Record<string, unknown>> {
  let cache = verifiedTokens.get(keys);
  if (!cache) {
    cache = new BoundedMap(maxVerifiedTokens);
    verifiedTokens.set(keys, cache);
  }
  const cached = cache.get(token);
  if (cached && stillValid(cached)) return structuredClone(cached);
  cache.delete(token);
  try {
    const { payload } = await jwtVerify(token, secretBytes(keys), { algorithms: ['HS256'] });
    cache.set(token, structuredClone(payload));
    return payload as Record<string, unknown>;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    const detail = error instanceof Error ? error.message : String(error);
    throw new JwtError('bad_jwt', detail);
  }
}

function opaqueKey(prefix: string): string {
  // Same shape as the CLI's keys: 22 url-safe chars, underscore, 8 url-safe chars.
  const body = randomBytes(24).toString('base64url').replace(/[-_]/g, 'x');
  return `${prefix}${body.slice(0, 22)}_${body.slice(22, 30)}`;
}

async function createKeys(): Promise<LocalKeys> {
  const partial = { jwtSecret: randomBytes(32).toString('base64url'), anonKey: '', serviceRoleKey: '', publishableKey: '', secretKey: '' };
  return {
    ...partial,
    anonKey: await signAccessToken(partial, { iss: 'supabase-demo', role: 'anon' }, tenYears),
    serviceRoleKey: await signAccessToken(partial, { iss: 'supabase-demo', role: 'service_role' }, tenYears),
    publishableKey: opaqueKey('sb_publishable_'),
    secretKey: opaqueKey('sb_secret_'),
  };
}

function isLocalKeys(value: unknown): value is LocalKeys {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['jwtSecret', 'anonKey', 'serviceRoleKey', 'publishableKey', 'secretKey'].every((k) => typeof record[k] === 'string' && record[k] !== '');
}

/** Reads dataDir/keys.json, creating random secrets on first use (the data dir is git-ignored). */
export async function loadOrCreateKeys(dataDir: string): Promise<LocalKeys> {
  const file = join(dataDir, keysFileName);
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (isLocalKeys(parsed)) return parsed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = await createKeys();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

export function noApiKeyError(): HttpError {
  return new HttpError(401, 'no_api_key', { message: 'No API key found in request', hint: 'No apikey request header or url param was found.' });
}

function invalidApiKeyError(): HttpError {
  return new HttpError(401, 'invalid_api_key', { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
}

/** Body and headers PostgREST uses for a rejected bearer token; other areas re-shape via `reason`. */
export function jwtHttpError(error: JwtError): HttpError {
  if (error.code === 'expired') {
    return new HttpError(401, 'expired', { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' }, {
      'WWW-Authenticate': 'Bearer error="invalid_token", error_description="JWT expired"',
    });
  }
  return new HttpError(401, 'bad_jwt', { code: 'PGRST301', details: null, hint: null, message: error.message }, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${error.message.replace(/"/g, "'")}"`,
  });
}

/**
 * The CLI gateway rule (supabase/cli start.go): keep `Authorization` unless missing or `Bearer sb_…`;
 * otherwise the secret key means the service_role JWT, the publishable key the anon JWT, and any
 * other apikey is itself the bearer. The apikey must be one of this data dir's keys.
 */
export async function resolveRequestAuth(keys: LocalKeys, headers: Headers, url: URL): Promise<RequestAuth> {
  const apiKey = headers.get('apikey') ?? url.searchParams.get('apikey');
  const authorization = headers.get('authorization');
  if (!apiKey) throw noApiKeyError();
  if (![keys.anonKey, keys.serviceRoleKey, keys.publishableKey, keys.secretKey].includes(apiKey)) throw invalidApiKeyError();

  let bearer: string;
  if (authorization && !/^bearer sb_/i.test(authorization)) {
    const match = /^bearer\s+(.+)$/i.exec(authorization.trim());
    if (!match?.[1]) throw jwtHttpError(new JwtError('bad_jwt', 'Authorization header is not a Bearer token'));
    bearer = match[1].trim();
  } else if (apiKey === keys.secretKey) {
    bearer = keys.serviceRoleKey;
  } else if (apiKey === keys.publishableKey) {
    bearer = keys.anonKey;
  } else {
    bearer = apiKey;
  }

  let claims: Record<string, unknown>;
  try {
    claims = await verifyJwt(keys, bearer);
  } catch (error) {
    if (error instanceof JwtError) throw jwtHttpError(error);
    throw error;
  }
  const role = claims.role === undefined ? 'anon' : claims.role;
  if (typeof role !== 'string' || !(dbRoles as readonly string[]).includes(role)) {
    throw jwtHttpError(new JwtError('bad_jwt', `role "${String(role)}" does not exist`));
  }
  return { role: role as DbRole, claims: { ...claims, role } };
}
