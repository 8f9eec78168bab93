// Anonymous sign-ins as GoTrue serves them when config.toml has `[auth] enable_anonymous_sign_ins = true`:
// signInAnonymously gets a session for a user with no address (is_anonymous), limited per IP by
// `[auth.rate_limit] anonymous_users` an hour. Off (the CLI default and the app's config) they are refused.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/start.ts';
import { authFetch, sessionClient, startAuthServer } from './auth-support.ts';

describe('anonymous sign-ins turned on', () => {
  let t: TestServer;
  let projectDir: string;
  beforeAll(async () => {
    projectDir = await mkdtemp(join(tmpdir(), 'anonymous-sign-ins-'));
    await writeFile(join(projectDir, 'config.toml'), '[auth]\nenable_anonymous_sign_ins = true\n\n[auth.rate_limit]\nanonymous_users = 2\n');
    t = await startTestServer({ projectDir, authRateLimits: 'config' });
  });
  afterAll(async () => {
    await t?.close();
    await rm(projectDir, { recursive: true, force: true });
  });

  it('signs in without an address, keeps the data, reports it in /settings, and stops at anonymous_users', async () => {
    expect(((await (await authFetch(t, '/settings')).json()) as { external: Record<string, boolean> }).external.anonymous_users).toBe(true);
    const client = sessionClient(t);
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { theme: 'dark' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user).toMatchObject({ is_anonymous: true, email: '', user_metadata: { theme: 'dark' }, app_metadata: { provider: 'anonymous' } });
    expect((await client.auth.getUser()).data.user?.id).toBe(data.user?.id);
    // No address to mail: reauthentication is refused with GoTrue's message.
    expect((await client.auth.reauthenticate()).error?.message).toBe('Reauthentication requires the user to have an email or a phone number');

    expect((await sessionClient(t).auth.signInAnonymously()).error).toBeNull();
    const third = await sessionClient(t).auth.signInAnonymously();
    expect(third.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });
});

describe('anonymous sign-ins off (the CLI default)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startAuthServer('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses them with GoTrue\'s error, whatever else the body holds', async () => {
    const refused = await sessionClient(t).auth.signInAnonymously();
    expect(refused.error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    const withPassword = await authFetch(t, '/signup', { method: 'POST', body: JSON.stringify({ password: 'a-password-1' }) });
    expect(await withPassword.json()).toMatchObject({ code: 'anonymous_provider_disabled' });
  });
});
