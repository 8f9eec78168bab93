// A SyncRemote for the service worker's Background Sync push: a supabase-js client that sends one
// stored access token and has no auth client at all (no storage, no refresh timer, no session in
// localStorage, which the SW does not have). Its refreshSession never refreshes: the refresh token
// stays with the page, whose supabase-js rotates it; a rotation here would sign the page out. A 401
// therefore leaves the write queued ('network'), for the page to send when next opened.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { env } from '../config/env.ts';
import { createSupabaseSyncRemote } from './sync-remote.ts';
import type { SyncRemote } from './sync-port.ts';

export interface FixedTokenClientOptions {
  accessToken: string;
  /** default: the build's VITE_SUPABASE_URL */
  url?: string;
  /** default: the build's VITE_SUPABASE_ANON_KEY */
  anonKey?: string;
  /** Node before 22 (tests) needs a WebSocket class for supabase-js's realtime client */
  realtimeTransport?: typeof globalThis.WebSocket;
}

export function createFixedTokenClient(options: FixedTokenClientOptions): SupabaseClient {
  const { accessToken } = options;
  return createClient(options.url ?? env.supabaseUrl, options.anonKey ?? env.supabaseAnonKey, {
    // The accessToken option replaces supabase-js's auth client: every request carries this token.
    accessToken: () => Promise.resolve(accessToken),
    ...(options.realtimeTransport && { realtime: { transport: options.realtimeTransport } }),
  });
}

export function createFixedTokenSyncRemote(options: FixedTokenClientOptions): SyncRemote {
  const client = createFixedTokenClient(options);
  return {
    ...createSupabaseSyncRemote(() => Promise.resolve(client)),
    refreshSession: () => Promise.resolve('network'),
  };
}
