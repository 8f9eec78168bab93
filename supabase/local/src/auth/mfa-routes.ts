// TOTP multi-factor authentication: enroll (secret + QR), challenge, verify (→ aal2 session), unenroll.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import * as v from 'valibot';
import type { Queryable } from '../db/database.ts';
import type { AuthDeps } from './auth-deps.ts';
import { forbidden, notFound, unprocessable } from './auth-error.ts';
import { optionalString, readBody } from './request-body.ts';
import { requireSignedIn } from './request-auth.ts';
import { addAmrClaim, removeAmrClaim, setSessionAal, swapActiveToken } from './session-store.ts';
import { tokenResponse } from './token-response.ts';
import { listFactors, requireUserById, type FactorRow } from './user-store.ts';

const enrollBody = v.object({
  factor_type: v.picklist(['totp', 'phone', 'webauthn']),
  friendly_name: optionalString,
  issuer: optionalString,
  phone: optionalString,
});
const challengeBody = v.object({ channel: optionalString });
const verifyBody = v.object({ challenge_id: v.pipe(v.string(), v.uuid()), code: v.string() });
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function totpFor(secret: string, issuer: string, label: string): OTPAuth.TOTP {
  // GoTrue's TOTP parameters: SHA1, 6 digits, 30 s period.
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

async function requireFactor(db: Queryable, userId: string, factorId: string): Promise<FactorRow> {
  const factor = uuidPattern.test(factorId) ? (await listFactors(db, userId)).find((row) => row.id === factorId) : undefined;
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

export function mfaRoutes(deps: AuthDeps): Hono {
  const { db, keys, config, rateLimits } = deps;
  const app = new Hono();

  app.post('/factors', async (c) => {
    // GoTrue's requireAuthentication runs before the body is read, as on every /factors route.
    const { user, session } = await requireSignedIn(db, keys, c);
    const body = await readBody(c, enrollBody);
    if (body.factor_type === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (body.factor_type === 'webauthn') throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    const issuer = body.issuer || new URL(config.siteUrl).host;
    const friendlyName = body.friendly_name ?? '';
    const factors = await listFactors(db, user.id);
    if (factors.length >= config.maxEnrolledFactors) {
      throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
    }
    if (friendlyName !== '' && factors.some((factor) => factor.friendly_name === friendlyName)) {
      throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
    }
    // GoTrue's validateFactors: with a verified factor, only an aal2 session may add another (docs/decisions/mfa-aal2.md).
    if (factors.some((factor) => factor.status === 'verified') && session.aal !== 'aal2') {
      throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const uri = totpFor(secret, issuer, user.email ?? user.phone ?? user.id).toString();
    const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M' });
    const id = randomUUID();
    await db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
       values ($1, $2, $3, 'totp', 'unverified', $4, now(), now())`,
      [id, user.id, friendlyName === '' ? null : friendlyName, secret],
    );
    // auth-js turns the raw SVG into a data URI (`data:image/svg+xml;utf-8,…`), as with hosted GoTrue.
    return c.json({ id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret, uri } });
  });

  app.post('/factors/:factorId/challenge', async (c) => {
    const { user } = await requireSignedIn(db, keys, c);
    await readBody(c, challengeBody);
    const factor = await requireFactor(db, user.id, c.req.param('factorId'));
    rateLimits.limit(c, 'mfa_challenge');
    const challenge = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; created_at: Date }>(
        `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), '127.0.0.1') returning id, created_at`,
        [randomUUID(), factor.id],
      );
      await tx.query(`update auth.mfa_factors set last_challenged_at = clock_timestamp(), updated_at = now() where id = $1`, [factor.id]);
      return rows[0] as { id: string; created_at: Date };
    });
    const expiresAt = Math.floor(new Date(challenge.created_at).getTime() / 1000) + config.mfaChallengeExpirySeconds;
    return c.json({ id: challenge.id, type: 'totp', expires_at: expiresAt });
  });

  app.post('/factors/:factorId/verify', async (c) => {
    const { user, session } = await requireSignedIn(db, keys, c);
    const body = await readBody(c, verifyBody);
    const factor = await requireFactor(db, user.id, c.req.param('factorId'));
    rateLimits.limit(c, 'mfa_verify');
    const response = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; created_at: Date; verified_at: Date | null }>(
        `select id, created_at, verified_at from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
        [body.challenge_id, factor.id],
      );
      const challenge = rows[0];
      if (!challenge) throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
      const expired = new Date(challenge.created_at).getTime() + config.mfaChallengeExpirySeconds * 1000 < Date.now();
      if (challenge.verified_at || expired) {
        await tx.query(`delete from auth.mfa_challenges where id = $1`, [challenge.id]);
        return 'expired' as const;
      }
      const totp = totpFor(factor.secret ?? '', '', user.email ?? '');
      if (totp.validate({ token: body.code.trim(), window: 1 }) === null) return 'wrong_code' as const;
      await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [challenge.id]);
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      await setSessionAal(tx, session.id, 'aal2', factor.id);
      await addAmrClaim(tx, session.id, 'totp');
      const refreshToken = await swapActiveToken(tx, session);
      const current = await requireUserById(tx, user.id);
      return tokenResponse(tx, keys, config, current, session, refreshToken);
    });
    // Failures are answered after the transaction so the spent challenge deletion is kept.
    if (response === 'expired') {
      throw unprocessable('mfa_challenge_expired', 'Challenge has expired, verify against another challenge or create a new challenge.');
    }
    if (response === 'wrong_code') throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    return c.json(response);
  });

  app.delete('/factors/:factorId', async (c) => {
    const { user, session } = await requireSignedIn(db, keys, c);
    const factor = await requireFactor(db, user.id, c.req.param('factorId'));
    // GoTrue asks the session, not the token: an aal2 token of a session since downgraded is not enough.
    if (factor.status === 'verified' && session.aal !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await db.transaction(async (tx) => {
      await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
      if (factor.status === 'verified') {
        // The session drops back to aal1 once the next token is issued.
        await setSessionAal(tx, session.id, 'aal1', null);
        await removeAmrClaim(tx, session.id, 'totp');
      }
    });
    return c.json({ id: factor.id });
  });

  return app;
}
