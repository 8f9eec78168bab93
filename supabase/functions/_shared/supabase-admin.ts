// The service-role supabase-js client of the functions, and who is calling. On Node the stand-in
// installs a global WebSocket (from `ws`), so createClient works unchanged on both runtimes.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { accessTokenAal } from './domain/access-token-aal.ts';
import { getEnv, requireEnv } from './env.ts';
import { HttpError } from './http.ts';

/** Hosted projects provide SUPABASE_SERVICE_ROLE_KEY (legacy) and/or SUPABASE_SECRET_KEYS (JSON). */
function serviceKey(): string {
  const legacy = getEnv('SUPABASE_SERVICE_ROLE_KEY') ?? getEnv('SUPABASE_SECRET_KEY');
  if (legacy) return legacy;
  const keys = getEnv('SUPABASE_SECRET_KEYS');
  const fromJson = keys ? (JSON.parse(keys) as Record<string, string>).default : undefined;
  if (!fromJson) throw new Error('Missing environment variable SUPABASE_SERVICE_ROLE_KEY');
  return fromJson;
}

export function createAdminClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), serviceKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

export type Caller = { kind: 'user'; id: string; email: string | null } | { kind: 'service' };

function bearerToken(req: Request): string | null {
  return /^bearer\s+(\S+)$/i.exec(req.headers.get('authorization')?.trim() ?? '')?.[1] ?? null;
}

/**
 * The signed-in user behind the request's bearer token, checked with the Auth server (so a signed-out
 * session is refused, not just an expired JWT). The service key itself counts as the service. A user
 * with a verified second factor must call with an aal2 token: these functions act with the service role,
 * past the RLS that asks the same of REST (docs/decisions/mfa-aal2.md).
 */
export async function requireCaller(req: Request, admin: SupabaseClient, opts: { allowService?: boolean } = {}): Promise<Caller> {
  const token = bearerToken(req);
  if (!token) throw new HttpError(401, 'unauthorized', 'Authentication required');
  if (opts.allowService && token === serviceKey()) return { kind: 'service' };
  const { data, error } = await admin.auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, 'session_expired', 'Please sign in again to continue');
  const hasVerifiedFactor = (data.user.factors ?? []).some((factor) => factor.status === 'verified');
  if (hasVerifiedFactor && accessTokenAal(token) !== 'aal2') {
    throw new HttpError(403, 'insufficient_aal', 'Enter the code from your authenticator app to continue.');
  }
  return { kind: 'user', id: data.user.id, email: data.user.email ?? null };
}

export async function requireUser(req: Request, admin: SupabaseClient): Promise<{ id: string; email: string | null }> {
  const caller = await requireCaller(req, admin);
  if (caller.kind !== 'user') throw new HttpError(401, 'unauthorized', 'Authentication required');
  return caller;
}
