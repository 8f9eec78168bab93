// GoTrue's /verify for the links and codes the stand-in mails: type=recovery (recovery-routes.ts),
// type=signup (confirmation-mail.ts), type=magiclink and type=email (otp-routes.ts: the link and the 6-digit code
// of a sign-in mail) and type=invite (invite-routes.ts). GET is the mailed link, opened in a browser without an API key (Kong
// leaves it open): it spends the token, signs the user in and redirects 303 to redirect_to with the session
// in the fragment and the type (supabase-js then reports SIGNED_IN, or PASSWORD_RECOVERY); a used, expired
// or unknown token redirects with error=access_denied&error_code=otp_expired. POST takes the token hash, or
// the e-mail and the 6-digit code, and answers with the session.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AuthDeps } from './auth-deps.ts';
import { badRequest, forbidden } from './auth-error.ts';
import { signIn } from './accounts.ts';
import { normaliseEmail } from './email-address.ts';
import { emailTokenHash, spendVerificationToken, verificationType, type VerificationType } from './email-tokens.ts';
import { allowedRedirect } from './oauth-flow.ts';
import { optionalString, readBody } from './request-body.ts';

const verifyBody = v.object({
  type: optionalString,
  email: optionalString,
  token: optionalString,
  token_hash: optionalString,
  redirect_to: optionalString,
});

const expiredLink = { error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' };

function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

/** Spends the token and opens the session (one transaction); null when the token is not valid. */
function verifyAndSignIn(deps: AuthDeps, type: VerificationType, tokenHash: string, userAgent: string | null) {
  return deps.db.transaction(async (tx) => {
    const spent = await spendVerificationToken(tx, type, tokenHash, deps.config.otpExpirySeconds);
    if (!spent) return null;
    const session = await signIn(tx, deps, spent.user, type === 'recovery' ? 'recovery' : 'otp', userAgent);
    return { session, type: spent.type };
  });
}

export function verifyRoutes(deps: AuthDeps): Hono {
  const app = new Hono();
  app.post('/verify', async (c) => {
    const body = await readBody(c, verifyBody);
    deps.rateLimits.limit(c, 'verify');
    const type = verificationType(body.type);
    let tokenHash: string;
    if (body.token_hash) tokenHash = body.token_hash;
    else if (body.email && body.token) tokenHash = emailTokenHash(normaliseEmail(body.email), body.token.trim());
    else throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
    const verified = await verifyAndSignIn(deps, type, tokenHash, c.req.header('user-agent') ?? null);
    if (!verified) throw forbidden('otp_expired', 'Token has expired or is invalid');
    return c.json(verified.session);
  });
  return app;
}

export function verifyLinkRoutes(deps: AuthDeps): Hono {
  const app = new Hono();
  app.get('/verify', async (c) => {
    deps.rateLimits.limit(c, 'verify');
    const type = verificationType(c.req.query('type'));
    const redirectTo = allowedRedirect(deps.config.siteUrl, c.req.query('redirect_to'));
    const token = c.req.query('token') ?? '';
    const verified = token ? await verifyAndSignIn(deps, type, token, c.req.header('user-agent') ?? null) : null;
    if (!verified) return c.redirect(withFragment(redirectTo, expiredLink), 303);
    const tokens = verified.session;
    return c.redirect(
      withFragment(redirectTo, {
        access_token: String(tokens.access_token),
        expires_at: String(tokens.expires_at),
        expires_in: String(tokens.expires_in),
        refresh_token: String(tokens.refresh_token),
        token_type: 'bearer',
        type: verified.type,
      }),
      303,
    );
  });
  return app;
}
