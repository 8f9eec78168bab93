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

  it('uses supabase-js default key for the project host', () => {
    expect(authStorageKey).toBe('sb-127-auth-token');
  });

  it.each<[string, unknown, StoredSession | null]>([
    ['nothing stored', undefined, null],
    ['not JSON', '{', null],
    ['no refresh token', { expires_at: 10, user }, null],
    ['empty refresh token', { refresh_token: '', expires_at: 10, user }, null],
    ['no user id', { refresh_token: 'r', expires_at: 10, user: { email: 'x' } }, null],
    ['a full session', { refresh_token: 'r', expires_at: 10, user }, { user: { id: 'u-1', email: 'ana@example.com', metadata: { name: 'Ana' } } }],
    ['no expiry, no e-mail', { refresh_token: 'r', user: { id: 'u-1' } }, { user: { id: 'u-1', email: null, metadata: {} } }],
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
