// Password recovery as GoTrue does it: POST /recover mails a one-time link (and a 6-digit code) to the
// user; the link's GET /verify signs the user in and redirects to redirect_to with the session in the
// fragment and type=recovery (supabase-js then emits PASSWORD_RECOVERY); POST /verify takes the code or
// the token hash instead and answers with the session. The app then sets the password with PUT /user.
//
// Like GoTrue, /recover answers 200 {} whether or not the address has an account, the stored token is a
// hash (sha224 of e-mail + code), a token works once and for otp_expiry seconds, and a new request within
// max_frequency is refused. Served for the implicit flow; a PKCE request (code_challenge) is refused
// with a clear 400 rather than half-served.
import { createHash, randomInt } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Queryable } from '../db/database.ts';
import type { AuthDeps } from './auth-deps.ts';
import { AuthError, badRequest, forbidden } from './auth-error.ts';
import { signIn } from './accounts.ts';
import { normaliseEmail } from './email-address.ts';
import { allowedRedirect } from './oauth-flow.ts';
import { optionalString, readBody } from './request-body.ts';
import { findUserByEmail, requireUserById, type UserRow } from './user-store.ts';

const recoverBody = v.object({
  email: optionalString,
  phone: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});
const verifyBody = v.object({
  type: optionalString,
  email: optionalString,
  token: optionalString,
  token_hash: optionalString,
  redirect_to: optionalString,
});

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const expiredLink = { error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' };

/** GoTrue's crypto.GenerateTokenHash: what is stored and what the link carries. */
export function recoveryTokenHash(email: string, code: string): string {
  return createHash('sha224').update(email + code).digest('hex');
}

function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Finds the user holding this unexpired recovery token and spends the token (one use). */
async function spendRecoveryToken(tx: Queryable, tokenHash: string, otpExpirySeconds: number): Promise<UserRow | null> {
  const { rows } = await tx.query<{ id: string }>(
    `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where recovery_token = $1 and recovery_token <> ''
       and recovery_sent_at > now() - make_interval(secs => $2)
       and deleted_at is null
     returning id`,
    [tokenHash, otpExpirySeconds],
  );
  const row = rows[0];
  return row ? requireUserById(tx, row.id) : null;
}

function assertRecoveryType(type: string | null | undefined): void {
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (type !== 'recovery') throw badRequest('validation_failed', `Verification type ${type} is not served by the local auth server`);
}

export function recoveryRoutes(deps: AuthDeps): Hono {
  const { db, config, rateLimits, mailbox, apiUrl } = deps;
  const app = new Hono();

  app.post('/recover', async (c) => {
    const body = await readBody(c, recoverBody);
    if (body.code_challenge || body.code_challenge_method) {
      throw badRequest('validation_failed', 'PKCE password recovery is not served by the local auth server; use the implicit flow');
    }
    if (!body.email) throw badRequest('validation_failed', 'Password recovery requires an email');
    const email = normaliseEmail(body.email);
    if (!emailPattern.test(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
    const redirectTo = allowedRedirect(config.siteUrl, c.req.query('redirect_to'));
    const user = await findUserByEmail(db, email);
    // Unknown addresses get the same answer: /recover must not tell who has an account.
    if (!user || user.deleted_at) return c.json({});
    if (user.recovery_sent_at) {
      const waitMs = new Date(user.recovery_sent_at).getTime() + config.emailMaxFrequencySeconds * 1000 - Date.now();
      if (waitMs > 0) {
        throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`);
      }
    }
    rateLimits.emailSent();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const tokenHash = recoveryTokenHash(email, code);
    await db.query(`update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`, [user.id, tokenHash]);
    const link = `${apiUrl}/auth/v1/verify?${new URLSearchParams({ token: tokenHash, type: 'recovery', redirect_to: redirectTo }).toString()}`;
    await mailbox.add({
      from: config.mailerSender,
      to: [email],
      subject: 'Reset Your Password',
      text: `Follow this link to reset the password for your user:\n${link}\n\nAlternatively, enter the code: ${code}\n`,
      html: `<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p><p><a href="${escapeHtml(link)}">Reset Password</a></p><p>Alternatively, enter the code: ${code}</p>`,
    });
    return c.json({});
  });

  app.post('/verify', async (c) => {
    const body = await readBody(c, verifyBody);
    rateLimits.limit(c, 'verify');
    assertRecoveryType(body.type);
    let tokenHash: string;
    if (body.token_hash) tokenHash = body.token_hash;
    else if (body.email && body.token) tokenHash = recoveryTokenHash(normaliseEmail(body.email), body.token.trim());
    else throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
    const response = await db.transaction(async (tx) => {
      const user = await spendRecoveryToken(tx, tokenHash, config.otpExpirySeconds);
      return user ? signIn(tx, deps, user, 'recovery', c.req.header('user-agent') ?? null) : null;
    });
    if (!response) throw forbidden('otp_expired', 'Token has expired or is invalid');
    return c.json(response);
  });

  return app;
}

/** GET /verify: the mailed link, opened in a browser without an API key (Kong leaves it open). */
export function recoveryLinkRoutes(deps: AuthDeps): Hono {
  const { db, config, rateLimits } = deps;
  const app = new Hono();
  app.get('/verify', async (c) => {
    rateLimits.limit(c, 'verify');
    assertRecoveryType(c.req.query('type'));
    const redirectTo = allowedRedirect(config.siteUrl, c.req.query('redirect_to'));
    const token = c.req.query('token') ?? '';
    const tokens = token
      ? await db.transaction(async (tx) => {
          const user = await spendRecoveryToken(tx, token, config.otpExpirySeconds);
          return user ? signIn(tx, deps, user, 'recovery', c.req.header('user-agent') ?? null) : null;
        })
      : null;
    if (!tokens) return c.redirect(withFragment(redirectTo, expiredLink), 303);
    return c.redirect(
      withFragment(redirectTo, {
        access_token: String(tokens.access_token),
        expires_at: String(tokens.expires_at),
        expires_in: String(tokens.expires_in),
        refresh_token: String(tokens.refresh_token),
        token_type: 'bearer',
        type: 'recovery',
      }),
      303,
    );
  });
  return app;
}
