// Email/password accounts through supabase-js: signup (autoconfirm, metadata, app triggers), sign-in,
// GET/PUT /user, GoTrue error codes and body shapes, settings/health/jwks, bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAuthApiError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { testEngines, type TestServer } from './support/start.ts';
import { authFetch, password, sessionClient, startAuthServer, uniqueEmail } from './auth-support.ts';

describe.each(testEngines)('auth email/password on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startAuthServer(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs up with autoconfirm, returns a session and stores metadata in auth.users (trigger fires)', async () => {
    const client = sessionClient(t);
    const email = uniqueEmail('Signup');
    const { data, error } = await client.auth.signUp({ email, password, options: { data: { full_name: 'Ada Lovelace', role: 'host' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.user?.email).toBe(email.toLowerCase());
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Ada Lovelace', role: 'host', email_verified: true });
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: data.user?.id });
    expect(data.user?.email_confirmed_at).toBeTruthy();

    const { rows } = await t.server.ctx.db.query<{ raw_user_meta_data: Record<string, unknown>; encrypted_password: string }>(
      'select raw_user_meta_data, encrypted_password from auth.users where id = $1',
      [data.user?.id],
    );
    expect(rows[0]?.raw_user_meta_data.full_name).toBe('Ada Lovelace');
    expect(rows[0]?.encrypted_password).toMatch(/^\$2[aby]\$10\$/);

    // The app's trigger on auth.users created the profile row.
    const profiles = await t.server.ctx.db.query('select full_name, email from public.profiles where id = $1', [data.user?.id]);
    expect(profiles.rows).toEqual([{ full_name: 'Ada Lovelace', email: email.toLowerCase() }]);
  });

  it('answers a failing auth.users trigger with GoTrue\'s 500 and creates nothing', async () => {
    const email = uniqueEmail('rejected');
    const { data, error } = await sessionClient(t).auth.signUp({ email, password, options: { data: { full_name: 'reject me' } } });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 500, message: 'Database error saving new user' });
    const { rows } = await t.server.ctx.db.query('select 1 from auth.users where email = $1', [email.toLowerCase()]);
    expect(rows).toHaveLength(0);
  });

  it('puts the documented claims in the access token', async () => {
    const client = sessionClient(t);
    const { data } = await client.auth.signUp({ email: uniqueEmail('claims'), password, options: { data: { full_name: 'C' } } });
    const token = data.session?.access_token ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({
      aud: 'authenticated',
      iss: `${t.url}/auth/v1`,
      sub: data.user?.id,
      email: data.user?.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect((claims.user_metadata as Record<string, unknown>).full_name).toBe('C');
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  it('refuses a duplicate signup with user_already_exists (422)', async () => {
    const email = uniqueEmail('dup');
    await sessionClient(t).auth.signUp({ email, password });
    const { data, error } = await sessionClient(t).auth.signUp({ email: email.toUpperCase(), password });
    expect(data.session).toBeNull();
    expect(isAuthApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('refuses a weak password with weak_password and reasons', async () => {
    const { error } = await sessionClient(t).auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    expect(error?.message).toBe('Password should be at least 6 characters.');
  });

  it('refuses a malformed e-mail with validation_failed', async () => {
    const { error } = await sessionClient(t).auth.signUp({ email: 'not-an-email', password });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('signs in with the password and refuses a wrong one with invalid_credentials', async () => {
    const email = uniqueEmail('signin');
    await sessionClient(t).auth.signUp({ email, password });
    const client = sessionClient(t);
    const wrong = await client.auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    const unknown = await client.auth.signInWithPassword({ email: uniqueEmail('nobody'), password });
    expect(unknown.error).toMatchObject({ status: 400, code: 'invalid_credentials' });

    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email.toLowerCase());
    expect(data.user?.last_sign_in_at).toBeTruthy();
    expect(events).toContain('SIGNED_IN');
    const { data: fetched } = await client.auth.getUser();
    expect(fetched.user?.id).toBe(data.user?.id);
  });

  it('updates metadata (merge, null removes), e-mail and password through PUT /user', async () => {
    const email = uniqueEmail('update');
    const client = sessionClient(t);
    await client.auth.signUp({ email, password, options: { data: { full_name: 'Old', city: 'Lisbon' } } });

    const meta = await client.auth.updateUser({ data: { full_name: 'New', city: null, timezone: 'Europe/Lisbon' } });
    expect(meta.error).toBeNull();
    expect(meta.data.user?.user_metadata).toMatchObject({ full_name: 'New', timezone: 'Europe/Lisbon' });
    expect(meta.data.user?.user_metadata).not.toHaveProperty('city');

    const same = await client.auth.updateUser({ password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    const changed = await client.auth.updateUser({ password: 'another-long-password' });
    expect(changed.error).toBeNull();

    const taken = uniqueEmail('taken');
    await sessionClient(t).auth.signUp({ email: taken, password });
    const clash = await client.auth.updateUser({ email: taken });
    expect(clash.error).toMatchObject({ status: 422, code: 'email_exists' });
    const newEmail = uniqueEmail('renamed');
    const renamed = await client.auth.updateUser({ email: newEmail });
    expect(renamed.data.user?.email).toBe(newEmail.toLowerCase());

    const again = await sessionClient(t).auth.signInWithPassword({ email: newEmail, password: 'another-long-password' });
    expect(again.error).toBeNull();
    const old = await sessionClient(t).auth.signInWithPassword({ email: newEmail, password });
    expect(old.error?.code).toBe('invalid_credentials');
  });

  it('answers getUser without a session and with a garbage token as GoTrue does', async () => {
    const anon = await authFetch(t, '/user');
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
    const garbage = await t.anon().auth.getUser('not.a.jwt');
    expect(garbage.error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });

  it('uses the legacy error body without X-Supabase-Api-Version and echoes the header with it', async () => {
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'whatever-pass' });
    const legacy = await authFetch(t, '/token?grant_type=password', { method: 'POST', body, apiVersion: null });
    expect(legacy.status).toBe(400);
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(await legacy.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
    const modern = await authFetch(t, '/token?grant_type=password', { method: 'POST', body });
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(modern.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await modern.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('answers bad input with 4xx JSON and keeps serving', async () => {
    const cases: [string, RequestInit][] = [
      ['/signup', { method: 'POST', body: '{"email":' }],
      ['/signup', { method: 'POST', body: '[1,2]' }],
      ['/signup', { method: 'POST', body: JSON.stringify({ email: 42, password }) }],
      ['/signup', { method: 'POST', body: JSON.stringify({ email: 'a@b.test', password, data: 'x' }) }],
      ['/token?grant_type=password', { method: 'POST', body: 'null' }],
      ['/token?grant_type=password', { method: 'POST', body: JSON.stringify({ password }) }],
      ['/token?grant_type=nope', { method: 'POST', body: '{}' }],
      ['/token', { method: 'POST', body: '{}' }],
      ['/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: 7 }) }],
      ['/token?grant_type=pkce', { method: 'POST', body: JSON.stringify({ auth_code: 'x' }) }],
      ['/logout?scope=everything', { method: 'POST' }],
      ['/user', { method: 'PUT', body: '{bad' }],
      ['/factors', { method: 'POST', body: JSON.stringify({ factor_type: 'sms' }) }],
      ['/admin/users', { method: 'GET' }],
      ['/admin/users/not-a-uuid', { method: 'GET', headers: { authorization: `Bearer ${t.server.keys.serviceRoleKey}` } }],
      ['/authorize?provider=myspace', { method: 'GET' }],
      ['/authorize?provider=github&code_challenge=short&code_challenge_method=s256', { method: 'GET' }],
      ['/local-idp?state=forged', { method: 'GET' }],
      ['/no-such-endpoint', { method: 'GET' }],
    ];
    for (const [path, init] of cases) {
      const response = await authFetch(t, path, init);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      const json = (await response.json()) as Record<string, unknown>;
      expect(typeof json.code, path).toBe('string');
    }
    const noKey = await fetch(`${t.url}/auth/v1/settings`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ message: 'No API key found in request' });
    const health = await authFetch(t, '/health');
    expect(health.status).toBe(200);
  });

  it('serves settings, health and an empty JWKS for HS256', async () => {
    const settings = (await (await authFetch(t, '/settings')).json()) as Record<string, unknown>;
    expect(settings).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, external: { email: true, github: true } });
    expect(await (await authFetch(t, '/health')).json()).toMatchObject({ name: 'GoTrue' });
    const jwks = await fetch(`${t.url}/auth/v1/.well-known/jwks.json`);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
    expect(await jwks.json()).toEqual({ keys: [] });

    const client = sessionClient(t);
    await client.auth.signUp({ email: uniqueEmail('claims-check'), password });
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.role).toBe('authenticated');
  });
});
