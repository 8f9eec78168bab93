// Serves auth-js's test/lib/clients.ts to its tests in the upstream-suites bench. Upstream builds its clients
// for the CLI's auth on 127.0.0.1:54321 with keys signed by RS256 signing keys generated at setup; the
// stand-in signs with one HS256 secret, so these are the same clients with the stand-in's URL and keys.
// `@supabase/auth-js` resolves to the upstream checkout's src (tests/bench/support/upstream-vitest.ts), so
// errors and clients are the classes the tests import.
import { GoTrueAdminApi, GoTrueClient, type GoTrueClientOptions, type SupportedStorage } from '@supabase/auth-js';
import { sign } from './upstream-jsonwebtoken.ts';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (run through tests/bench/upstream-suites.ts)`);
  return value;
}

export const GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON = `${env('UPSTREAM_API_URL')}/auth/v1`;
export const GOTRUE_JWT_SECRET = env('UPSTREAM_JWT_SECRET');
export const SUPABASE_PUBLISHABLE_KEY = env('UPSTREAM_ANON_KEY');
export const SUPABASE_SECRET_KEY = env('UPSTREAM_SERVICE_ROLE_KEY');
const AUTH_ADMIN_JWT = sign({ sub: '1234567890', role: 'supabase_admin' }, GOTRUE_JWT_SECRET);

class MemoryStorage {
  private readonly items = new Map<string, string>();

  setItem(name: string, value: string): Promise<void> {
    this.items.set(name, value);
    return Promise.resolve();
  }

  getItem(name: string): Promise<string | null> {
    return Promise.resolve(this.items.get(name) ?? null);
  }

  removeItem(name: string): Promise<void> {
    this.items.delete(name);
    return Promise.resolve();
  }
}

const userClient = (options: GoTrueClientOptions = {}): GoTrueClient =>
  new GoTrueClient({ url: GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON, headers: { apikey: SUPABASE_PUBLISHABLE_KEY }, autoRefreshToken: false, persistSession: true, storage: new MemoryStorage(), ...options });

export const authClient = userClient();
export const authClientWithSession = userClient();
export const authSubscriptionClient = userClient();
export const clientApiAutoConfirmEnabledClient = userClient();
export const pkceClient = userClient({ flowType: 'pkce' });
export const autoRefreshClient = new GoTrueClient({ url: GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON, headers: { apikey: SUPABASE_PUBLISHABLE_KEY }, autoRefreshToken: true, persistSession: true });
export const authAdminApiAutoConfirmEnabledClient = new GoTrueAdminApi({
  url: GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON,
  headers: { apikey: SUPABASE_SECRET_KEY, Authorization: `Bearer ${AUTH_ADMIN_JWT}` },
});
export const serviceRoleApiClient = new GoTrueAdminApi({
  url: GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON,
  headers: { apikey: SUPABASE_SECRET_KEY, Authorization: `Bearer ${SUPABASE_SECRET_KEY}` },
});

export function getClientWithSpecificStorage(storage: SupportedStorage): GoTrueClient {
  return userClient({ storageKey: 'test-specific-storage', storage });
}

export function getClientWithSpecificStorageKey(storageKey: string, opts: GoTrueClientOptions = {}): GoTrueClient {
  return new GoTrueClient({ url: GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON, headers: { apikey: SUPABASE_PUBLISHABLE_KEY }, autoRefreshToken: false, persistSession: true, storageKey, ...opts });
}
