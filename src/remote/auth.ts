import type { AuthChangeEvent } from '@supabase/supabase-js';
import { loadClient } from './load-client.ts';

export interface SessionUser {
  id: string;
  email: string | null;
  /** user_metadata set at sign-up (full_name, role): used only to name a missing profile, never to authorise. */
  metadata: Record<string, unknown>;
}

export type SessionEvent = AuthChangeEvent;

/**
 * Calls back with the current user once restored (INITIAL_SESSION) and on every auth event
 * (SIGNED_IN, TOKEN_REFRESHED, SIGNED_OUT, MFA_CHALLENGE_VERIFIED, …). Returns the unsubscribe.
 */
export function subscribeToSession(onChange: (event: SessionEvent, user: SessionUser | null) => void): () => void {
  let isActive = true;
  let unsubscribe = () => {};
  // session-storage loads with the client (client.ts imports it): nothing added to the first paint.
  void Promise.all([loadClient(), import('./session-storage.ts')]).then(([supabase, { needsRefresh, readStoredSession }]) => {
    if (!isActive) return;
    // Offline with an expired access token, supabase-js retries the refresh for up to 30 s before it reports
    // INITIAL_SESSION, and then reports no session although it keeps the session (and its refresh token) in
    // storage. A stored session stays the user's until the auth server refuses it (supabase-js then removes
    // it): report it at once, and keep it; TOKEN_REFRESHED follows when the network returns.
    const stored = readStoredSession();
    if (stored && needsRefresh(stored)) onChange('INITIAL_SESSION', stored.user);
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      const user = session?.user
        ? { id: session.user.id, email: session.user.email ?? null, metadata: session.user.user_metadata ?? {} }
        : event === 'INITIAL_SESSION'
          ? (readStoredSession()?.user ?? null)
          : null;
      onChange(event, user);
    });
    unsubscribe = () => data.subscription.unsubscribe();
  });
  return () => {
    isActive = false;
    unsubscribe();
  };
}

export async function signOut(): Promise<void> {
  const supabase = await loadClient();
  const { error } = await supabase.auth.signOut();
  // The server could not be reached to revoke the session (offline): sign this device out anyway, a
  // shared laptop must not stay signed in (scope 'local' removes the stored session before any request).
  if (error) await supabase.auth.signOut({ scope: 'local' });
}
