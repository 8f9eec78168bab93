// Passwordless sign-in and the admin mail links through supabase-js against the stand-in, as GoTrue serves them:
// signInWithOtp mails a magic link and a 6-digit code (verifyOtp type email / the link's GET /verify), reauthenticate
// mails a nonce, inviteUserByEmail and generateLink make links, and the admin factor API lists and deletes factors.
// Each route is also tried as an attacker would: unknown addresses, the anon key on admin routes, another user's factor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, openVerifyLink, verifyLinkOf, type MailboxMail } from './support/confirmation-link.ts';
import { testEngines, type TestServer } from './support/start.ts';
import { authFetch, password, sessionClient, startAuthServer, totpCode, uniqueEmail } from './auth-support.ts';

const redirectTo = 'http://127.0.0.1:3000/welcome';

function codeOf(mail: MailboxMail): string {
  const code = /code: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in "${mail.subject}"`);
  return code;
}

describe.each(testEngines)('passwordless sign-in and admin mail links on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startAuthServer(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Lets the next mail of this kind through max_frequency (instead of waiting a second). */
  const backdate = (email: string) =>
    t.server.ctx.db.query(`update auth.users set recovery_sent_at = now() - interval '1 hour', reauthentication_sent_at = now() - interval '1 hour' where email = $1`, [email]);

  it('signs a new address up by OTP, mails a magic link and a code, and the code signs in once', async () => {
    const email = uniqueEmail('otp').toLowerCase();
    const client = sessionClient(t);
    const sent = await client.auth.signInWithOtp({ email, options: { data: { full_name: 'Otto Otp' } } });
    expect(sent).toMatchObject({ data: { user: null, session: null }, error: null });
    const mail = await latestMail(t.url, email, 'Your Magic Link');
    expect(new URL(verifyLinkOf(mail)).searchParams.get('type')).toBe('magiclink');

    const verified = await client.auth.verifyOtp({ email, token: codeOf(mail), type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ email, user_metadata: { full_name: 'Otto Otp' } });
    const again = await sessionClient(t).auth.verifyOtp({ email, token: codeOf(mail), type: 'email' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('opens the magic link of a known address once, refuses a second mail within max_frequency', async () => {
    const email = uniqueEmail('magic').toLowerCase();
    await t.service().auth.admin.createUser({ email, password, email_confirm: true });
    const client = sessionClient(t);
    expect((await client.auth.signInWithOtp({ email, options: { emailRedirectTo: redirectTo } })).error).toBeNull();
    const twice = await client.auth.signInWithOtp({ email });
    expect(twice.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });

    const link = verifyLinkOf(await latestMail(t.url, email, 'Your Magic Link'));
    const opened = await openVerifyLink(link);
    expect(opened.status).toBe(303);
    expect(opened.location.origin + opened.location.pathname).toBe(redirectTo);
    expect(opened.fragment.get('type')).toBe('magiclink');
    expect(opened.fragment.get('access_token')).toBeTruthy();
    expect((await openVerifyLink(link)).fragment.get('error_code')).toBe('otp_expired');
  });

  it('refuses OTP sign-up of an unknown address with shouldCreateUser false, and a malformed address', async () => {
    const email = uniqueEmail('nobody');
    const refused = await sessionClient(t).auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' });
    const { rows } = await t.server.ctx.db.query(`select 1 from auth.users where email = $1`, [email.toLowerCase()]);
    expect(rows).toHaveLength(0);
    const invalid = await sessionClient(t).auth.signInWithOtp({ email: 'not-an-address' });
    expect(invalid.error).toMatchObject({ status: 400, message: 'Unable to validate email address: invalid format' });
  });

  it('mails a reauthentication nonce to a signed-in user, and refuses one without a session', async () => {
    const email = uniqueEmail('reauth').toLowerCase();
    const client = sessionClient(t);
    expect((await client.auth.signUp({ email, password })).error).toBeNull();
    expect(await client.auth.reauthenticate()).toMatchObject({ data: { user: null, session: null }, error: null });
    const mail = await latestMail(t.url, email, 'Confirm reauthentication');
    expect(codeOf(mail)).toMatch(/^\d{6}$/);
    expect((await client.auth.reauthenticate()).error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    await backdate(email);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const anonymous = await authFetch(t, '/reauthenticate');
    expect(anonymous.status).toBe(401);
  });

  it('invites a new address (service role only): invited_at, the metadata as given, an invite link that signs in', async () => {
    const email = uniqueEmail('invitee').toLowerCase();
    const byAnon = await sessionClient(t).auth.admin.inviteUserByEmail(email);
    expect(byAnon.error).toMatchObject({ status: 403, code: 'not_admin' });

    const invited = await t.service().auth.admin.inviteUserByEmail(email, { data: { role: 'guest' }, redirectTo });
    expect(invited.error).toBeNull();
    expect(invited.data.user).toMatchObject({ email, user_metadata: { role: 'guest' } });
    expect(invited.data.user?.invited_at).toBeTruthy();
    const opened = await openVerifyLink(verifyLinkOf(await latestMail(t.url, email, 'You have been invited')));
    expect(opened.fragment.get('type')).toBe('invite');
    expect(opened.fragment.get('access_token')).toBeTruthy();

    const again = await t.service().auth.admin.inviteUserByEmail(email);
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
    const invalid = await t.service().auth.admin.inviteUserByEmail('not-an-address');
    expect(invalid.error?.message).toBe('Unable to validate email address: invalid format');
  });

  it('generates signup, magiclink, recovery and email change links without mailing them', async () => {
    const admin = t.service().auth.admin;
    const email = uniqueEmail('linked').toLowerCase();
    const byAnon = await sessionClient(t).auth.admin.generateLink({ type: 'magiclink', email });
    expect(byAnon.error).toMatchObject({ status: 403, code: 'not_admin' });
    const unknownRecovery = await admin.generateLink({ type: 'recovery', email });
    expect(unknownRecovery.error).toMatchObject({ status: 404, code: 'user_not_found' });

    const signup = await admin.generateLink({ type: 'signup', email, password, options: { data: { status: 'alpha' }, redirectTo } });
    expect(signup.error).toBeNull();
    expect(signup.data.user?.user_metadata).toEqual({ status: 'alpha' });
    expect(signup.data.properties).toMatchObject({ verification_type: 'signup', redirect_to: redirectTo, email_otp: expect.stringMatching(/^\d{6}$/) });
    const confirmed = await sessionClient(t).auth.verifyOtp({ token_hash: signup.data.properties!.hashed_token, type: 'signup' });
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy();

    const magic = await admin.generateLink({ type: 'magiclink', email });
    const signedIn = await sessionClient(t).auth.verifyOtp({ email, token: magic.data.properties!.email_otp, type: 'magiclink' });
    expect(signedIn.data.session).not.toBeNull();
    const recovery = await admin.generateLink({ type: 'recovery', email });
    expect((await openVerifyLink(recovery.data.properties!.action_link)).fragment.get('type')).toBe('recovery');

    const newEmail = uniqueEmail('moved').toLowerCase();
    const change = await admin.generateLink({ type: 'email_change_current', email, newEmail });
    expect(change.error).toBeNull();
    expect(change.data.user?.new_email).toBe(newEmail);
    expect(change.data.properties?.action_link).toMatch(/type=email_change/);
    const bad = await admin.generateLink({ type: 'nonsense' as 'signup', email, password });
    expect(bad.error).toMatchObject({ status: 400, message: 'Invalid email action link type requested: nonsense' });
    const mails = (await (await fetch(`${t.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as unknown[];
    expect(mails).toHaveLength(0);
  });

  it("lists and deletes a user's factors (service role only), never another user's", async () => {
    const owner = sessionClient(t);
    const other = sessionClient(t);
    const ownerSignup = await owner.auth.signUp({ email: uniqueEmail('factor-owner'), password });
    await other.auth.signUp({ email: uniqueEmail('factor-other'), password });
    const ownerId = ownerSignup.data.user!.id;
    const enrolled = await owner.auth.mfa.enroll({ factorType: 'totp' });
    const factorId = enrolled.data!.id;
    const challenge = await owner.auth.mfa.challengeAndVerify({ factorId, code: totpCode(enrolled.data!.totp.secret) });
    expect(challenge.error).toBeNull();
    const otherFactor = (await other.auth.mfa.enroll({ factorType: 'totp' })).data!.id;

    const admin = t.service().auth.admin.mfa;
    expect((await sessionClient(t).auth.admin.mfa.listFactors({ userId: ownerId })).error).toMatchObject({ status: 403, code: 'not_admin' });
    const listed = await admin.listFactors({ userId: ownerId });
    expect(listed.data?.factors.map((factor) => factor.id)).toEqual([factorId]);
    const crossUser = await admin.deleteFactor({ userId: ownerId, id: otherFactor });
    expect(crossUser.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });

    const deleted = await admin.deleteFactor({ userId: ownerId, id: factorId });
    expect(deleted.error).toBeNull();
    expect((deleted.data as unknown as { data: { id: string } }).data.id).toBe(factorId);
    expect((await admin.listFactors({ userId: ownerId })).data?.factors).toEqual([]);
    const { rows } = await t.server.ctx.db.query<{ aal: string }>(`select aal::text from auth.sessions where user_id = $1`, [ownerId]);
    expect(rows.map((row) => row.aal)).toEqual(['aal1']);
    expect((await admin.deleteFactor({ userId: ownerId, id: factorId })).error).toMatchObject({ status: 404 });
  });

  it('keeps admin user_metadata as given, refuses bad list pages, answers GoTrue for SAML, Web3, ID tokens and MFA without a session', async () => {
    const admin = t.service().auth.admin;
    const created = await admin.createUser({ email: uniqueEmail('meta'), password, user_metadata: { full_name: 'As Given' } });
    expect(created.data.user?.user_metadata).toEqual({ full_name: 'As Given' });
    expect(created.data.user?.identities?.[0]?.identity_data).toMatchObject({ email: created.data.user?.email, sub: created.data.user?.id });
    const updated = await admin.updateUserById(created.data.user!.id, { user_metadata: { role: 'host' } });
    expect(updated.data.user?.user_metadata).toEqual({ full_name: 'As Given', role: 'host' });

    const badPage = await admin.listUsers({ page: -1, perPage: 10 });
    expect(badPage.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(badPage.error?.message).toContain('Bad Pagination Parameters');

    const sso = await sessionClient(t).auth.signInWithSSO({ domain: 'example.test' });
    expect(sso.error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
    const web3 = await authFetch(t, '/token?grant_type=web3', { method: 'POST', body: JSON.stringify({ chain: 'solana' }) });
    expect(web3.status).toBe(422);
    expect(await web3.json()).toMatchObject({ code: 'web3_provider_disabled', message: 'Web3 provider is disabled' });

    const idToken = await sessionClient(t).auth.signInWithIdToken({ provider: 'google', token: 'not-a-real-id-token' });
    expect(idToken.error).toMatchObject({ status: 400, message: 'Bad ID token' });
    // Every /factors route asks for the session before reading the body, as GoTrue's requireAuthentication.
    const verifyWithoutSession = await authFetch(t, '/factors/00000000-0000-4000-8000-000000000000/verify', { method: 'POST', body: JSON.stringify({ code: 42 }) });
    expect(verifyWithoutSession.status).toBe(401);
    expect(await verifyWithoutSession.json()).toMatchObject({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
  });
});
