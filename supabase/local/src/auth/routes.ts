// GoTrue-compatible /auth/v1: composes the route groups behind the API-key gate and renders
// errors in GoTrue's shape with the X-Supabase-Api-Version header echoed.
import { Hono } from 'hono';
import type { LocalContext } from '../context.ts';
import { HttpError } from '../http/http-error.ts';
import { accountRoutes } from './account-routes.ts';
import { adminRoutes } from './admin-routes.ts';
import type { AuthConfig } from './auth-config.ts';
import { authDeps } from './auth-deps.ts';
import { confirmationRoutes } from './confirmation-mail.ts';
import { AuthError, apiVersionHeader, authErrorResponse, requestedApiVersion } from './auth-error.ts';
import { mfaRoutes } from './mfa-routes.ts';
import { otpRoutes } from './otp-routes.ts';
import { inviteRoutes } from './invite-routes.ts';
import { localProviders } from './oauth-flow.ts';
import { identityLinkRoutes, oauthBrowserRoutes } from './oauth-routes.ts';
import { recoveryRoutes } from './recovery-routes.ts';
import { assertApiKey } from './request-auth.ts';
import { verifyLinkRoutes, verifyRoutes } from './verify-routes.ts';

/** GoTrue's public settings, with the project's sign-up and confirmation switches (auth-toml-settings.ts). */
function settings(config: AuthConfig): Record<string, unknown> {
  const external: Record<string, boolean> = { anonymous_users: config.anonymousSignInsEnabled, email: config.emailProviderEnabled, phone: false, saml: false };
  for (const provider of localProviders) external[provider] = true;
  return {
    external,
    disable_signup: !config.signupEnabled,
    mailer_autoconfirm: config.mailerAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: 'twilio',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

export function authRoutes(ctx: LocalContext): Hono {
  const deps = authDeps(ctx);
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error);
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(error.body, error.status as 401);
    }
    console.error('[auth] unexpected error', error);
    return authErrorResponse(c, new AuthError(500, 'unexpected_failure', 'Internal Server Error'));
  });

  app.use('*', async (c, next) => {
    const version = requestedApiVersion(c);
    if (version) c.header(apiVersionHeader, version);
    await next();
  });

  // Open routes, reached before the key gate (Kong leaves /authorize, GET /verify and the JWKS open).
  app.get('/health', (c) => c.json({ version: 'v2.189.0-local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }));
  app.get('/.well-known/jwks.json', (c) => {
    // HS256 projects publish no public keys; getClaims() then verifies through GET /user.
    c.header('Cache-Control', 'public, max-age=600');
    return c.json({ keys: [] });
  });
  app.route('/', oauthBrowserRoutes(deps));
  app.route('/', verifyLinkRoutes(deps));

  app.use('*', async (c, next) => {
    assertApiKey(deps.keys, c);
    await next();
  });
  app.get('/settings', (c) => c.json(settings(deps.config)));
  app.route('/', accountRoutes(deps));
  app.route('/', recoveryRoutes(deps));
  app.route('/', otpRoutes(deps));
  app.route('/', confirmationRoutes(deps));
  app.route('/', verifyRoutes(deps));
  app.route('/', identityLinkRoutes(deps));
  app.route('/', mfaRoutes(deps));
  app.route('/', inviteRoutes(deps));
  app.route('/admin', adminRoutes(deps));
  // GoTrue's requireSAMLEnabled in front of every /sso route: SAML is off locally.
  app.all('/sso/*', () => {
    throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
  });
  app.all('/sso', () => {
    throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
  });
  app.all('*', () => {
    throw new AuthError(404, 'not_found', 'Not Found');
  });
  return app;
}
