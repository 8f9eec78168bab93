// The end-user endpoints: signup (with or without e-mail confirmation), token grants (password,
// refresh_token, pkce), logout, GET/PUT /user, and identity unlinking.
import { Hono } from 'hono';
import * as v from 'valibot';
import { HttpError } from '../http/http-error.ts';
import type { AuthDeps } from './auth-deps.ts';
import { AuthError, badRequest, notFound, unprocessable } from './auth-error.ts';
import { signIn } from './accounts.ts';
import { signUpAnonymously } from './anonymous-signup.ts';
import { signUpWithEmail } from './email-signup.ts';
import { normaliseEmail } from './email-address.ts';
import { allowedRedirect, exchangeAuthCode } from './oauth-flow.ts';
import { assertStrongPassword, hashPassword, passwordMatches } from './passwords.ts';
import { optionalMetadata, optionalString, readBody } from './request-body.ts';
import { assertManualLinking, requireSignedIn } from './request-auth.ts';
import { logout, rotateRefreshToken, type LogoutScope } from './session-store.ts';
import { tokenResponse } from './token-response.ts';
import {
  findUserByEmail,
  listFactors,
  listIdentities,
  mergeMetadata,
  requireUserById,
  updateUser,
  userJson,
  withProviders,
  type UserChanges,
} from './user-store.ts';

