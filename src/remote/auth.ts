import type { AuthChangeEvent } from '@supabase/supabase-js';
import { loadClient } from './load-client';

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
  void loadClient().then((supabase) => {
    if (!isActive) return;
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      const user = session?.user ? { id: session.user.id, email: session.user.email ?? null, metadata: session.user.user_metadata ?? {} } : null;
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
  if (error) throw error;
}
