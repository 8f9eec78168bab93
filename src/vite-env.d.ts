/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** the application server key PushManager.subscribe needs (base64url P-256 point) */
  readonly VITE_VAPID_PUBLIC_KEY?: string;
  /** 'on': photos through Storage's image renderer; otherwise the uploaded renditions (src/config/env.ts) */
  readonly VITE_IMAGE_TRANSFORMATIONS?: string;
}
