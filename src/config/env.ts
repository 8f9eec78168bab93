import * as v from 'valibot';

/**
 * Build-time configuration. `npm start` (the local stand-in) writes these into `.env.local`;
 * a hosted deploy sets them in the build environment.
 */
const EnvSchema = v.object({
  supabaseUrl: v.pipe(v.string(), v.url('VITE_SUPABASE_URL must be a URL')),
  supabaseAnonKey: v.pipe(v.string(), v.minLength(1, 'VITE_SUPABASE_ANON_KEY is required')),
});

export type Env = v.InferOutput<typeof EnvSchema>;

// Without a backend configured the UI still renders (landing, 404); data calls fail with a clear error.
const fallbackUrl = 'http://127.0.0.1:54321';

export const env: Env = v.parse(EnvSchema, {
  supabaseUrl: import.meta.env.VITE_SUPABASE_URL || fallbackUrl,
  supabaseAnonKey: import.meta.env.VITE_SUPABASE_ANON_KEY || 'missing-anon-key',
});
