// The OAuth side of GoTrue against the local test identity provider: signed `state`, PKCE flow
// state rows (auth.flow_state), user/identity resolution on approval, and the pkce grant.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Queryable } from '../db/database.ts';
import type { LocalKeys } from '../keys.ts';
import type { AuthDeps } from './auth-deps.ts';
import { badRequest, forbidden, notFound, unprocessable } from './auth-error.ts';
import { signIn } from './accounts.ts';
import {
  findIdentity,
  findUserByEmail,
  insertIdentity,
  insertUser,
  listIdentities,
  requireUserById,
  touchIdentity,
  updateUser,
  withProviders,
  type UserRow,
} from './user-store.ts';

/** Providers the local identity provider stands in for (GoTrue's external provider names). */
export const localProviders = [
  'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'google',
  'kakao', 'keycloak', 'linkedin_oidc', 'notion', 'slack_oidc', 'spotify', 'twitch', 'twitter', 'workos', 'x', 'zoom',
] as const;

export interface OAuthState {
  provider: string;
  redirectTo: string;
  /** auth.flow_state row of a PKCE flow; absent for the implicit flow */
  flowStateId?: string;
  /** set when an already signed-in user links a new identity */
  linkUserId?: string;
}

/** State tokens are signed with a key derived from the JWT secret so they never pass as API JWTs. */
function stateKey(keys: LocalKeys): Uint8Array {
  return createHmac('sha256', keys.jwtSecret).update('local-idp-state').digest();
}

export async function signState(keys: LocalKeys, state: OAuthState, expiresInSeconds: number): Promise<string> {
  return new SignJWT({ ...state })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(`${expiresInSeconds}s`)
    .sign(stateKey(keys));
}

export async function verifyState(keys: LocalKeys, token: string): Promise<OAuthState> {
  try {
    const { payload } = await jwtVerify(token, stateKey(keys), { algorithms: ['HS256'] });
    if (typeof payload.provider !== 'string' || typeof payload.redirectTo !== 'string') throw new Error('incomplete state');
    return {
      provider: payload.provider,
      redirectTo: payload.redirectTo,
      flowStateId: typeof payload.flowStateId === 'string' ? payload.flowStateId : undefined,
      linkUserId: typeof payload.linkUserId === 'string' ? payload.linkUserId : undefined,
    };
  } catch {
    throw badRequest('bad_oauth_state', 'OAuth state parameter is invalid or has expired');
  }
}

export interface PkceParams {
  codeChallenge: string;
  method: 's256' | 'plain';
}

/** GoTrue's validatePKCEParams: both or neither; s256/plain; 43–128 characters. */
export function pkceParams(challenge: string | undefined, method: string | undefined): PkceParams | null {
  if (!challenge && !method) return null;
  if (!challenge || !method) throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  const normalised = method.toLowerCase();
  if (normalised !== 's256' && normalised !== 'plain') throw badRequest('validation_failed', 'code challenge method not supported');
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return { codeChallenge: challenge, method: normalised };
}

export async function createFlowState(tx: Queryable, provider: string, pkce: PkceParams, linkUserId: string | null): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, 'oauth', now(), now()) returning id`,
    [randomUUID(), linkUserId, randomUUID(), pkce.method, pkce.codeChallenge, provider],
  );
  return (rows[0] as { id: string }).id;
}

/** The auth code handed to redirect_to once the local provider approved the flow. */
export async function issueAuthCode(tx: Queryable, flowStateId: string, userId: string): Promise<string> {
  const { rows } = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set user_id = $2, auth_code_issued_at = now(), updated_at = now() where id = $1 returning auth_code`,
    [flowStateId, userId],
  );
  const row = rows[0];
  if (!row) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  return row.auth_code;
}

export interface ProviderProfile {
  email: string;
  fullName: string | null;
}

/**
 * GoTrue's callback user resolution: a known identity signs its user in; linking adds the identity
 * to the signed-in user; a verified e-mail that matches an existing user links automatically;
 * otherwise a new user is created. The identity's data becomes the user's metadata.
 */