const signupBody = v.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  data: optionalMetadata,
});
const passwordGrantBody = v.object({ email: optionalString, phone: optionalString, password: optionalString });
const refreshGrantBody = v.object({ refresh_token: optionalString });
const pkceGrantBody = v.object({ auth_code: optionalString, code_verifier: optionalString });
const updateUserBody = v.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  data: optionalMetadata,
});
const logoutScopes = ['global', 'local', 'others'] as const;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function accountRoutes(deps: AuthDeps): Hono {
  const { db, keys, config, rateLimits } = deps;
  const app = new Hono();

  app.post('/signup', async (c) => {
    const body = await readBody(c, signupBody);
    if (!body.email && !body.phone) return c.json(await signUpAnonymously(deps, c, body.data ?? {}));
    // GoTrue limits a sign-up with an e-mail or phone right after reading the body, before validating it.
    rateLimits.limit(c, 'signup');
    if (!config.signupEnabled) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
    if (!body.email) throw badRequest('validation_failed', 'To signup, please provide your email');
    if (!config.emailProviderEnabled) throw badRequest('email_provider_disabled', 'Email signups are disabled');
    const email = body.email;
    if (!body.password) throw unprocessable('validation_failed', 'Signup requires a valid password');
    const redirectTo = allowedRedirect(config.siteUrl, c.req.query('redirect_to'));
    const userAgent = c.req.header('user-agent') ?? null;
    return c.json(await signUpWithEmail(deps, { email, password: body.password, data: body.data ?? {}, redirectTo, userAgent }));
  });

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    // GoTrue limits every supported grant before reading its body; an unsupported one is refused unlimited.
    if (grantType === 'password') rateLimits.limit(c, 'password_grant');
    else if (['refresh_token', 'pkce', 'web3', 'id_token'].includes(grantType ?? '')) rateLimits.limit(c, 'token_grant');
    // The local identity providers issue no ID tokens, so none verifies: GoTrue's answer to a bad one.
    if (grantType === 'id_token') throw new HttpError(400, 'invalid_request', { error: 'invalid request', error_description: 'Bad ID token' });
    // No Web3 provider is served (config.toml's [auth.web3.*] are off): GoTrue's Web3Grant answer.
    if (grantType === 'web3') throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
    if (grantType === 'password') {
      const body = await readBody(c, passwordGrantBody);
      if (!body.email && !body.phone) throw badRequest('validation_failed', 'missing email or phone');
      if (!body.password) throw badRequest('validation_failed', 'missing password');
      const password = body.password;
      const user = body.email ? await findUserByEmail(db, normaliseEmail(body.email)) : null;
      if (!user || !(await passwordMatches(password, user.encrypted_password))) {
        throw badRequest('invalid_credentials', 'Invalid login credentials');
      }
      if (user.banned_until && new Date(user.banned_until).getTime() > Date.now()) throw badRequest('user_banned', 'User is banned');
      if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
      return c.json(await db.transaction((tx) => signIn(tx, deps, user, 'password', c.req.header('user-agent') ?? null)));
    }
    if (grantType === 'refresh_token') {
      const body = await readBody(c, refreshGrantBody);
      if (!body.refresh_token) throw badRequest('validation_failed', 'refresh_token required');
      const presented = body.refresh_token;
      const result = await db.transaction(async (tx) => {
        const rotated = await rotateRefreshToken(tx, config, presented);
        if ('familyRevoked' in rotated) return null;
        const user = await requireUserById(tx, rotated.session.user_id);
        if (user.banned_until && new Date(user.banned_until).getTime() > Date.now()) throw badRequest('user_banned', 'User is banned');
        return tokenResponse(tx, keys, config, user, rotated.session, rotated.refreshToken);
      });
      // The family revocation above is committed before the reuse is refused.
      if (!result) throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      return c.json(result);
    }
    if (grantType === 'pkce') {
      const body = await readBody(c, pkceGrantBody);
      if (!body.auth_code || !body.code_verifier) {
        throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
      }
      const { auth_code: authCode, code_verifier: codeVerifier } = body;
      return c.json(await db.transaction((tx) => exchangeAuthCode(tx, deps, authCode, codeVerifier, c.req.header('user-agent') ?? null)));
    }
    throw badRequest('invalid_credentials', 'unsupported_grant_type');
  });

  app.post('/logout', async (c) => {
    const requested = c.req.query('scope') ?? 'global';
    if (!(logoutScopes as readonly string[]).includes(requested)) {
      throw badRequest('validation_failed', `Unsupported logout scope "${requested}"`);
    }
    const { user, session } = await requireSignedIn(db, keys, c);
    await db.transaction((tx) => logout(tx, user.id, session.id, requested as LogoutScope));
    return c.body(null, 204);
  });

  app.get('/user', async (c) => {
    const { user } = await requireSignedIn(db, keys, c);
    return c.json(await userJson(db, user));
  });

  app.put('/user', async (c) => {
    const body = await readBody(c, updateUserBody);
    const { user, session } = await requireSignedIn(db, keys, c);
    rateLimits.limit(c, 'user_update');
    if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
    if (body.password != null) assertStrongPassword(config, body.password);
    // GoTrue's UserUpdate: with a verified factor, the password and e-mail change only from an aal2 session.
    const changesCredentials = Boolean(body.password) || (Boolean(body.email) && normaliseEmail(body.email ?? '') !== user.email);
    if (changesCredentials && session.aal !== 'aal2' && (await listFactors(db, user.id)).some((factor) => factor.status === 'verified')) {
      throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
    }
    const updated = await db.transaction(async (tx) => {
      const changes: UserChanges = {};
      if (body.password != null) {
        if (await passwordMatches(body.password, user.encrypted_password)) {
          throw unprocessable('same_password', 'New password should be different from the old password.');
        }
        changes.passwordHash = await hashPassword(config, body.password);
      }
      if (body.email != null) {
        const email = normaliseEmail(body.email);
        if (email !== user.email) {
          const owner = await findUserByEmail(tx, email);
          if (owner && owner.id !== user.id) {
            throw unprocessable('email_exists', 'A user with this email address has already been registered');
          }
          // With autoconfirm on, GoTrue applies the change at once; the email identity follows.
          changes.email = email;
          await tx.query(
            `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
             where user_id = $1 and provider = 'email'`,
            [user.id, email],
          );
        }
      }
      if (body.data) changes.userMetadata = mergeMetadata(user.raw_user_meta_data, body.data);
      return updateUser(tx, user.id, changes);
    });
    return c.json(await userJson(db, updated));
  });

  app.delete('/user/identities/:identityId', async (c) => {
    const { user } = await requireSignedIn(db, keys, c);
    assertManualLinking(config);
    const identityId = c.req.param('identityId');
    await db.transaction(async (tx) => {
      const identities = await listIdentities(tx, user.id);
      const target = uuidPattern.test(identityId) ? identities.find((identity) => identity.id === identityId) : undefined;
      if (!target) throw notFound('identity_not_found', "Identity doesn't exist");
      if (identities.length <= 1) throw unprocessable('single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
      await tx.query(`delete from auth.identities where id = $1`, [target.id]);
      const remaining = identities.filter((identity) => identity.id !== target.id).map((identity) => identity.provider);
      await updateUser(tx, user.id, { appMetadata: withProviders(user.raw_app_meta_data, remaining) });
    });
    return c.json({});
  });

  return app;
}
