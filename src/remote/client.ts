import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { env } from '../config/env.ts';
import type { Database } from '../lib/database.types.ts';
import { noStoreFetch } from './no-store-fetch.ts';
import { withServerTime } from './server-time-fetch.ts';
import { authStorageKey } from './session-storage.ts';

/** The client typed by the schema (src/lib/database.types.ts, generated from the migrations). */
export type AppClient = SupabaseClient<Database>;

/**
 * The single supabase-js client of the app: session kept in local storage with auto-refresh (docs/product.md §9);
 * no answer is kept in the browser's HTTP cache (no-store-fetch.ts); token expiry is judged in device time
 * with the server's clock learnt on the way (server-time-fetch.ts).
 */
export const supabase: AppClient = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storageKey: authStorageKey },
  global: { fetch: withServerTime(noStoreFetch) },
});
