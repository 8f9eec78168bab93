// Sessions through supabase-js: refresh-token rotation with the reuse interval, TOKEN_REFRESHED,
// sign-out scopes, and rejected access tokens (expired, revoked session).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAuthSessionMissingError, type AuthChangeEvent } from '@supabase/supabase-js';
import { signAccessToken } from '../../../supabase/local/src/keys.ts';
import { testEngines, type TestServer } from './support/start.ts';
import { password, sessionClient, startAuthServer, uniqueEmail } from './auth-support.ts';

describe.each(testEngines)('auth sessions on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startAuthServer(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const signedIn = async (email: string) => {
    const client = sessionClient(t);
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    if (error || !data.session) throw error ?? new Error('no session');
    return { client, session: data.session };
  };

  it('rotates the refresh token and emits TOKEN_REFRESHED', async () => {
    const client = sessionClient(t);
    const { data } = await client.auth.signUp({ email: uniqueEmail('rotate'), password });
    const events: AuthChangeEvent[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(data.session?.refresh_token);
    expect(refreshed.data.session?.user.id).toBe(data.user?.id);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toContain('TOKEN_REFRESHED');
    const { data: current } = await client.auth.getSession();
    expect(current.session?.refresh_token).toBe(refreshed.data.session?.refresh_token);
  });

  it('hands the active token back for its parent, accepts reuse inside 10 s, refuses it after and revokes the family', async () => {
    const email = uniqueEmail('reuse');
    await sessionClient(t).auth.signUp({ email, password });
    const { client, session } = await signedIn(email);
    const first = session.refresh_token;
    const second = (await client.auth.refreshSession()).data.session?.refresh_token ?? '';
    // The client lost the answer: presenting the parent again yields the same active token.
    const replay = await sessionClient(t).auth.refreshSession({ refresh_token: first });
    expect(replay.error).toBeNull();
    expect(replay.data.session?.refresh_token).toBe(second);

    const third = (await client.auth.refreshSession()).data.session?.refresh_token ?? '';
    expect(third).not.toBe(second);
    // `first` is neither active nor the active token's parent, but was revoked moments ago: allowed.
    const withinInterval = await sessionClient(t).auth.refreshSession({ refresh_token: first });
    expect(withinInterval.error).toBeNull();
    const fourth = withinInterval.data.session?.refresh_token ?? '';

    // Once the reuse interval has passed, reuse is refused and the whole family is revoked.
    await t.server.ctx.db.query(`update auth.refresh_tokens set updated_at = now() - interval '20 seconds' where token = $1`, [second]);
    const reused = await sessionClient(t).auth.refreshSession({ refresh_token: second });
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    for (const token of [third, fourth]) {
      const after = await sessionClient(t).auth.refreshSession({ refresh_token: token });
      expect(after.error?.code).toBe('refresh_token_already_used');
    }
  });

  it('refuses an unknown refresh token with refresh_token_not_found', async () => {
    const { error } = await sessionClient(t).auth.refreshSession({ refresh_token: 'nonexistent-token' });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('refuses an expired access token with bad_jwt (403)', async () => {
    const client = sessionClient(t);
    const { data } = await client.auth.signUp({ email: uniqueEmail('expired'), password });
    const claims = JSON.parse(Buffer.from((data.session?.access_token ?? '').split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    const { iat: _iat, exp: _exp, ...rest } = claims;
    const expired = await signAccessToken(t.server.keys, { ...rest, iat: Math.floor(Date.now() / 1000) - 7200 }, -3600);
    const { error } = await t.anon().auth.getUser(expired);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
    expect(error?.message).toContain('expired');
  });

  it('signs out with scope others, local and global', async () => {
    const email = uniqueEmail('scopes');
    await sessionClient(t).auth.signUp({ email, password });
    const a = await signedIn(email);
    const b = await signedIn(email);
    const c = await signedIn(email);

    expect((await a.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.client.auth.getUser()).error).toBeNull();
    for (const other of [b, c]) {
      const { error } = await t.anon().auth.getUser(other.session.access_token);
      expect(isAuthSessionMissingError(error)).toBe(true);
      const refresh = await sessionClient(t).auth.refreshSession({ refresh_token: other.session.refresh_token });
      expect(refresh.error?.code).toBe('refresh_token_not_found');
    }

    const d = await signedIn(email);
    expect((await d.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await d.client.auth.getSession()).data.session).toBeNull();
    expect(isAuthSessionMissingError((await t.anon().auth.getUser(d.session.access_token)).error)).toBe(true);
    expect((await a.client.auth.getUser()).error).toBeNull();

    const e = await signedIn(email);
    expect((await a.client.auth.signOut()).error).toBeNull();
    for (const gone of [a, e]) {
      expect(isAuthSessionMissingError((await t.anon().auth.getUser(gone.session.access_token)).error)).toBe(true);
    }
    const { rows } = await t.server.ctx.db.query(`select 1 from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1`, [email]);
    expect(rows).toHaveLength(0);
  });
});
