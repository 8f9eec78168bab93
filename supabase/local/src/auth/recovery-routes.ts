// Password recovery as GoTrue does it: POST /recover mails a one-time link (and a 6-digit code) to the
// user; the link's GET /verify (verify-routes.ts) signs the user in and redirects to redirect_to with the
// session in the fragment and type=recovery (supabase-js then emits PASSWORD_RECOVERY). The app then
// sets the password with PUT /user.
//
// Like GoTrue, /recover answers 200 {} whether or not the address has an account, the stored token is a
// hash (email-tokens.ts), and a new request within max_frequency is refused. Served for the implicit
// flow; a PKCE request (code_challenge) is refused with a clear 400 rather than half-served.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AuthDeps } from './auth-deps.ts';
import { badRequest } from './auth-error.ts';
import { normaliseEmail } from './email-address.ts';
import { assertMailFrequency, emailTokenHash, newEmailCode, storeEmailToken } from './email-tokens.ts';
import { escapeHtml, verifyLink } from './mail-links.ts';
import { allowedRedirect } from './oauth-flow.ts';
import { optionalString, readBody } from './request-body.ts';
import { findUserByEmail } from './user-store.ts';

const recoverBody = v.object({
  email: optionalString,
  phone: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function recoveryRoutes(deps: AuthDeps): Hono {
  const { db, config, rateLimits, mailbox } = deps;
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
    assertMailFrequency(user.recovery_sent_at, config.emailMaxFrequencySeconds);
    rateLimits.emailSent();
    const code = newEmailCode();
    const tokenHash = emailTokenHash(email, code);
    await storeEmailToken(db, user.id, 'recovery', tokenHash);
    const link = verifyLink(deps, tokenHash, 'recovery', redirectTo);
    await mailbox.add({
      from: config.mailerSender,
      to: [email],
      subject: 'Reset Your Password',
      text: `Follow this link to reset the password for your user:\n${link}\n\nAlternatively, enter the code: ${code}\n`,
      html: `<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p><p><a href="${escapeHtml(link)}">Reset Password</a></p><p>Alternatively, enter the code: ${code}</p>`,
    });
    return c.json({});
  });

  return app;
}
