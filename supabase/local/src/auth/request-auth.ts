// Who is calling: the gateway's API-key check, the signed-in user behind a Bearer access token,
// and the service-role check of the admin endpoints.
import type { Context } from 'hono';
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { JwtError, noApiKeyError, resolveRequestAuth, verifyJwt, type LocalKeys } from '../keys.ts';
import { AuthError, forbidden } from './auth-error.ts';
import { findSession, type SessionRow } from './session-store.ts';
import { findUserById, type UserRow } from './user-store.ts';

export interface SignedIn {
  user: UserRow;
  session: SessionRow;
  claims: Record<string, unknown>;
}

/** Kong's key-auth in front of GoTrue: every non-browser route needs one of this project's keys. */
export function assertApiKey(keys: LocalKeys, c: Context): void {
  const apiKey = c.req.header('apikey') ?? new URL(c.req.url).searchParams.get('apikey');
  if (!apiKey) throw noApiKeyError();
  if (![keys.anonKey, keys.serviceRoleKey, keys.publishableKey, keys.secretKey].includes(apiKey)) {
    throw new HttpError(401, 'invalid_api_key', { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  }
}

function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization');
  const match = header ? /^bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

async function verifiedClaims(keys: LocalKeys, token: string): Promise<Record<string, unknown>> {
  try {
    return await verifyJwt(keys, token);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    const reason = error.code === 'expired' ? 'token has invalid claims: token is expired' : error.message;
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

/** GoTrue's requireAuthentication: a valid user access token whose user and session still exist. */
export async function requireSignedIn(db: Queryable, keys: LocalKeys, c: Context): Promise<SignedIn> {
  const token = bearerToken(c);
  if (!token || token.startsWith('sb_')) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await verifiedClaims(keys, token);
  if (typeof claims.sub !== 'string' || claims.sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const user = await findUserById(db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const session = typeof claims.session_id === 'string' ? await findSession(db, claims.session_id) : null;
  if (!session || session.user_id !== user.id) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  return { user, session, claims };
}

/** GoTrue's requireAdmin, with the CLI gateway's key → role mapping in front. */
export async function requireServiceRole(keys: LocalKeys, c: Context): Promise<void> {
  let role: string;
  try {
    ({ role } = await resolveRequestAuth(keys, c.req.raw.headers, new URL(c.req.url)));
  } catch (error) {
    if (error instanceof HttpError && (error.reason === 'bad_jwt' || error.reason === 'expired')) {
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${error.message}`);
    }
    throw error;
  }
  if (role !== 'service_role') throw forbidden('not_admin', 'User not allowed');
}

/** GoTrue's requireManualLinkingEnabled on /user/identities/*, after the signed-in check. */
export function assertManualLinking(config: { manualLinkingEnabled: boolean }): void {
  if (!config.manualLinkingEnabled) throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
}
