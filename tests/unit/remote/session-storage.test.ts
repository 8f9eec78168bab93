import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStorageKey, readStoredSession, urlCarriesAuthResponse, type StoredSession } from '../../../src/remote/session-storage.ts';

// The session supabase-js keeps is what keeps a user signed in offline (src/remote/auth.ts).
describe('the stored supabase-js session', () => {
  const items = new Map<string, string>();
  beforeEach(() => {
    items.clear();
    vi.stubGlobal('localStorage', { getItem: (key: string) => items.get(key) ?? null });
  });
  afterEach(() => vi.unstubAllGlobals());

  const user = { id: 'u-1', email: 'ana@example.com', user_metadata: { name: 'Ana' } };
  const ana = { user: { id: 'u-1', email: 'ana@example.com', metadata: { name: 'Ana' } } };
  const verified = { id: 'f-1', factor_type: 'totp', status: 'verified' };
  const tokenWith = (aal: string) => `e30.${Buffer.from(JSON.stringify({ sub: 'u-1', aal })).toString('base64url')}.sig`;

  it('uses supabase-js default key for the project host', () => {
    expect(authStorageKey).toBe('sb-127-auth-token');
  });

  it.each<[string, unknown, StoredSession | null]>([
    ['nothing stored', undefined, null],
    ['not JSON', '{', null],
    ['no refresh token', { expires_at: 10, user }, null],
    ['empty refresh token', { refresh_token: '', expires_at: 10, user }, null],
    ['no user id', { refresh_token: 'r', expires_at: 10, user: { email: 'x' } }, null],
    ['a full session', { refresh_token: 'r', expires_at: 10, user }, { user: { id: 'u-1', email: 'ana@example.com', metadata: { name: 'Ana' } }, awaitsSecondFactor: false }],
    ['no expiry, no e-mail', { refresh_token: 'r', user: { id: 'u-1' } }, { user: { id: 'u-1', email: null, metadata: {} }, awaitsSecondFactor: false }],
    // docs/decisions/mfa-second-factor-step.md: a password-only session of a two-factor account waits for the code.
    ['aal1 with a verified factor', { refresh_token: 'r', access_token: tokenWith('aal1'), user: { ...user, factors: [verified] } }, { ...ana, awaitsSecondFactor: true }],
    ['aal2 with a verified factor', { refresh_token: 'r', access_token: tokenWith('aal2'), user: { ...user, factors: [verified] } }, { ...ana, awaitsSecondFactor: false }],
    ['aal1 with an unverified factor only', { refresh_token: 'r', access_token: tokenWith('aal1'), user: { ...user, factors: [{ ...verified, status: 'unverified' }] } }, { ...ana, awaitsSecondFactor: false }],
    ['an unreadable token with a verified factor', { refresh_token: 'r', access_token: 'not-a-jwt', user: { ...user, factors: [verified] } }, { ...ana, awaitsSecondFactor: true }],
  ])('%s', (_label, stored, expected) => {
    if (stored !== undefined) items.set(authStorageKey, typeof stored === 'string' ? stored : JSON.stringify(stored));
    expect(readStoredSession()).toEqual(expected);
  });
});

// A page load without a kept session is signed out at once unless supabase-js has a sign-in (or an auth
// error) to pick up from the URL (src/remote/auth.ts isSignedOutAtEntry).
describe('an auth server answer in the URL', () => {
  it.each([
    ['/', false],
    ['/property/b1?check_in=2027-01-01', false],
    ['/properties?location=lisbon#top', false],
    ['/#access_token=a&refresh_token=r&expires_in=3600&token_type=bearer&type=signup', true],
    ['/reset-password#access_token=a&type=recovery', true],
    ['/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid', true],
    ['/?code=5b1c-pkce', true],
    ['/?error=server_error&error_description=Unable+to+exchange', true],
  ])('%s → %s', (path, carries) => {
    expect(urlCarriesAuthResponse(new URL(path, 'http://app.test'))).toBe(carries);
  });
});
