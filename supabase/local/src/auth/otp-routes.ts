// Passwordless e-mail sign-in as GoTrue serves it (otp.go, magic_link.go, reauthenticate.go):
// - POST /otp {email} (supabase-js signInWithOtp) and POST /magiclink: an address with a confirmed account gets
//   a mail with a magic link (GET /verify?type=magiclink) and a 6-digit code (POST /verify type=email); a new or
//   unconfirmed address is signed up first (create_user false refuses it), and gets the sign-up confirmation
//   when confirmations are on. The answer is 200 {} either way, so no one learns who has an account.
// - GET /reauthenticate (signed in): mails a 6-digit nonce for PUT /user.
// Each mail goes through GoTrue's limits: the route's per-IP bucket, max_frequency and email_sent.
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AuthDeps } from './auth-deps.ts';
import { badRequest, unprocessable } from './auth-error.ts';
import { createEmailUser } from './accounts.ts';
import { magicLinkMail, reauthenticationMail } from './auth-mails.ts';
import { normaliseEmail } from './email-address.ts';
import { signUpWithEmail } from './email-signup.ts';
import { assertMailFrequency, emailTokenHash, newEmailCode, storeEmailToken } from './email-tokens.ts';
import { verifyLink } from './mail-links.ts';
import { allowedRedirect } from './oauth-flow.ts';
import { optionalMetadata, optionalString, readBody } from './request-body.ts';
import { requireSignedIn } from './request-auth.ts';
import { findUserByEmail, type Metadata, type UserRow } from './user-store.ts';

const otpBody = v.object({
  email: optionalString,
  phone: optionalString,
  create_user: v.optional(v.nullable(v.boolean())),
  data: optionalMetadata,
  channel: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

type OtpBody = v.InferOutput<typeof otpBody>;

/** GoTrue's validateEmail: required, then the format check (lower-cased). */
function validEmail(raw: string | null | undefined): string {
  if (!raw) throw badRequest('validation_failed', 'An email address is required');
  return normaliseEmail(raw);
}

/** Mails a magic link and code to a confirmed user (GoTrue's sendMagicLink: kept as the recovery token). */
async function sendMagicLink(deps: AuthDeps, user: UserRow, redirectTo: string): Promise<void> {
  assertMailFrequency(user.recovery_sent_at, deps.config.emailMaxFrequencySeconds);
  deps.rateLimits.emailSent();
  const email = user.email ?? '';
  const code = newEmailCode();
  const tokenHash = emailTokenHash(email, code);
  await storeEmailToken(deps.db, user.id, 'recovery', tokenHash);
  await deps.mailbox.add(magicLinkMail(deps, email, verifyLink(deps, tokenHash, 'magiclink', redirectTo), code));
}

/** GoTrue's MagicLink: sign up a new (or unconfirmed) address first, then mail a confirmed user a link. */
async function magicLink(deps: AuthDeps, body: OtpBody, redirectTo: string, userAgent: string | null): Promise<void> {
  const { config, db } = deps;
  if (!config.emailProviderEnabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  if (body.code_challenge || body.code_challenge_method) {
    throw badRequest('validation_failed', 'PKCE magic links are not served by the local auth server; use the implicit flow');
  }
  const email = validEmail(body.email);
  const data: Metadata = body.data ?? {};
  let user = await findUserByEmail(db, email);
  if (!user?.email_confirmed_at) {
    if (!config.signupEnabled) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    // The account gets a password no one knows, as GoTrue's sign-up for OTP does.
    const password = randomBytes(33).toString('base64url');
    if (!config.mailerAutoconfirm) {
      await signUpWithEmail(deps, { email, password, data, redirectTo, userAgent });
      return;
    }
    user = await db.transaction((tx) => createEmailUser(tx, deps, { email, password, emailConfirmed: true, userMetadata: data }, 'user_already_exists'));
  }
  await sendMagicLink(deps, user, redirectTo);
}

export function otpRoutes(deps: AuthDeps): Hono {
  const { db, keys, config, rateLimits } = deps;
  const app = new Hono();

  app.post('/otp', async (c) => {
    rateLimits.limit(c, 'otp');
    const body = await readBody(c, otpBody);
    if (body.email && body.phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
    if (body.email && body.channel) throw badRequest('validation_failed', 'Channel should only be specified with Phone OTP');
    if (body.create_user === false && (body.email || body.phone)) {
      // GoTrue's shouldCreateUser: an address without an account is refused (this does tell who has one).
      const known = body.email ? await findUserByEmail(db, validEmail(body.email)) : null;
      if (!known) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    }
    if (body.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    if (!body.email) throw badRequest('validation_failed', 'One of email or phone must be set');
    await magicLink(deps, body, allowedRedirect(config.siteUrl, c.req.query('redirect_to')), c.req.header('user-agent') ?? null);
    return c.json({});
  });

  app.post('/magiclink', async (c) => {
    rateLimits.limit(c, 'magiclink');
    const body = await readBody(c, otpBody);
    if (!body.email) throw unprocessable('validation_failed', 'Password recovery requires an email');
    await magicLink(deps, body, allowedRedirect(config.siteUrl, c.req.query('redirect_to')), c.req.header('user-agent') ?? null);
    return c.json({});
  });

  app.get('/reauthenticate', async (c) => {
    const { user } = await requireSignedIn(db, keys, c);
    if (!user.email && !user.phone) throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    if (!user.email) throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
    if (!user.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
    const { rows } = await db.query<{ sent: Date | null }>(`select reauthentication_sent_at as sent from auth.users where id = $1`, [user.id]);
    assertMailFrequency(rows[0]?.sent ?? null, config.emailMaxFrequencySeconds);
    rateLimits.emailSent();
    const code = newEmailCode();
    await storeEmailToken(db, user.id, 'reauthentication', emailTokenHash(user.email, code));
    await deps.mailbox.add(reauthenticationMail(deps, user.email, code));
    return c.json({});
  });

  return app;
}
