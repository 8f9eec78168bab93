// TOTP MFA through supabase-js: enroll (QR + secret), challenge, verify → aal2 session, assurance
// levels, wrong codes, unenroll rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { testEngines, type TestServer } from './support/start.ts';
import { password, sessionClient, startAuthServer, totpCode, uniqueEmail } from './auth-support.ts';

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
}

describe.each(testEngines)('auth TOTP MFA on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startAuthServer(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('enrolls, verifies into an aal2 session and unenrolls', async () => {
    const email = uniqueEmail('mfa');
    const client = sessionClient(t);
    await client.auth.signUp({ email, password });

    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app', issuer: 'NomadNest' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data;
    if (!factor || factor.type !== 'totp') throw new Error('no totp factor');
    expect(factor.friendly_name).toBe('Phone app');
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toContain(`otpauth://totp/NomadNest:${encodeURIComponent(email.toLowerCase())}?`);

    const duplicate = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });

    const before = await client.auth.mfa.listFactors();
    expect(before.data?.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']]);
    expect(before.data?.totp).toEqual([]);

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000);

    const wrong = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data?.id ?? '', code: '000000' === totpCode(factor.totp.secret) ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });

    const events: AuthChangeEvent[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data?.id ?? '', code: totpCode(factor.totp.secret) });
    expect(verified.error).toBeNull();
    const claims = claimsOf(verified.data?.access_token ?? '');
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['totp', 'password']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');

    // A spent challenge cannot be verified again.
    const replay = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data?.id ?? '', code: totpCode(factor.totp.secret) });
    expect(replay.error?.code).toBe('mfa_challenge_expired');

    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const user = await client.auth.getUser();
    expect(user.data.user?.factors).toEqual([expect.objectContaining({ id: factor.id, factor_type: 'totp', status: 'verified', friendly_name: 'Phone app' })]);

    // A fresh password sign-in is aal1 with aal2 as next level; unenrolling needs aal2.
    const second = sessionClient(t);
    await second.auth.signInWithPassword({ email, password });
    const secondAal = await second.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(secondAal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const refused = await second.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal' });

    const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data?.id).toBe(factor.id);
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session?.access_token ?? '').aal).toBe('aal1');
    expect((await client.auth.getUser()).data.user?.factors ?? []).toEqual([]);
  });

  it('refuses unknown factors and other users\' factors', async () => {
    const owner = sessionClient(t);
    await owner.auth.signUp({ email: uniqueEmail('owner'), password });
    const { data } = await owner.auth.mfa.enroll({ factorType: 'totp' });
    const stranger = sessionClient(t);
    await stranger.auth.signUp({ email: uniqueEmail('stranger'), password });
    const challenge = await stranger.auth.mfa.challenge({ factorId: data?.id ?? '' });
    expect(challenge.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    const unenroll = await stranger.auth.mfa.unenroll({ factorId: '00000000-0000-4000-8000-000000000000' });
    expect(unenroll.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    // An unverified factor can be removed at aal1.
    const removed = await owner.auth.mfa.unenroll({ factorId: data?.id ?? '' });
    expect(removed.error).toBeNull();
  });
});
