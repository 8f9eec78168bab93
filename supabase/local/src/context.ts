import type { AuthRateLimitSetting } from './auth/rate-limits.ts';
import type { Database } from './db/database.ts';
import type { LocalKeys } from './keys.ts';
import type { LocalVapidKeys } from './push/vapid-keys.ts';

/** Everything a sub-app (auth, rest, storage, functions, stripe, mailbox, realtime) needs. */
export interface LocalContext {
  db: Database;
  keys: LocalKeys;
  /** the application server's VAPID key pair of this data dir (send-push, the app's subscribe) */
  vapid: LocalVapidKeys;
  /** folder that holds migrations/, seed.sql, functions/, config.toml */
  projectDir: string;
  /** e.g. <repo>/.data/local ; storage bytes under dataDir/storage, render cache under dataDir/render-cache */
  dataDir: string;
  /** e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  /** function env: from process.env + <projectDir>/functions/.env + supabase/.env.local if present */
  env: Record<string, string>;
  /** `[auth.rate_limit]` enforcement: `config` (default) or `off`; see StartOptions.authRateLimits */
  authRateLimits?: AuthRateLimitSetting;
}
