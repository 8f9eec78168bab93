// GoTrue's anonymous sign-in (anonymous.go): POST /signup with neither e-mail nor phone, served when
// `[auth] enable_anonymous_sign_ins = true`; limited per IP by `[auth.rate_limit] anonymous_users` an hour.
// The user has no address and no identity, is_anonymous = true, and gets a session at once.
import type { Context } from 'hono';
import type { AuthDeps } from './auth-deps.ts';
import { AuthError, unprocessable } from './auth-error.ts';
import { signIn } from './accounts.ts';
import { insertUser, type Metadata } from './user-store.ts';

export async function signUpAnonymously(deps: AuthDeps, c: Context, data: Metadata): Promise<Record<string, unknown>> {
  const { config, db, rateLimits } = deps;
  if (!config.anonymousSignInsEnabled) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  rateLimits.limit(c, 'anonymous_signup');
  if (!config.signupEnabled) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  try {
    return await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: null,
        passwordHash: null,
        emailConfirmed: false,
        appMetadata: { provider: 'anonymous', providers: ['anonymous'] },
        userMetadata: data,
        isAnonymous: true,
      });
      return signIn(tx, deps, user, 'anonymous', c.req.header('user-agent') ?? null);
    });
  } catch (error) {
    if (error instanceof AuthError) throw error;
    console.error('[auth] anonymous sign-in failed', error);
    throw new AuthError(500, 'unexpected_failure', 'Database error creating anonymous user');
  }
}
