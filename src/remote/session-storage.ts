import { env } from '../config/env.ts';

/**
 * Where supabase-js keeps the session in local storage: its default key for this project, passed to
 * the client explicitly (client.ts) so the app can read the session the client keeps while offline.
 */
export const authStorageKey = `sb-${new URL(env.supabaseUrl).hostname.split('.')[0]}-auth-token`;

export interface StoredSession {
  refreshToken: string;
  /** epoch ms; 0 when unknown */
  expiresAt: number;
  user: { id: string; email: string | null; metadata: Record<string, unknown> };
}

/**
 * The session supabase-js holds in storage, if any. It removes it on sign-out and when the auth server
 * refuses the refresh token, never because a refresh found no network.
 */
export function readStoredSession(): StoredSession | null {
  try {
    const raw = globalThis.localStorage?.getItem(authStorageKey);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { refresh_token?: unknown; expires_at?: unknown; user?: { id?: unknown; email?: unknown; user_metadata?: unknown } };
    if (typeof stored.refresh_token !== 'string' || !stored.refresh_token || typeof stored.user?.id !== 'string') return null;
    return {
      refreshToken: stored.refresh_token,
      expiresAt: typeof stored.expires_at === 'number' ? stored.expires_at * 1000 : 0,
      user: {
        id: stored.user.id,
        email: typeof stored.user.email === 'string' ? stored.user.email : null,
        metadata: (stored.user.user_metadata as Record<string, unknown> | undefined) ?? {},
      },
    };
  } catch {
    return null;
  }
}
