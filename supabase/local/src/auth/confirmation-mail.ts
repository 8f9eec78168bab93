// Sign-up confirmation as GoTrue sends it when `[auth.email] enable_confirmations = true` (no autoconfirm):
// POST /signup and POST /resend {type: 'signup', email} store a confirmation token and mail its link, which
// GET /verify?type=signup spends (verify-routes.ts). Each mail counts against `[auth.rate_limit] email_sent`
// (project-wide, per hour) and a second one within `[auth.email] max_frequency` of the last is refused.
// /resend answers 200 {} for an unknown or already confirmed address, so it tells no one who is registered
// (docs/decisions/email-confirmation.md).
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Queryable } from '../db/database.ts';
import type { AuthDeps } from './auth-deps.ts';
import { badRequest } from './auth-error.ts';
import { normaliseEmail } from './email-address.ts';
import { assertMailFrequency, emailTokenHash, newEmailCode, storeEmailToken } from './email-tokens.ts';
import { escapeHtml, verifyLink } from './mail-links.ts';
import { allowedRedirect } from './oauth-flow.ts';
import { optionalString, readBody } from './request-body.ts';
import { findUserByEmail, type UserRow } from './user-store.ts';

const resendBody = v.object({ type: optionalString, email: optionalString, phone: optionalString });
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ConfirmationMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * Stores a new confirmation token for the user inside `tx` and returns the mail to send once `tx` commits.
 * Throws GoTrue's 429s (max_frequency, then email_sent) before anything is stored, so the caller's
 * transaction rolls back: a refused sign-up creates no user.
 */
export async function prepareConfirmation(tx: Queryable, deps: AuthDeps, user: UserRow, redirectTo: string): Promise<ConfirmationMail> {
  assertMailFrequency(user.confirmation_sent_at, deps.config.emailMaxFrequencySeconds);
  deps.rateLimits.emailSent();
  const email = user.email ?? '';
  const code = newEmailCode();
  const tokenHash = emailTokenHash(email, code);
  await storeEmailToken(tx, user.id, 'signup', tokenHash);
  const link = verifyLink(deps, tokenHash, 'signup', redirectTo);
  return {
    from: deps.config.mailerSender,
    to: [email],
    subject: 'Confirm Your Signup',
    text: `Follow this link to confirm your user:\n${link}\n\nAlternatively, enter the code: ${code}\n`,
    html: `<h2>Confirm your signup</h2><p>Follow this link to confirm your user:</p><p><a href="${escapeHtml(link)}">Confirm your mail</a></p><p>Alternatively, enter the code: ${code}</p>`,
  };
}

export function confirmationRoutes(deps: AuthDeps): Hono {
  const { db, config, rateLimits, mailbox } = deps;
  const app = new Hono();

  app.post('/resend', async (c) => {
    // GoTrue limits /resend per client address with its own limiter at the OTP rate (sign_in_sign_ups).
    rateLimits.limit(c, 'resend');
    const body = await readBody(c, resendBody);
    if (body.type !== 'signup') {
      // email_change, sms and phone_change are GoTrue's too; the stand-in mails sign-up confirmations only.
      if (['email_change', 'sms', 'phone_change'].includes(body.type ?? '')) throw badRequest('validation_failed', `Resending ${body.type} is not served by the local auth server`);
      throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
    }
    if (!body.email) throw badRequest('validation_failed', 'Type provided requires an email address');
    if (!config.emailProviderEnabled) throw badRequest('email_provider_disabled', 'Email logins are disabled');
    const email = normaliseEmail(body.email);
    if (!emailPattern.test(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
    const redirectTo = allowedRedirect(config.siteUrl, c.req.query('redirect_to'));
    const mail = await db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user || user.deleted_at || user.email_confirmed_at) return null;
      return prepareConfirmation(tx, deps, user, redirectTo);
    });
    if (mail) await mailbox.add(mail);
    return c.json({});
  });

  return app;
}
