// The page's current access token, for the service worker's Background Sync push (the SW cannot read
// supabase-js's session in localStorage; src/hooks/use-background-sync.ts mirrors this into IndexedDB).
import { loadClient } from './load-client.ts';

/** The access token the page currently holds (what the service worker may push with). */
export interface AccessTokenSnapshot {
  userId: string;
  accessToken: string;
  /** epoch ms */
  expiresAt: number;
}

/**
 * Calls back with the current access token once the session is restored and after every sign-in and
 * token refresh, and with null when there is none (signed out, or opened offline with an expired
 * token: unusable for the SW anyway; TOKEN_REFRESHED brings it back). Returns the unsubscribe.
 */
export function subscribeToAccessToken(onChange: (token: AccessTokenSnapshot | null) => void): () => void {
  let isActive = true;
  let unsubscribe = () => {};
  void loadClient().then((supabase) => {
    if (!isActive) return;
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      if (!session?.user || !session.access_token) {
        onChange(null);
        return;
      }
      // expires_at is in seconds; a session without it is treated as expiring with the default hour.
      const expiresAt = session.expires_at ? session.expires_at * 1000 : Date.now() + (session.expires_in ?? 3600) * 1000;
      onChange({ userId: session.user.id, accessToken: session.access_token, expiresAt });
    });
    unsubscribe = () => data.subscription.unsubscribe();
  });
  return () => {
    isActive = false;
    unsubscribe();
  };
}
