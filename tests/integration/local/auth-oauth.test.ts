// OAuth against the local test identity provider: /authorize with PKCE, approval on the local page,
// exchangeCodeForSession, automatic and manual identity linking, unlinking, and refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Provider, SupabaseClient } from '@supabase/supabase-js';
import { testEngines, type TestServer } from './support/start.ts';
import { authFetch, password, sessionClient, startAuthServer, startAuthServerWithConfig, uniqueEmail } from './auth-support.ts';

const appCallback = 'http://127.0.0.1:5173/auth/callback';

/** Plays the browser: follows /authorize to the local provider page and submits the form. */
async function approveAt(authorizeUrl: string, form: { email: string; full_name?: string; decision?: 'approve' | 'deny' }): Promise<URL> {
  const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const idpUrl = authorize.headers.get('location') ?? '';
  return submitIdp(idpUrl, form);
}

async function submitIdp(idpUrl: string, form: { email: string; full_name?: string; decision?: 'approve' | 'deny' }): Promise<URL> {
  const page = await fetch(idpUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<form method="post">');
  const state = new URL(idpUrl).searchParams.get('state') ?? '';
  const approval = await fetch(idpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state, decision: form.decision ?? 'approve', email: form.email, full_name: form.full_name ?? '' }),
    redirect: 'manual',
  });
  expect(approval.status).toBe(302);
  return new URL(approval.headers.get('location') ?? '');
}

async function oauthSignIn(client: SupabaseClient, provider: Provider, form: { email: string; full_name?: string }) {
  const { data, error } = await client.auth.signInWithOAuth({ provider, options: { redirectTo: appCallback, skipBrowserRedirect: true } });
  expect(error).toBeNull();
  const back = await approveAt(data.url ?? '', form);
  expect(`${back.origin}${back.pathname}`).toBe(appCallback);
  return client.auth.exchangeCodeForSession(back.searchParams.get('code') ?? '');
}

