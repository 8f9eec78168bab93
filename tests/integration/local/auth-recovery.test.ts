// Password recovery through supabase-js: resetPasswordForEmail → a mail in the stand-in's mailbox →
// the link's GET /verify (session in the redirect fragment, type=recovery) or the code via verifyOtp →
// updateUser({ password }) → sign-in with the new password. Links work once; unknown addresses learn nothing.
// (PASSWORD_RECOVERY itself is emitted by supabase-js's detectSessionInUrl, browser only: the e2e covers it.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines, type TestServer } from './support/start.ts';
import { authFetch, password, sessionClient, startAuthServer, uniqueEmail } from './auth-support.ts';

interface Mail {
  from: string;
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
}

const redirectTo = 'http://127.0.0.1:4173/auth/reset';

describe.each(testEngines)('auth password recovery on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startAuthServer(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const mailsTo = async (address: string): Promise<Mail[]> =>
    (await (await fetch(`${t.url}/mailbox/api/messages?to=${encodeURIComponent(address)}`)).json()) as Mail[];
  const linkIn = (mail: Mail): URL => new URL(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text ?? '')?.[0] ?? 'http://missing/');
  const codeIn = (mail: Mail): string => /code: (\d{6})/.exec(mail.text ?? '')?.[1] ?? '';

  async function signedUp(label: string): Promise<string> {
    const email = uniqueEmail(label).toLowerCase();
    const { error } = await sessionClient(t).auth.signUp({ email, password });
    expect(error).toBeNull();
    return email;
  }

  it('mails a one-time link whose verify signs the user in, and the new password then works', async () => {
    const email = await signedUp('recover');
    const { error } = await sessionClient(t).auth.resetPasswordForEmail(email, { redirectTo });
    expect(error).toBeNull();

    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ subject: 'Reset Your Password', to: [email] });
    const link = linkIn(mail as Mail);
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(redirectTo);

    // The browser opens the link without an API key: a redirect with the session in the fragment.
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const landing = new URL(opened.headers.get('location') ?? '');
    expect(`${landing.origin}${landing.pathname}`).toBe(redirectTo);
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');

    // The app's client takes that session and sets the new password.
    const client = sessionClient(t);
    const { data: session, error: setError } = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(setError).toBeNull();
    expect(session.user?.email).toBe(email);
    const claims = JSON.parse(Buffer.from((fragment.get('access_token') ?? '').split('.')[1] ?? '', 'base64url').toString()) as { amr: { method: string }[] };
    expect(claims.amr[0]?.method).toBe('recovery');
    const { error: updateError } = await client.auth.updateUser({ password: 'a-brand-new-secret' });
    expect(updateError).toBeNull();

    const fresh = sessionClient(t);
    expect((await fresh.auth.signInWithPassword({ email, password })).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await fresh.auth.signInWithPassword({ email, password: 'a-brand-new-secret' })).error).toBeNull();

    // The link works once: a second visit is sent back with otp_expired.
    const again = await fetch(link, { redirect: 'manual' });
    const refused = new URLSearchParams(new URL(again.headers.get('location') ?? '').hash.slice(1));
    expect(refused.get('error_code')).toBe('otp_expired');
    expect(refused.get('access_token')).toBeNull();
  });

  it('accepts the mailed six-digit code through verifyOtp({ type: "recovery" })', async () => {
    const email = await signedUp('code');
    await sessionClient(t).auth.resetPasswordForEmail(email, { redirectTo });
    const [mail] = await mailsTo(email);
    const client = sessionClient(t);
    const wrong = await client.auth.verifyOtp({ email, token: '000000' === codeIn(mail as Mail) ? '111111' : '000000', type: 'recovery' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const { data, error } = await client.auth.verifyOtp({ email, token: codeIn(mail as Mail), type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const unknown = uniqueEmail('nobody').toLowerCase();
    const known = await signedUp('known');
    const forUnknown = await authFetch(t, `/recover?redirect_to=${encodeURIComponent(redirectTo)}`, { method: 'POST', body: JSON.stringify({ email: unknown }) });
    const forKnown = await authFetch(t, `/recover?redirect_to=${encodeURIComponent(redirectTo)}`, { method: 'POST', body: JSON.stringify({ email: known }) });
    expect(forUnknown.status).toBe(200);
    expect(forKnown.status).toBe(200);
    expect(await forUnknown.json()).toEqual(await forKnown.json());
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(await mailsTo(known)).toHaveLength(1);
  });

  it('refuses bad requests, forged or unknown tokens and redirects elsewhere than allowed', async () => {
    const missing = await authFetch(t, '/recover', { method: 'POST', body: JSON.stringify({}) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 'validation_failed', message: 'Password recovery requires an email' });
    const malformed = await authFetch(t, '/recover', { method: 'POST', body: JSON.stringify({ email: 'not-an-address' }) });
    expect(malformed.status).toBe(400);

    const forged = await fetch(`${t.url}/auth/v1/verify?token=${'a'.repeat(56)}&type=recovery&redirect_to=${encodeURIComponent(redirectTo)}`, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(forged.headers.get('location') ?? '').hash.slice(1)).get('error_code')).toBe('otp_expired');

    const email = await signedUp('evil');
    await authFetch(t, `/recover?redirect_to=${encodeURIComponent('https://evil.example/steal')}`, { method: 'POST', body: JSON.stringify({ email }) });
    const [mail] = await mailsTo(email);
    expect(linkIn(mail as Mail).searchParams.get('redirect_to')).not.toContain('evil.example');

    const otherType = await authFetch(t, '/verify', { method: 'POST', body: JSON.stringify({ type: 'email_change', token_hash: 'x' }) });
    expect(otherType.status).toBe(400);
  });
});
