// Security items 12 and 13 against the stand-in: GoTrue's [auth.rate_limit] of the served project's
// config.toml (per client address, burst 30, refill per 5 minutes; MFA 15 a minute), 429 in GoTrue's
// body shapes, whitespace-only passwords refused as weak, and sign-up with a taken e-mail.
// Time is an injected clock the tests move: nothing here sleeps.
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAuthApiError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authFetch, authFixtureProject, password, sessionClient, startAuthServer, totpCode, uniqueEmail } from '../local/auth-support.ts';
import { confirmThroughMailbox } from '../local/support/confirmation-link.ts';
import { startTestServer, testEngines, type TestServer } from '../local/support/start.ts';

const repoConfigToml = readFileSync(fileURLToPath(new URL('../../../supabase/config.toml', import.meta.url)), 'utf8');
const hour = 60 * 60 * 1000;
const rateLimited = { code: 'over_request_rate_limit', message: 'Request rate limit reached' };

/** A throwaway project: the auth fixture's migrations (profiles trigger) and the given config.toml. */
async function projectWith(configToml: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'auth-limits-project-'));
  await cp(join(authFixtureProject, 'migrations'), join(dir, 'migrations'), { recursive: true });
  await writeFile(join(dir, 'config.toml'), configToml);
  return dir;
}

function testClock() {
  const state = { ms: Date.UTC(2030, 0, 1) };
  return { now: () => state.ms, advance: (ms: number) => void (state.ms += ms) };
}

type Json = Record<string, unknown>;

async function post(t: TestServer, path: string, body: unknown, init: { token?: string; apiVersion?: string | null } = {}): Promise<{ status: number; body: Json; headers: Headers }> {
  const headers: Record<string, string> = init.token ? { authorization: `Bearer ${init.token}` } : {};
  const response = await authFetch(t, path, { method: 'POST', body: JSON.stringify(body), headers, apiVersion: init.apiVersion });
  return { status: response.status, body: (await response.json()) as Json, headers: response.headers };
}

const passwordGrant = (t: TestServer, email: string, secret: string, apiVersion?: string | null) =>
  post(t, '/token?grant_type=password', { email, password: secret }, { apiVersion });

