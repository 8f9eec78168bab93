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
  /**
   * VITE_IMAGE_TRANSFORMATIONS=on: photos are shown through Storage's image renderer
   * (`/storage/v1/render/image/…`, Image Transformations, a paid-plan feature of hosted Supabase).
   * Anything else, the default as on a new hosted project: the WebP renditions the app uploads beside
   * each photo (docs/decisions/photo-renditions.md).
   */
  imageTransformations: boolean;
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
  imageTransformations: import.meta.env.VITE_IMAGE_TRANSFORMATIONS === 'on',
};
