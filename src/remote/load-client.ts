import { markBoot } from '../lib/boot-marks.ts';
import type { AppClient } from './client.ts';

/**
 * supabase-js (~60 KiB gzip) loads after first paint, in its own chunk, so the landing page
 * stays inside its JS budget. Every remote module reaches the client through here.
 */
export function loadClient(): Promise<AppClient> {
  return import('./client.ts').then((module) => {
    markBoot('auth-client');
    return module.supabase;
  });
}
