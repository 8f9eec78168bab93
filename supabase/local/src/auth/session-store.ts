// Sessions, refresh-token families (rotation with a reuse interval, as GoTrue) and AMR claims.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { AuthConfig } from './auth-config.ts';
import { badRequest } from './auth-error.ts';

export type AuthenticationMethod = 'password' | 'oauth' | 'totp' | 'anonymous' | 'recovery' | 'otp';
export type Aal = 'aal1' | 'aal2';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: Aal | null;
  factor_id: string | null;
  created_at: Date;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string;
  updated_at: Date;
}

export interface AmrEntry {
  method: string;
  timestamp: number;
}

const sessionColumns = 'id, user_id, aal::text as aal, factor_id, created_at';
const tokenColumns = 'id::text as id, token, user_id, revoked, parent, session_id, updated_at';
const mfaMethods = new Set(['totp', 'phone', 'webauthn']);

/** Opaque refresh token; the client never parses it. */
function newRefreshToken(): string {
  return randomBytes(16).toString('base64url');
}

async function insertRefreshToken(db: Queryable, userId: string, sessionId: string, parent: string | null): Promise<RefreshTokenRow> {
  const { rows } = await db.query<RefreshTokenRow>(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $4, now(), now()) returning ${tokenColumns}`,
    [newRefreshToken(), userId, parent, sessionId],
  );
  return rows[0] as RefreshTokenRow;
}

export async function addAmrClaim(db: Queryable, sessionId: string, method: AuthenticationMethod): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `update auth.mfa_amr_claims set updated_at = now() where session_id = $1 and authentication_method = $2 returning id`,
    [sessionId, method],
  );
  if (rows.length === 0) {
    await db.query(
      `insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at) values ($1, $2, $3, now(), now())`,
      [randomUUID(), sessionId, method],
    );
  }
}

/** A fresh session (aal1) with its first refresh token. */
export async function createSession(db: Queryable, userId: string, method: AuthenticationMethod, userAgent: string | null): Promise<{ session: SessionRow; refreshToken: RefreshTokenRow }> {
  const { rows } = await db.query<SessionRow>(
    `insert into auth.sessions (id, user_id, aal, created_at, updated_at, refreshed_at, user_agent)
     values ($1, $2, 'aal1', now(), now(), now(), $3) returning ${sessionColumns}`,
    [randomUUID(), userId, userAgent],
  );
  const session = rows[0] as SessionRow;
  await addAmrClaim(db, session.id, method);
  const refreshToken = await insertRefreshToken(db, userId, session.id, null);
  return { session, refreshToken };
}

export async function findSession(db: Queryable, sessionId: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(`select ${sessionColumns} from auth.sessions where id = $1`, [sessionId]);
  return rows[0] ?? null;
}

/** AMR entries newest first, and the AAL they imply (any second factor → aal2). */
export async function sessionAssurance(db: Queryable, sessionId: string): Promise<{ aal: Aal; amr: AmrEntry[] }> {
  const { rows } = await db.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  const amr = rows.map((row) => ({ method: row.authentication_method, timestamp: Math.floor(new Date(row.updated_at).getTime() / 1000) }));
  return { aal: amr.some((entry) => mfaMethods.has(entry.method)) ? 'aal2' : 'aal1', amr };
}

export async function setSessionAal(db: Queryable, sessionId: string, aal: Aal, factorId: string | null): Promise<void> {
  await db.query(`update auth.sessions set aal = $2, factor_id = $3, updated_at = now() where id = $1`, [sessionId, aal, factorId]);
}

export async function removeAmrClaim(db: Queryable, sessionId: string, method: string): Promise<void> {
  await db.query(`delete from auth.mfa_amr_claims where session_id = $1 and authentication_method = $2`, [sessionId, method]);
}

/** The newest unrevoked token of a session (the one the client should hold). */
async function activeToken(db: Queryable, sessionId: string): Promise<RefreshTokenRow | null> {
  const { rows } = await db.query<RefreshTokenRow>(
    `select ${tokenColumns} from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
    [sessionId],
  );
  return rows[0] ?? null;
}

/** Revoke the current token of a session and issue its child (used after MFA verification too). */
export async function swapActiveToken(db: Queryable, session: SessionRow): Promise<RefreshTokenRow> {
  const current = await activeToken(db, session.id);
  if (current) await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [current.id]);
  return insertRefreshToken(db, session.user_id, session.id, current?.token ?? null);
}

/**
 * GoTrue's refresh_token grant. A revoked token is accepted when it is the parent of the active
 * token (that token is handed out again: the client lost the previous answer) or when it was
 * revoked less than the reuse interval ago; any other reuse revokes the whole family.
 * Returns null with `familyRevoked` so the caller commits the revocation before failing.
 */
export async function rotateRefreshToken(
  db: Queryable,
  config: AuthConfig,
  presented: string,
): Promise<{ session: SessionRow; refreshToken: RefreshTokenRow } | { familyRevoked: true }> {
  const { rows } = await db.query<RefreshTokenRow>(
    `select ${tokenColumns} from auth.refresh_tokens where token = $1 for update`,
    [presented],
  );
  const token = rows[0];
  if (!token) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const session = token.session_id ? await findSession(db, token.session_id) : null;
  if (!session) throw badRequest('session_not_found', 'Invalid Refresh Token: Session Not Found');

  if (token.revoked) {
    const active = await activeToken(db, session.id);
    if (active && active.parent === token.token) return { session, refreshToken: active };
    const reuseUntil = new Date(token.updated_at).getTime() + config.refreshTokenReuseIntervalSeconds * 1000;
    if (Date.now() > reuseUntil) {
      // Revoked as a family, so none of them falls inside the reuse interval afterwards.
      await db.query(
        `update auth.refresh_tokens set revoked = true, updated_at = to_timestamp(0) where session_id = $1 and revoked = false`,
        [session.id],
      );
      return { familyRevoked: true };
    }
  } else {
    await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [token.id]);
  }
  const child = await insertRefreshToken(db, session.user_id, session.id, token.token);
  await db.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [session.id]);
  return { session, refreshToken: child };
}

export type LogoutScope = 'global' | 'local' | 'others';

export async function logout(db: Queryable, userId: string, sessionId: string, scope: LogoutScope): Promise<void> {
  // Refresh tokens, AMR claims and challenges go with their session (ON DELETE CASCADE).
  if (scope === 'local') await db.query(`delete from auth.sessions where id = $1`, [sessionId]);
  else if (scope === 'others') await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
  else await db.query(`delete from auth.sessions where user_id = $1`, [userId]);
}
