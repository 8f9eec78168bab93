import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * supabase-js (~60 KiB gzip) loads after first paint, in its own chunk, so the landing page
 * stays inside its JS budget. Every remote module reaches the client through here.
 */
export function loadClient(): Promise<SupabaseClient> {
  return import('./client.ts').then((module) => module.supabase);
}
