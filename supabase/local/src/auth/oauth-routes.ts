// GET /authorize and GET /user/identities/authorize start an OAuth flow; /local-idp is the provider's
// page; approval sends the browser to redirect_to with ?code= (PKCE) or #access_token= (implicit).
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AuthDeps } from './auth-deps.ts';
import { AuthError, badRequest } from './auth-error.ts';
import { signIn } from './accounts.ts';
import { localIdpPage } from './local-idp-page.ts';
import {
  allowedRedirect,
  createFlowState,
  issueAuthCode,
  localProviders,
  pkceParams,
  resolveOAuthUser,
  signState,
  verifyState,
  type OAuthState,
} from './oauth-flow.ts';
import { readForm } from './request-body.ts';
import { assertManualLinking, requireSignedIn } from './request-auth.ts';

const approvalForm = v.object({
  state: v.pipe(v.string(), v.minLength(1)),
  decision: v.optional(v.picklist(['approve', 'deny']), 'approve'),
  email: v.optional(v.string(), ''),
  full_name: v.optional(v.string(), ''),
});
const emailSchema = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(255), v.email());

function withParams(target: string, params: Record<string, string>, inFragment: boolean): string {
  const url = new URL(target);
  const encoded = new URLSearchParams(params).toString();
  if (inFragment) url.hash = encoded;
  else for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** Starts a flow: returns the local provider's page URL carrying the signed state. */
function flowStarter(deps: AuthDeps): (query: Record<string, string>, linkUserId: string | null) => Promise<string> {
  const { db, keys, config, apiUrl } = deps;
  return async (query: Record<string, string>, linkUserId: string | null): Promise<string> => {
    const provider = query.provider;
    if (!provider) throw badRequest('validation_failed', 'Unsupported provider: missing provider');
    if (!(localProviders as readonly string[]).includes(provider)) {
      throw badRequest('validation_failed', `Unsupported provider: provider ${provider} could not be found`);
    }
    const pkce = pkceParams(query.code_challenge, query.code_challenge_method);
    const redirectTo = allowedRedirect(config.siteUrl, query.redirect_to);
    const flowStateId = pkce ? await db.transaction((tx) => createFlowState(tx, provider, pkce, linkUserId)) : undefined;
    const state: OAuthState = { provider, redirectTo, flowStateId, linkUserId: linkUserId ?? undefined };
    const token = await signState(keys, state, config.flowStateExpirySeconds);
    return `${apiUrl}/auth/v1/local-idp?${new URLSearchParams({ provider, state: token }).toString()}`;
  };
}

/** Browser-facing routes (no API key, like Kong's open /authorize): a 302, or `{url}` with skip_http_redirect. */
export function oauthBrowserRoutes(deps: AuthDeps): Hono {
  const { db, keys } = deps;
  const startFlow = flowStarter(deps);
  const app = new Hono();

  app.get('/authorize', async (c) => {
    const url = await startFlow(c.req.query(), null);
    if (c.req.query('skip_http_redirect') === 'true') return c.json({ url });
    return c.redirect(url, 302);
  });

  app.get('/local-idp', async (c) => {
    const token = c.req.query('state') ?? '';
    const state = await verifyState(keys, token);
    return c.html(localIdpPage({ state: token, provider: state.provider, redirectHost: new URL(state.redirectTo).host }));
  });

  app.post('/local-idp', async (c) => {
    const form = await readForm(c, approvalForm);
    const state = await verifyState(keys, form.state);
    const pkce = state.flowStateId !== undefined;
    if (form.decision === 'deny') {
      return c.redirect(withParams(state.redirectTo, { error: 'access_denied', error_code: 'access_denied', error_description: 'The user denied the request' }, !pkce), 302);
    }
    const email = v.safeParse(emailSchema, form.email);
    if (!email.success) {
      const page = localIdpPage({ state: form.state, provider: state.provider, redirectHost: new URL(state.redirectTo).host, error: 'Enter a valid e-mail address.' });
      return c.html(page, 400);
    }
    const profile = { email: email.output, fullName: form.full_name.trim() || null };
    const userAgent = c.req.header('user-agent') ?? null;
    try {
      const params = await db.transaction(async (tx): Promise<Record<string, string>> => {
        const user = await resolveOAuthUser(tx, state, profile);
        if (state.flowStateId) return { code: await issueAuthCode(tx, state.flowStateId, user.id) };
        const tokens = await signIn(tx, deps, user, 'oauth', userAgent);
        return {
          access_token: String(tokens.access_token),
          expires_at: String(tokens.expires_at),
          expires_in: String(tokens.expires_in),
          refresh_token: String(tokens.refresh_token),
          token_type: 'bearer',
        };
      });
      return c.redirect(withParams(state.redirectTo, params, !pkce), 302);
    } catch (error) {
      // Like GoTrue's callback, failures go back to the app as error parameters.
      if (!(error instanceof AuthError)) throw error;
      const params = { error: 'server_error', error_code: error.code, error_description: error.message };
      return c.redirect(withParams(state.redirectTo, params, !pkce), 302);
    }
  });

  return app;
}

/** linkIdentity(): a signed-in user starts a flow whose approval adds the identity to them. */
export function identityLinkRoutes(deps: AuthDeps): Hono {
  const { db, keys } = deps;
  const startFlow = flowStarter(deps);
  const app = new Hono();
  app.get('/user/identities/authorize', async (c) => {
    const { user } = await requireSignedIn(db, keys, c);
    assertManualLinking(deps.config);
    return c.json({ url: await startFlow(c.req.query(), user.id) });
  });
  return app;
}
