import type { AuthChangeEvent } from '@supabase/supabase-js';
import { loadClient } from './load-client.ts';
import { awaitsSecondFactor } from './session-assurance.ts';
import { readStoredSession } from './session-storage.ts';

export interface SessionUser {
  id: string;
  email: string | null;
  /** user_metadata set at sign-up (full_name, role): used only to name a missing profile, never to authorise. */
  metadata: Record<string, unknown>;
  /**
   * A password-only (aal1) session of a user with a verified second factor: nothing of theirs loads
   * until they verify it (docs/decisions/mfa-second-factor-step.md).
   */
  awaitsSecondFactor: boolean;
}

export type SessionEvent = AuthChangeEvent;

/**
 * The user whose session this device keeps, read from supabase-js's storage without loading it, so a
 * returning user's screens render at once, offline too (docs/product.md §9). A kept session stays the
 * user's until the auth server refuses it (supabase-js then removes it and reports SIGNED_OUT): offline
 * with an expired access token, supabase-js retries the refresh for up to 30 s and then reports no
 * session at all, although it keeps the session (and its refresh token) for when the network returns.
 */
export function keptSessionUser(): SessionUser | null {
  const stored = readStoredSession();
  return stored ? { ...stored.user, awaitsSecondFactor: stored.awaitsSecondFactor } : null;
}

/**
 * Calls back with the current user once restored (INITIAL_SESSION) and on every auth event
 * (SIGNED_IN, TOKEN_REFRESHED, SIGNED_OUT, MFA_CHALLENGE_VERIFIED, …). Returns the unsubscribe.
 */
export function subscribeToSession(onChange: (event: SessionEvent, user: SessionUser | null) => void): () => void {
  let isActive = true;
  let unsubscribe = () => {};
  void loadClient().then((supabase) => {
    if (!isActive) return;
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      const user = session?.user
        ? { id: session.user.id, email: session.user.email ?? null, metadata: session.user.user_metadata ?? {}, awaitsSecondFactor: awaitsSecondFactor(session) }
        : event === 'INITIAL_SESSION'
          ? keptSessionUser()
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

let isSignOutChosen = false;

/**
 * Was the SIGNED_OUT just reported the user's own sign-out (true, once), or the server refusing the
 * session (false)? A refused session keeps unsent writes sealed (docs/decisions/sealed-session.md).
 */
export function takeChosenSignOut(): boolean {
  const chosen = isSignOutChosen;
  isSignOutChosen = false;
  return chosen;
}

export async function signOut(): Promise<void> {
  isSignOutChosen = true;
  const supabase = await loadClient();
  const { error } = await supabase.auth.signOut();
  // The server could not be reached to revoke the session (offline): sign this device out anyway, a
  // shared laptop must not stay signed in (scope 'local' removes the stored session before any request).
  if (error) await supabase.auth.signOut({ scope: 'local' });
}