export async function resolveOAuthUser(tx: Queryable, state: OAuthState, profile: ProviderProfile): Promise<UserRow> {
  const providerId = createHash('sha256').update(`${state.provider}:${profile.email}`).digest('hex').slice(0, 21);
  const identityData: Record<string, unknown> = {
    iss: 'local-idp',
    sub: providerId,
    provider_id: providerId,
    email: profile.email,
    email_verified: true,
    phone_verified: false,
    ...(profile.fullName ? { full_name: profile.fullName, name: profile.fullName } : {}),
  };
  const existing = await findIdentity(tx, state.provider, providerId);
  if (state.linkUserId) {
    if (existing && existing.user_id !== state.linkUserId) {
      throw unprocessable('identity_already_exists', 'Identity is already linked to another user');
    }
    const user = await requireUserById(tx, state.linkUserId);
    if (existing) await touchIdentity(tx, existing.id, identityData);
    else await insertIdentity(tx, user.id, state.provider, providerId, identityData);
    return addProvider(tx, user);
  }
  if (existing) {
    await touchIdentity(tx, existing.id, identityData);
    const user = await requireUserById(tx, existing.user_id);
    return updateUser(tx, user.id, { userMetadata: { ...(user.raw_user_meta_data ?? {}), ...identityData } });
  }
  const sameEmail = await findUserByEmail(tx, profile.email);
  if (sameEmail) {
    await insertIdentity(tx, sameEmail.id, state.provider, providerId, identityData);
    return addProvider(tx, sameEmail);
  }
  const user = await insertUser(tx, {
    email: profile.email,
    passwordHash: null,
    emailConfirmed: true,
    appMetadata: withProviders(null, [state.provider]),
    userMetadata: identityData,
  });
  await insertIdentity(tx, user.id, state.provider, providerId, identityData);
  return user;
}

async function addProvider(tx: Queryable, user: UserRow): Promise<UserRow> {
  const providers = (await listIdentities(tx, user.id)).map((identity) => identity.provider);
  return updateUser(tx, user.id, { appMetadata: withProviders(user.raw_app_meta_data, providers) });
}

interface FlowStateRow {
  id: string;
  user_id: string | null;
  code_challenge_method: 's256' | 'plain';
  code_challenge: string;
  authentication_method: string;
  auth_code_issued_at: Date | null;
}

/** grant_type=pkce: the code verifier must match the challenge sent to /authorize. */
export async function exchangeAuthCode(tx: Queryable, deps: AuthDeps, authCode: string, codeVerifier: string, userAgent: string | null): Promise<Record<string, unknown>> {
  if (codeVerifier.length < 43 || codeVerifier.length > 128) {
    throw badRequest('validation_failed', 'code verifier should be at least 43 characters and at most 128 characters');
  }
  const { rows } = await tx.query<FlowStateRow>(
    `select id, user_id, code_challenge_method::text as code_challenge_method, code_challenge, authentication_method, auth_code_issued_at
     from auth.flow_state where auth_code = $1 for update`,
    [authCode],
  );
  const flow = rows[0];
  if (!flow || !flow.user_id || !flow.auth_code_issued_at) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (new Date(flow.auth_code_issued_at).getTime() + deps.config.flowStateExpirySeconds * 1000 < Date.now()) {
    await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const computed = flow.code_challenge_method === 's256' ? createHash('sha256').update(codeVerifier).digest('base64url') : codeVerifier;
  if (computed !== flow.code_challenge) throw forbidden('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
  const user = await requireUserById(tx, flow.user_id);
  return signIn(tx, deps, user, 'oauth', userAgent);
}

/** GoTrue sends browsers back only to allowed URLs; locally any loopback URL is allowed, else site_url. */
export function allowedRedirect(siteUrl: string, requested: string | undefined): string {
  if (!requested) return siteUrl;
  try {
    const url = new URL(requested);
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) || url.hostname.endsWith('.localhost');
    if ((url.protocol === 'http:' || url.protocol === 'https:') && loopback) return url.toString();
    if (url.origin === new URL(siteUrl).origin) return url.toString();
  } catch {
    // not a URL: fall back to the site
  }
  return siteUrl;
}
