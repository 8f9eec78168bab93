import { env } from '../config/env.ts';
import { awaitsSecondFactor } from './session-assurance.ts';

/**
 * Where supabase-js keeps the session in local storage: its default key for this project, passed to
 * the client explicitly (client.ts) so the app can read the session the client keeps while offline.
 */
export const authStorageKey = `sb-${new URL(env.supabaseUrl).hostname.split('.')[0]}-auth-token`;

export interface StoredSession {
  user: { id: string; email: string | null; metadata: Record<string, unknown> };
  /** a password-only session of a user with two-factor sign-in (session-assurance.ts) */
  awaitsSecondFactor: boolean;
}

/**
 * The session supabase-js holds in storage (one with a refresh token), if any. It removes it on sign-out
 * and when the auth server refuses the refresh token, never because a refresh found no network.
 */
export function readStoredSession(): StoredSession | null {
  try {
    const stored = JSON.parse(globalThis.localStorage?.getItem(authStorageKey) ?? 'null') as
      | { refresh_token?: unknown; access_token?: unknown; user?: { id?: unknown; email?: unknown; user_metadata?: unknown; factors?: unknown } }
      | null;
    if (typeof stored?.refresh_token !== 'string' || !stored.refresh_token || typeof stored.user?.id !== 'string') return null;
    const { id, email, user_metadata: metadata } = stored.user;
    return {
      user: { id, email: typeof email === 'string' ? email : null, metadata: (metadata as Record<string, unknown> | undefined) ?? {} },
      awaitsSecondFactor: awaitsSecondFactor(stored),
    };
  } catch {
    return null;
  }
}

/**
 * Whether the URL brings an auth server answer that supabase-js turns into a session or an error on load
 * (`detectSessionInUrl`): tokens or an error in the fragment (implicit flow: e-mail confirmation,
 * recovery, magic link, OAuth), a PKCE `code`, or an error in the query.
 */
export function urlCarriesAuthResponse({ hash, search }: { hash: string; search: string }): boolean {
  return /[#&](access_token|error|error_description)=/.test(hash) || /[?&](code|error_description)=/.test(search);
}