describe.each(testEngines)('auth OAuth (PKCE, local identity provider) on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    // linkIdentity / unlinkIdentity need `[auth] enable_manual_linking = true` (off by default, as in GoTrue).
    t = await startAuthServerWithConfig(engine, '[auth]\nenable_manual_linking = true\n');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs a new user in with PKCE and records the identity', async () => {
    const client = sessionClient(t, { flowType: 'pkce' });
    const email = uniqueEmail('oauth-new');
    const { data: start } = await client.auth.signInWithOAuth({ provider: 'github', options: { redirectTo: appCallback, skipBrowserRedirect: true } });
    const authorizeUrl = new URL(start.url ?? '');
    expect(authorizeUrl.pathname).toBe('/auth/v1/authorize');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('s256');

    const { data, error } = await oauthSignIn(client, 'github', { email, full_name: 'Grace Hopper' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.app_metadata).toMatchObject({ provider: 'github', providers: ['github'] });
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Grace Hopper', email: email.toLowerCase() });
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['github']);
    const claims = JSON.parse(Buffer.from((data.session?.access_token ?? '').split('.')[1] ?? '', 'base64url').toString()) as { amr: { method: string }[] };
    expect(claims.amr.map((entry) => entry.method)).toEqual(['oauth']);
    const profile = await t.server.ctx.db.query('select full_name from public.profiles where id = $1', [data.user?.id]);
    expect(profile.rows).toEqual([{ full_name: 'Grace Hopper' }]);

    // The same identity signs the same user in again.
    const again = await oauthSignIn(sessionClient(t, { flowType: 'pkce' }), 'github', { email });
    expect(again.data.user?.id).toBe(data.user?.id);
  });

  it('links a provider to an existing e-mail user and unlinks it, but never the last identity', async () => {
    const email = uniqueEmail('oauth-link');
    const passwordClient = sessionClient(t);
    const { data: signup } = await passwordClient.auth.signUp({ email, password });

    const client = sessionClient(t, { flowType: 'pkce' });
    const { data } = await oauthSignIn(client, 'google', { email });
    expect(data.user?.id).toBe(signup.user?.id);
    expect(data.user?.identities?.map((identity) => identity.provider).sort()).toEqual(['email', 'google']);
    expect(data.user?.app_metadata).toMatchObject({ provider: 'email', providers: ['email', 'google'] });

    const identities = await client.auth.getUserIdentities();
    const google = identities.data?.identities.find((identity) => identity.provider === 'google');
    const unlinked = await client.auth.unlinkIdentity(google!);
    expect(unlinked.error).toBeNull();
    const after = await client.auth.getUser();
    expect(after.data.user?.identities?.map((identity) => identity.provider)).toEqual(['email']);

    const last = after.data.user?.identities?.[0];
    const refused = await client.auth.unlinkIdentity(last!);
    expect(refused.error).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });
  });

  it('links an identity to the signed-in user with linkIdentity()', async () => {
    const client = sessionClient(t, { flowType: 'pkce' });
    const { data: signup } = await client.auth.signUp({ email: uniqueEmail('manual-link'), password });
    const { data, error } = await client.auth.linkIdentity({ provider: 'discord', options: { redirectTo: appCallback, skipBrowserRedirect: true } });
    expect(error).toBeNull();
    const back = await submitIdp(data.url ?? '', { email: uniqueEmail('other-address') });
    const exchanged = await client.auth.exchangeCodeForSession(back.searchParams.get('code') ?? '');
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.id).toBe(signup.user?.id);
    expect(exchanged.data.user?.identities?.map((identity) => identity.provider).sort()).toEqual(['discord', 'email']);
  });

  it('refuses a wrong code verifier, a spent code, and reports a denial to redirect_to', async () => {
    const client = sessionClient(t, { flowType: 'pkce' });
    const { data } = await client.auth.signInWithOAuth({ provider: 'github', options: { redirectTo: appCallback, skipBrowserRedirect: true } });
    const back = await approveAt(data.url ?? '', { email: uniqueEmail('verifier') });
    const code = back.searchParams.get('code') ?? '';
    const wrong = await authFetch(t, '/token?grant_type=pkce', { method: 'POST', body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }) });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: 'bad_code_verifier' });
    expect((await client.auth.exchangeCodeForSession(code)).error).toBeNull();
    const spent = await authFetch(t, '/token?grant_type=pkce', { method: 'POST', body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }) });
    expect(spent.status).toBe(404);
    expect(await spent.json()).toMatchObject({ code: 'flow_state_not_found' });

    const denied = await approveAt((await sessionClient(t, { flowType: 'pkce' }).auth.signInWithOAuth({ provider: 'github', options: { redirectTo: appCallback, skipBrowserRedirect: true } })).data.url ?? '', { email: '', decision: 'deny' });
    expect(denied.searchParams.get('error')).toBe('access_denied');
  });

  it('returns tokens in the fragment for the implicit flow and sends foreign redirects to the site URL', async () => {
    const back = await approveAt(`${t.url}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(appCallback)}`, { email: uniqueEmail('implicit') });
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    const { data, error } = await t.anon().auth.getUser(fragment.get('access_token') ?? '');
    expect(error).toBeNull();
    expect(data.user?.app_metadata.provider).toBe('github');

    const foreign = await fetch(`${t.url}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent('https://evil.example/steal')}`, { redirect: 'manual' });
    const idp = foreign.headers.get('location') ?? '';
    const landed = await submitIdp(idp, { email: uniqueEmail('foreign') });
    expect(landed.origin).toBe('http://127.0.0.1:3000');
  });
});

describe('manual linking off (the CLI default)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startAuthServer('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses linkIdentity and unlinkIdentity with GoTrue\'s 404, and without a session asks for one first', async () => {
    const client = sessionClient(t, { flowType: 'pkce' });
    await client.auth.signUp({ email: uniqueEmail('no-manual-link'), password });
    const link = await client.auth.linkIdentity({ provider: 'discord', options: { redirectTo: appCallback, skipBrowserRedirect: true } });
    expect(link.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
    const email = (await client.auth.getUserIdentities()).data!.identities[0]!;
    const unlink = await client.auth.unlinkIdentity(email);
    expect(unlink.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
    const anonymous = await authFetch(t, '/user/identities/authorize?provider=discord');
    expect(anonymous.status).toBe(401);
  });
});
