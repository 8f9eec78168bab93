// A SyncRemote for the service worker's Background Sync push: REST only, over @supabase/postgrest-js
// with one stored access token (the push needs neither auth-js nor realtime, and the SW has no
// localStorage session). Its refreshSession never refreshes: the refresh token stays with the page,
// whose supabase-js rotates it; a rotation here would sign the page out. A 401 therefore leaves the
// write queued ('network'), for the page to send when next opened.
import { PostgrestClient } from '@supabase/postgrest-js';
import { env } from '../config/env.ts';
import { noStoreFetch } from './no-store-fetch.ts';
import { createRestSyncRemote } from './rest-sync-remote.ts';
import type { SyncRemote } from './sync-port.ts';

export interface FixedTokenClientOptions {
  accessToken: string;
  /** default: the build's VITE_SUPABASE_URL */
  url?: string;
  /** default: the build's VITE_SUPABASE_ANON_KEY */
  anonKey?: string;
}

/** The REST client supabase-js would build for this token: same endpoint, same apikey and bearer headers, nothing kept in the HTTP cache. */
export function createFixedTokenRestClient(options: FixedTokenClientOptions): PostgrestClient {
  const baseUrl = options.url ?? env.supabaseUrl;
  return new PostgrestClient(new URL('rest/v1', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href, {
    headers: { apikey: options.anonKey ?? env.supabaseAnonKey, Authorization: `Bearer ${options.accessToken}` },
    schema: 'public',
    fetch: noStoreFetch,
  });
}

export function createFixedTokenSyncRemote(options: FixedTokenClientOptions): SyncRemote {
  const client = createFixedTokenRestClient(options);
  return {
    ...createRestSyncRemote(() => Promise.resolve(client)),
    refreshSession: () => Promise.resolve('network'),
    // The push runs the engine with no realtime tables, so it never subscribes; realtime stays out of the SW.
    subscribe: () => {
      throw new Error('The service worker remote has no realtime: run its engine with realtimeTables: []');
    },
  };
}
