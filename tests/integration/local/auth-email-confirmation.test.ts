// E-mail confirmation as a new hosted project has it (supabase/config.toml `[auth.email] enable_confirmations =
// true`; docs/decisions/email-confirmation.md): signUp returns the user and no session and mails a link; a
// password sign-in before confirming is refused with email_not_confirmed; the link's GET /verify confirms and
// signs in (session in the redirect fragment, type=signup), once; /resend mails a new link, held back by
// max_frequency and email_sent. With `enable_confirmations = false` the stand-in signs up straight in.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, openVerifyLink, verifyLinkOf } from './support/confirmation-link.ts';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';
import { authFetch, password, sessionClient, uniqueEmail } from './auth-support.ts';

const repoConfigToml = readFileSync(fileURLToPath(new URL('../../../supabase/config.toml', import.meta.url)), 'utf8');
const redirectTo = 'http://127.0.0.1:4173/auth?confirm=signup&redirect=%2Fproperty%2Fabc';

type Json = Record<string, unknown>;

async function mailCount(t: TestServer, email: string): Promise<number> {
  return ((await (await fetch(`${t.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as unknown[]).length;
}

/** Moves the user's last confirmation mail an hour back, past max_frequency (instead of waiting). */
async function backdateConfirmation(t: TestServer, email: string): Promise<void> {
  await t.server.ctx.db.query(`update auth.users set confirmation_sent_at = now() - interval '1 hour' where email = $1`, [email]);
}

describe.each(testEngines)('e-mail confirmation on (the project config.toml) on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ engine });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signUp(label: string): Promise<{ email: string; userId: string }> {
    const email = uniqueEmail(label).toLowerCase();
    const { data, error } = await sessionClient(t).auth.signUp({ email, password, options: { emailRedirectTo: redirectTo, data: { full_name: 'Ines Inbox', role: 'host' } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    return { email, userId: data.user!.id };
  }

  it('reports mailer_autoconfirm false in /settings', async () => {
    expect(((await (await authFetch(t, '/settings')).json()) as Json).mailer_autoconfirm).toBe(false);
  });

  it('signs up without a session, mails a signup link, and refuses a password sign-in until it is opened', async () => {
    const { email, userId } = await signUp('confirm');
    const mail = await latestMail(t.url, email);
    const link = new URL(verifyLinkOf(mail));
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(redirectTo);

    const refused = await sessionClient(t).auth.signInWithPassword({ email, password });
    expect(refused.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    // The browser opens the link: confirmed, signed in, sent to redirect_to with the session in the fragment.
    const opened = await openVerifyLink(link.toString());
    expect(opened.status).toBe(303);
    expect(`${opened.location.origin}${opened.location.pathname}${opened.location.search}`).toBe(redirectTo);
    expect(opened.fragment.get('type')).toBe('signup');
    const client = sessionClient(t);
    const { data: session, error } = await client.auth.setSession({ access_token: opened.fragment.get('access_token')!, refresh_token: opened.fragment.get('refresh_token')! });
    expect(error).toBeNull();
    expect(session.user).toMatchObject({ id: userId, email });
    expect(session.user?.email_confirmed_at).toBeTruthy();
    // The sign-up's metadata made the profile and role (handle_new_user), so the app can route on.
    const { data: role } = await client.from('user_roles').select('role').eq('user_id', userId).single();
    expect(role).toEqual({ role: 'host' });

    expect((await sessionClient(t).auth.signInWithPassword({ email, password })).error).toBeNull();
    // The link works once.
    expect((await openVerifyLink(link.toString())).fragment.get('error_code')).toBe('otp_expired');
  });

  it('confirms with the e-mail and the 6-digit code too (verifyOtp type signup)', async () => {
    const { email } = await signUp('code');
    const code = /code: (\d{6})/.exec((await latestMail(t.url, email)).text)?.[1] ?? '';
    const { data, error } = await sessionClient(t).auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('tells no one who is registered: resend to an unknown or confirmed address and sign-up with a confirmed one send nothing', async () => {
    const unknown = uniqueEmail('nobody').toLowerCase();
    expect((await sessionClient(t).auth.resend({ type: 'signup', email: unknown })).error).toBeNull();
    expect(await mailCount(t, unknown)).toBe(0);

    const { email, userId } = await signUp('taken');
    await openVerifyLink(verifyLinkOf(await latestMail(t.url, email)));
    await backdateConfirmation(t, email);
    expect((await sessionClient(t).auth.resend({ type: 'signup', email })).error).toBeNull();
    const again = await sessionClient(t).auth.signUp({ email, password: 'another-password-2' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.id).not.toBe(userId);
    expect(again.data.user?.identities).toEqual([]);
    expect(await mailCount(t, email)).toBe(1);
  });
});

describe('resending the confirmation (max_frequency = "60s")', () => {
  let t: TestServer;
  let projectDir: string;
  beforeAll(async () => {
    // The project's config.toml with a wider max_frequency, so "too soon" never depends on how fast this machine is.
    projectDir = await mkdtemp(join(tmpdir(), 'confirmations-resend-'));
    await writeFile(join(projectDir, 'config.toml'), repoConfigToml.replace(/^max_frequency = .*$/m, 'max_frequency = "60s"'));
    t = await startTestServer({ projectDir });
  });
  afterAll(async () => {
    await t?.close();
    await rm(projectDir, { recursive: true, force: true });
  });

  it('resends the link, refusing within max_frequency with GoTrue’s message', async () => {
    const email = uniqueEmail('resend').toLowerCase();
    expect((await sessionClient(t).auth.signUp({ email, password, options: { emailRedirectTo: redirectTo } })).error).toBeNull();
    const first = verifyLinkOf(await latestMail(t.url, email));

    const early = await sessionClient(t).auth.resend({ type: 'signup', email, options: { emailRedirectTo: redirectTo } });
    expect(early.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(early.error?.message).toMatch(/^For security purposes, you can only request this after (60|59|58) seconds\.$/);
    expect(await mailCount(t, email)).toBe(1);

    await backdateConfirmation(t, email);
    expect((await sessionClient(t).auth.resend({ type: 'signup', email, options: { emailRedirectTo: redirectTo } })).error).toBeNull();
    expect(await mailCount(t, email)).toBe(2);
    const second = verifyLinkOf(await latestMail(t.url, email));
    expect(second).not.toBe(first);
    // Only the newest link confirms.
    expect((await openVerifyLink(first)).fragment.get('error_code')).toBe('otp_expired');
    expect((await openVerifyLink(second)).fragment.get('type')).toBe('signup');
  });
});

describe('e-mail confirmation and the email_sent limit', () => {
  let t: TestServer;
  let now = Date.parse('2026-06-01T10:00:00Z');
  beforeAll(async () => {
    t = await startTestServer({ authRateLimits: { now: () => now } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a third confirmation mail within the hour (email_sent = 2) and creates no user for it', async () => {
    for (const label of ['first', 'second']) {
      expect((await sessionClient(t).auth.signUp({ email: uniqueEmail(label), password })).error).toBeNull();
    }
    const third = uniqueEmail('third').toLowerCase();
    const refused = await sessionClient(t).auth.signUp({ email: third, password });
    expect(refused.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect((await t.server.ctx.db.query('select 1 from auth.users where email = $1', [third])).rows).toHaveLength(0);

    now += 60 * 60 * 1000;
    expect((await sessionClient(t).auth.signUp({ email: third, password })).error).toBeNull();
    expect(await mailCount(t, third)).toBe(1);
  });
});

describe('e-mail confirmation off, and the e-mail provider off (config.toml)', () => {
  const dirs: string[] = [];
  const servers: TestServer[] = [];
  async function serverWith(authEmail: string): Promise<TestServer> {
    const dir = await mkdtemp(join(tmpdir(), 'confirmations-project-'));
    dirs.push(dir);
    await writeFile(join(dir, 'config.toml'), `[auth.email]\n${authEmail}\n`);
    const server = await startTestServer({ projectDir: dir });
    servers.push(server);
    return server;
  }
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('signs up straight in, sends no mail and reports mailer_autoconfirm true with enable_confirmations = false', async () => {
    const t = await serverWith('enabled = true\nenable_confirmations = false');
    const email = uniqueEmail('off').toLowerCase();
    const { data, error } = await sessionClient(t).auth.signUp({ email, password });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(await mailCount(t, email)).toBe(0);
    expect(((await (await authFetch(t, '/settings')).json()) as Json).mailer_autoconfirm).toBe(true);
  });

  it('refuses e-mail sign-ups with [auth.email] enabled = false, as /settings says', async () => {
    const t = await serverWith('enabled = false');
    const { error } = await sessionClient(t).auth.signUp({ email: uniqueEmail('disabled'), password });
    expect(error).toMatchObject({ status: 400, code: 'email_provider_disabled' });
    expect(((await (await authFetch(t, '/settings')).json()) as { external: Json }).external.email).toBe(false);
  });
});