/** A POST to /auth/v1 from another local address (the whole of 127.0.0.0/8 is loopback), with extra headers. */
function postFrom(localAddress: string, t: TestServer, path: string, body: unknown, extraHeaders: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
  const url = new URL(`${t.url}/auth/v1${path}`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          apikey: t.server.keys.anonKey,
          'x-supabase-api-version': '2024-01-01',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...extraHeaders,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Json }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Uses up the caller's sign-in bucket (30 password attempts for an address nobody owns: no bcrypt work). */
async function exhaustSignIns(t: TestServer): Promise<void> {
  const nobody = uniqueEmail('nobody');
  for (let attempt = 1; attempt <= 30; attempt += 1) {
    const { status } = await passwordGrant(t, nobody, 'wrong-password');
    expect(status, `attempt ${attempt}`).toBe(400);
  }
  expect((await passwordGrant(t, nobody, 'wrong-password')).status).toBe(429);
}

async function createUser(t: TestServer, email: string, secret = password): Promise<string> {
  const { data, error } = await t.service().auth.admin.createUser({ email, password: secret, email_confirm: true });
  if (error || !data.user) throw error ?? new Error('no user');
  return data.user.id;
}

async function userCount(t: TestServer, email: string): Promise<number> {
  const { rows } = await t.server.ctx.db.query<{ n: number }>('select count(*)::int as n from auth.users where email = $1', [email.toLowerCase()]);
  return rows[0]?.n ?? 0;
}

describe.each(testEngines)('auth rate limits and passwords on %s', (engine) => {
  let t: TestServer;
  let projectDir: string;
  const clock = testClock();

  beforeAll(async () => {
    // The repo's own config.toml ([auth.rate_limit] sign_in_sign_ups 30, token_refresh 150, …), with room for
    // the confirmation mail each sign-up sends: email_sent (2 an hour) is tested in auth-email-confirmation.test.ts.
    projectDir = await projectWith(repoConfigToml.replace(/^email_sent = \d+$/m, 'email_sent = 1000'));
    t = await startTestServer({ engine, projectDir, authRateLimits: { now: clock.now } });
  });
  afterAll(async () => {
    await t?.close();
    if (projectDir) await rm(projectDir, { recursive: true, force: true });
  });
  // Two hours on: every bucket is past its one-hour life, so each test starts with full buckets.
  beforeEach(() => clock.advance(2 * hour));

  it('refuses the 31st password attempt with 429, then also the right password until a token refills', async () => {
    const email = uniqueEmail('brute');
    await createUser(t, email);
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const wrong = await passwordGrant(t, email, `guess-${attempt}`);
      expect(wrong.status, `attempt ${attempt}`).toBe(400);
      expect(wrong.body.code).toBe('invalid_credentials');
    }
    const right = await passwordGrant(t, email, password);
    expect(right.status).toBe(429);
    expect(right.body).toEqual(rateLimited);
    expect(right.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
    // Twenty-nine more guesses (60 in all) are refused the same way, and cost nothing.
    for (let attempt = 32; attempt <= 60; attempt += 1) expect((await passwordGrant(t, email, `guess-${attempt}`)).status).toBe(429);

    // sign_in_sign_ups = 30 per 5 minutes: one token every 10 s.
    clock.advance(9_999);
    expect((await passwordGrant(t, email, password)).status).toBe(429);
    clock.advance(1);
    const after = await passwordGrant(t, email, password);
    expect(after.status).toBe(200);
    expect(after.body.access_token).toEqual(expect.any(String));
    expect((await passwordGrant(t, email, password)).status).toBe(429);
  });

  it("answers the limit in GoTrue's legacy shape too, and supabase-js reports it as AuthApiError 429", async () => {
    await exhaustSignIns(t);
    const legacy = await passwordGrant(t, uniqueEmail('legacy'), 'whatever', null);
    expect(legacy.status).toBe(429);
    expect(legacy.body).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });

    const { data, error } = await sessionClient(t).auth.signInWithPassword({ email: uniqueEmail('js'), password });
    expect(data.session).toBeNull();
    expect(isAuthApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' });
  });

  it('caps sign-ups: 30 in a row succeed, the 31st is refused and creates nothing, and sign-in shares the bucket', async () => {
    const emails = Array.from({ length: 31 }, () => uniqueEmail('wave'));
    for (const email of emails.slice(0, 30)) {
      const created = await post(t, '/signup', { email, password });
      expect(created.status, email).toBe(200);
    }
    const last = emails[30] as string;
    const refused = await post(t, '/signup', { email: last, password });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(rateLimited);
    expect(await userCount(t, last)).toBe(0);

    const { error } = await sessionClient(t).auth.signUp({ email: last, password });
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // A password sign-in takes from the same sign_in_sign_ups bucket.
    expect((await passwordGrant(t, emails[0] as string, password)).status).toBe(429);
  });

  it("caps token refreshes at GoTrue's burst, keeps the session usable, and refills at token_refresh per 5 minutes", async () => {
    const email = uniqueEmail('refresh');
    await createUser(t, email);
    const signedIn = await passwordGrant(t, email, password);
    expect(signedIn.status).toBe(200);
    let refreshToken = signedIn.body.refresh_token as string;
    let accessToken = signedIn.body.access_token as string;
    clock.advance(2 * hour);

    for (let refresh = 1; refresh <= 30; refresh += 1) {
      const rotated = await post(t, '/token?grant_type=refresh_token', { refresh_token: refreshToken });
      expect(rotated.status, `refresh ${refresh}`).toBe(200);
      refreshToken = rotated.body.refresh_token as string;
      accessToken = rotated.body.access_token as string;
    }
    const refused = await post(t, '/token?grant_type=refresh_token', { refresh_token: refreshToken });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(rateLimited);

    // The session itself is fine; every /token grant shares GoTrue's Token bucket, so sign-in waits too.
    const user = await authFetch(t, '/user', { headers: { authorization: `Bearer ${accessToken}` } });
    expect(user.status).toBe(200);
    expect((await passwordGrant(t, email, password)).status).toBe(429);

    // token_refresh = 150 per 5 minutes: one token every 2 s; the refused refresh did not spend the token.
    clock.advance(2_000);
    const again = await post(t, '/token?grant_type=refresh_token', { refresh_token: refreshToken });
    expect(again.status).toBe(200);
  });

  it('limits per client address: X-Forwarded-For does not move a client to another bucket, another address is served', async () => {
    const email = uniqueEmail('neighbour');
    await createUser(t, email);
    await exhaustSignIns(t);

    const spoofed = await postFrom('127.0.0.1', t, '/token?grant_type=password', { email, password }, { 'x-forwarded-for': '203.0.113.7' });
    expect(spoofed.status).toBe(429);
    expect(spoofed.body).toEqual(rateLimited);

    const neighbour = await postFrom('127.0.0.2', t, '/token?grant_type=password', { email, password });
    expect(neighbour.status).toBe(200);
    expect(neighbour.body.access_token).toEqual(expect.any(String));
  });

  it('limits MFA verification as GoTrue does (burst 30, then 15 a minute)', async () => {
    const email = uniqueEmail('mfa');
    await createUser(t, email);
    const token = (await passwordGrant(t, email, password)).body.access_token as string;
    const enrolled = await post(t, '/factors', { factor_type: 'totp', friendly_name: 'phone' }, { token });
    expect(enrolled.status).toBe(200);
    const factorId = enrolled.body.id as string;
    const secret = (enrolled.body.totp as { secret: string }).secret;
    const challenge = await post(t, `/factors/${factorId}/challenge`, {}, { token });
    expect(challenge.status).toBe(200);
    const challengeId = challenge.body.id as string;

    const right = () => totpCode(secret);
    const wrong = () => (right() === '000000' ? '111111' : '000000');
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const failed = await post(t, `/factors/${factorId}/verify`, { challenge_id: challengeId, code: wrong() }, { token });
      expect(failed.status, `attempt ${attempt}`).toBe(422);
      expect(failed.body.code).toBe('mfa_verification_failed');
    }
    const limited = await post(t, `/factors/${factorId}/verify`, { challenge_id: challengeId, code: right() }, { token });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(rateLimited);

    clock.advance(4_000);
    const verified = await post(t, `/factors/${factorId}/verify`, { challenge_id: challengeId, code: right() }, { token });
    expect(verified.status).toBe(200);
    const claims = JSON.parse(Buffer.from((verified.body.access_token as string).split('.')[1] ?? '', 'base64url').toString()) as Json;
    expect(claims.aal).toBe('aal2');
  });

  it('keeps serving every other request of a limited client', async () => {
    const email = uniqueEmail('still-served');
    await createUser(t, email);
    const signedIn = await passwordGrant(t, email, password);
    const token = signedIn.body.access_token as string;
    clock.advance(2 * hour);
    await exhaustSignIns(t);
    for (let i = 0; i < 30; i += 1) await post(t, '/signup', { email: uniqueEmail('filler'), password: 'x' });
    expect((await post(t, '/signup', { email: uniqueEmail('late'), password })).status).toBe(429);

    expect((await authFetch(t, '/health')).status).toBe(200);
    expect((await authFetch(t, '/settings')).status).toBe(200);
    const user = await authFetch(t, '/user', { headers: { authorization: `Bearer ${token}` } });
    expect(user.status).toBe(200);
    expect(((await user.json()) as Json).email).toBe(email.toLowerCase());
    const { data, error } = await t.withToken(token).from('profiles').select('email');
    expect(error).toBeNull();
    expect(data).toEqual([{ email: email.toLowerCase() }]);
    // The admin API is not rate-limited (service role), and logout is not either.
    expect((await createUser(t, uniqueEmail('admin-made'))).length).toBeGreaterThan(0);
    const logout = await authFetch(t, '/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(logout.status).toBe(204);
  });

  it('refuses a whitespace-only password with 422 weak_password (reason characters), at sign-up and on PUT /user', async () => {
    const email = uniqueEmail('spaces');
    const raw = await post(t, '/signup', { email, password: '      ' });
    expect(raw.status).toBe(422);
    expect(raw.body).toEqual({
      code: 'weak_password',
      message: 'Password should contain at least one character that is not a space.',
      weak_password: { reasons: ['characters'] },
    });
    expect(await userCount(t, email)).toBe(0);

    const { data, error } = await sessionClient(t).auth.signUp({ email, password: '\t\t  \t\t' });
    expect(data.user).toBeNull();
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['characters'] });

    const short = await post(t, '/signup', { email, password: '   ' });
    expect(short.body).toMatchObject({ code: 'weak_password', weak_password: { reasons: ['length', 'characters'] } });

    const client = sessionClient(t);
    const changer = uniqueEmail('change');
    await createUser(t, changer);
    expect((await client.auth.signInWithPassword({ email: changer, password })).error).toBeNull();
    const change = await client.auth.updateUser({ password: '          ' });
    expect(change.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['characters'] });
  });

  it('keeps spaces around a password as typed (no trimming, like GoTrue)', async () => {
    const email = uniqueEmail('padded');
    const padded = '  padded secret  ';
    expect((await post(t, '/signup', { email, password: padded })).status).toBe(200);
    await confirmThroughMailbox(t.url, email.toLowerCase());
    expect((await passwordGrant(t, email, padded)).status).toBe(200);
    const trimmed = await passwordGrant(t, email, padded.trim());
    expect(trimmed.status).toBe(400);
    expect(trimmed.body.code).toBe('invalid_credentials');
  });
});

