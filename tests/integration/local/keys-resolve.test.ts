// Development keys per data dir and the Supabase CLI gateway rule that maps keys to roles.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../supabase/local/src/http/http-error.ts';
import { JwtError, loadOrCreateKeys, resolveRequestAuth, signAccessToken, verifyJwt, type LocalKeys } from '../../../supabase/local/src/keys.ts';

describe('local keys', () => {
  let dir: string;
  let keys: LocalKeys;
  const url = new URL('http://127.0.0.1:54321/rest/v1/x');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'keys-test-'));
    keys = await loadOrCreateKeys(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('generates random secrets once per data dir, stored privately', async () => {
    expect(await loadOrCreateKeys(dir)).toEqual(keys);
    const other = await mkdtemp(join(tmpdir(), 'keys-test-'));
    const otherKeys = await loadOrCreateKeys(other);
    expect(otherKeys.jwtSecret).not.toBe(keys.jwtSecret);
    await rm(other, { recursive: true, force: true });
    expect((await stat(join(dir, 'keys.json'))).mode & 0o077).toBe(0);
    expect(JSON.parse(await readFile(join(dir, 'keys.json'), 'utf8'))).toEqual(keys);
    expect(keys.jwtSecret).not.toBe('super-secret-jwt-token-with-at-least-32-characters-long');
    expect(keys.publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9]{22}_[A-Za-z0-9]{8}$/);
    expect(keys.secretKey).toMatch(/^sb_secret_[A-Za-z0-9]{22}_[A-Za-z0-9]{8}$/);
    expect(decodeJwt(keys.anonKey)).toMatchObject({ role: 'anon', iss: 'supabase-demo' });
    expect(decodeJwt(keys.serviceRoleKey)).toMatchObject({ role: 'service_role' });
  });

  it('signs and verifies access tokens, reporting expiry and bad signatures', async () => {
    const token = await signAccessToken(keys, { sub: 'u1', role: 'authenticated' }, 60);
    expect(await verifyJwt(keys, token)).toMatchObject({ sub: 'u1', role: 'authenticated' });
    await expect(verifyJwt(keys, await signAccessToken(keys, { role: 'anon' }, -10))).rejects.toMatchObject({ code: 'expired' });
    await expect(verifyJwt({ ...keys, jwtSecret: 'x'.repeat(40) }, token)).rejects.toBeInstanceOf(JwtError);
    await expect(verifyJwt(keys, 'garbage')).rejects.toMatchObject({ code: 'bad_jwt' });
  });

  const auth = (headers: Record<string, string>, at = url) => resolveRequestAuth(keys, new Headers(headers), at);

  it('remembers a verified token only until it expires, and hands out copies', async () => {
    const token = await signAccessToken(keys, { role: 'authenticated', sub: 'u1', app_metadata: { plan: 'free' } }, 60);
    const first = await verifyJwt(keys, token);
    (first.app_metadata as Record<string, unknown>).plan = 'changed by a caller';
    expect((await verifyJwt(keys, token)).app_metadata).toEqual({ plan: 'free' });
    const otherKeys = { ...keys, jwtSecret: `${keys.jwtSecret}x` };
    await expect(verifyJwt(otherKeys, token)).rejects.toMatchObject({ code: 'bad_jwt' });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      await expect(verifyJwt(keys, token)).rejects.toMatchObject({ code: 'expired' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('maps keys to roles like the CLI gateway', async () => {
    expect((await auth({ apikey: keys.anonKey })).role).toBe('anon');
    expect((await auth({ apikey: keys.serviceRoleKey })).role).toBe('service_role');
    expect((await auth({ apikey: keys.publishableKey })).role).toBe('anon');
    expect((await auth({ apikey: keys.secretKey })).role).toBe('service_role');
    expect((await auth({ apikey: keys.secretKey, authorization: `Bearer ${keys.secretKey}` })).role).toBe('service_role');
    expect((await auth({ apikey: keys.publishableKey, authorization: `Bearer ${keys.publishableKey}` })).role).toBe('anon');
    expect((await auth({}, new URL(`${url.href}?apikey=${keys.anonKey}`))).role).toBe('anon');
    const user = await signAccessToken(keys, { sub: 'u2', role: 'authenticated', email: 'u2@example.com' }, 60);
    const resolved = await auth({ apikey: keys.publishableKey, authorization: `Bearer ${user}` });
    expect(resolved).toMatchObject({ role: 'authenticated', claims: { sub: 'u2', email: 'u2@example.com' } });
    const noRole = await signAccessToken(keys, { sub: 'u3' }, 60);
    expect((await auth({ apikey: keys.anonKey, authorization: `Bearer ${noRole}` })).role).toBe('anon');
  });

  it('rejects missing or unknown keys and bad bearer tokens with 401', async () => {
    const rejection = async (headers: Record<string, string>): Promise<HttpError> => {
      try {
        await auth(headers);
      } catch (error) {
        if (error instanceof HttpError) return error;
        throw error;
      }
      throw new Error('expected a rejection');
    };
    expect((await rejection({})).body).toEqual({ message: 'No API key found in request', hint: 'No apikey request header or url param was found.' });
    expect((await rejection({ apikey: 'sb_publishable_nope' })).reason).toBe('invalid_api_key');
    expect((await rejection({ apikey: keys.anonKey, authorization: 'Bearer x.y.z' })).reason).toBe('bad_jwt');
    const expired = await rejection({ apikey: keys.anonKey, authorization: `Bearer ${await signAccessToken(keys, { role: 'anon' }, -1)}` });
    expect(expired).toMatchObject({ status: 401, reason: 'expired', body: { code: 'PGRST303', message: 'JWT expired' } });
    expect((await rejection({ apikey: keys.anonKey, authorization: `Bearer ${await signAccessToken(keys, { role: 'postgres' }, 60)}` })).reason).toBe('bad_jwt');
  });
});
