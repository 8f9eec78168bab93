// Access-token claims and the token response GoTrue returns for every grant.
import type { Queryable } from '../db/database.ts';
import { signAccessToken, type LocalKeys } from '../keys.ts';
import type { AuthConfig } from './auth-config.ts';
import { sessionAssurance, type RefreshTokenRow, type SessionRow } from './session-store.ts';
import { userJson, type UserRow } from './user-store.ts';

export async function accessTokenClaims(db: Queryable, config: AuthConfig, user: UserRow, session: SessionRow): Promise<Record<string, unknown>> {
  const { aal, amr } = await sessionAssurance(db, session.id);
  return {
    aud: user.aud,
    iss: config.issuer,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role,
    aal,
    amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
}

export async function tokenResponse(
  db: Queryable,
  keys: LocalKeys,
  config: AuthConfig,
  user: UserRow,
  session: SessionRow,
  refreshToken: RefreshTokenRow,
): Promise<Record<string, unknown>> {
  const claims = await accessTokenClaims(db, config, user, session);
  const accessToken = await signAccessToken(keys, claims, config.jwtExpirySeconds);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: config.jwtExpirySeconds,
    expires_at: Math.floor(Date.now() / 1000) + config.jwtExpirySeconds,
    refresh_token: refreshToken.token,
    user: await userJson(db, user),
  };
}