describe.each(testEngines)('sign-up with a taken e-mail, confirmations off (the CLI default) on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startAuthServer(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a sign-up with a taken e-mail with 422 user_already_exists, as GoTrue does with enable_confirmations = false', async () => {
    // A project that does not ask for e-mail confirmation: GoTrue autoconfirms and says so. (With
    // confirmations on, as supabase/config.toml has them, the answer is a made-up user: auth-email-confirmation.test.ts.)
    expect(((await (await authFetch(t, '/settings')).json()) as Json).mailer_autoconfirm).toBe(true);

    const email = uniqueEmail('taken');
    expect((await post(t, '/signup', { email, password })).status).toBe(200);
    const again = await post(t, '/signup', { email: email.toUpperCase(), password: 'another-password' });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ code: 'user_already_exists', message: 'User already registered' });

    const { data, error } = await sessionClient(t).auth.signUp({ email, password: 'another-password' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists' });
    expect(await userCount(t, email)).toBe(1);
    // The account keeps its own password.
    expect((await passwordGrant(t, email, password)).status).toBe(200);
    expect((await passwordGrant(t, email, 'another-password')).status).toBe(400);
  });
});

describe.each(testEngines)("the served project's [auth.rate_limit] on %s", (engine) => {
  let t: TestServer;
  let projectDir: string;
  const clock = testClock();

  beforeAll(async () => {
    projectDir = await projectWith('[auth.rate_limit]\nsign_in_sign_ups = 60\ntoken_refresh = 150\n');
    t = await startTestServer({ engine, projectDir, authRateLimits: { now: clock.now } });
  });
  afterAll(async () => {
    await t?.close();
    if (projectDir) await rm(projectDir, { recursive: true, force: true });
  });
  beforeEach(() => clock.advance(2 * hour));

  it('refills at the configured rate (sign_in_sign_ups = 60: a token every 5 s) and picks up edits without a restart', async () => {
    const email = uniqueEmail('configured');
    await createUser(t, email);
    await exhaustSignIns(t);
    clock.advance(4_999);
    expect((await passwordGrant(t, email, password)).status).toBe(429);
    clock.advance(1);
    expect((await passwordGrant(t, email, password)).status).toBe(200);

    // 3000 per 5 minutes: a token every 100 ms.
    const file = join(projectDir, 'config.toml');
    await writeFile(file, '[auth.rate_limit]\nsign_in_sign_ups = 3000\ntoken_refresh = 3000\n');
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    clock.advance(2 * hour);
    await exhaustSignIns(t);
    clock.advance(100);
    expect((await passwordGrant(t, email, password)).status).toBe(200);
  });
});

describe.each(testEngines)('auth rate limits turned off on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    // startTestServer's default: the existing suites sign in and up far more often than one person could.
    t = await startAuthServer(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves 40 wrong passwords and then the right one, and 40 sign-ups in a row', async () => {
    const email = uniqueEmail('unlimited');
    await createUser(t, email);
    const nobody = uniqueEmail('nobody');
    for (let attempt = 1; attempt <= 40; attempt += 1) expect((await passwordGrant(t, nobody, 'wrong')).status).toBe(400);
    expect((await passwordGrant(t, email, password)).status).toBe(200);
    for (let signup = 1; signup <= 40; signup += 1) expect((await post(t, '/signup', { email: uniqueEmail('many'), password })).status).toBe(200);
    // 41 password hashes and 40 sign-ups, one after the other: over a minute on a busy 2-core machine.
  }, 180_000);
});
