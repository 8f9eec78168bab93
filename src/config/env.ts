/**
 * Build-time configuration. `npm start` (the local stand-in) passes these to the build; a hosted
 * deploy sets them in the build environment. Checked by hand (no schema library) because this
 * module is part of the first-paint bundle.
 */
export interface Env {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** The VAPID public key push subscriptions are made with (base64url); null: push is not set up. */
  vapidPublicKey: string | null;
}

// Without a backend configured the UI still renders (landing, 404); data calls fail with a clear error.
const fallbackUrl = 'http://127.0.0.1:54321';

function readUrl(value: string | undefined): string {
  const url = value || fallbackUrl;
  try {
    new URL(url);
  } catch {
    throw new Error(`VITE_SUPABASE_URL must be a URL, got "${url}"`);
  }
  return url;
}

export const env: Env = {
  supabaseUrl: readUrl(import.meta.env.VITE_SUPABASE_URL),
  supabaseAnonKey: import.meta.env.VITE_SUPABASE_ANON_KEY || 'missing-anon-key',
  vapidPublicKey: import.meta.env.VITE_VAPID_PUBLIC_KEY || null,
};
