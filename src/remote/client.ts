import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { env } from '../config/env.ts';
import { authStorageKey } from './session-storage.ts';

/** The single supabase-js client of the app: session kept in local storage with auto-refresh (docs/product.md §9). */
export const supabase: SupabaseClient = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storageKey: authStorageKey },
});
