// How the Stripe double answers an API call (api-routes.ts has the endpoints): Bearer key auth,
// form-encoded parameters, Idempotency-Key replay and Stripe's error shape.
//
// Idempotency as Stripe documents it (docs.stripe.com/idempotency, /api/errors): a POST with an
// Idempotency-Key claims the key atomically before it executes; a request with the same key while the
// first is still executing gets 409 `idempotency_error` / `idempotency_key_in_use` (the official SDKs retry a
// 409 with the same key); once the first has finished, the saved status and body are replayed; the same key
// with other parameters or on another endpoint is a 400 `idempotency_error`. Nothing is saved for a request
// refused by validation, so it can be retried with its key.
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { RequestOrigin, StripeDouble } from './stripe-double.ts';
import type { StripeTx } from './stripe-tx.ts';
import { StripeApiError } from './stripe-error.ts';
import { idPrefixes, newId } from './stripe-ids.ts';
import { StripeParams, parseStripeForm } from './stripe-params.ts';

export interface ApiCall {
  params: StripeParams;
  origin: RequestOrigin;
  /** path parameter `:id` */
  id: string;
  /**
   * Runs the endpoint's change (double.mutate). For a request with an Idempotency-Key the value it returns
   * is the response body, saved for replay in the change's own transaction: return it unaltered. A change
   * may return a StripeApiError instead of throwing it: what it did commits (a declined payment stays on
   * record) and the error is the response, saved for replay like a body.
   */
  change<T>(fn: (tx: StripeTx) => Promise<T>): Promise<Exclude<T, StripeApiError>>;
}

export type Endpoint = (call: ApiCall) => Promise<unknown>;

function apiKeyOf(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const bearer = /^bearer\s+(\S+)$/i.exec(authorization.trim());
  if (bearer?.[1]) return bearer[1];
  const basic = /^basic\s+(\S+)$/i.exec(authorization.trim());
  if (basic?.[1]) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] ?? null;
  return null;
}

/** `/v1/…` of a request path, wherever the double is mounted (`/stripe/v1/payment_intents` → `/v1/payment_intents`). */
function apiPathOf(path: string): string {
  const start = path.indexOf('/v1/');
  return start === -1 ? path : path.slice(start);
}

function maskKey(key: string): string {
  return `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
}

/** Canonical JSON (sorted keys), so the same parameters in another order are still "the same request". */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Stripe stores the outcome once the endpoint ran; a request refused by validation can be retried with the key. */
function isSavedOutcome(status: number, body: unknown): boolean {
  if (status < 400 || status >= 500) return true;
  const type = (body as { error?: { type?: string } }).error?.type;
  return type === 'card_error';
}

/** The value of a change, or the error it returned to be answered once its effects have committed. */
function settled<T>(value: T): Exclude<T, StripeApiError> {
  if (value instanceof StripeApiError) throw value;
  return value as Exclude<T, StripeApiError>;
}

/**
 * A saved 5xx is what every retry with the key gets back, so the SDK is told not to retry it (the SDKs retry
 * 5xx unless `Stripe-Should-Retry: false`, which they note Stripe sends when idempotency would replay it).
 */
function noRetryOf(status: number): Record<string, string> {
  return status >= 500 ? { 'Stripe-Should-Retry': 'false' } : {};
}

export function respond(c: Context, status: number, body: unknown, extra: Record<string, string> = {}) {
  c.header('Request-Id', newId(idPrefixes.request));
  c.header('Stripe-Version', c.req.header('stripe-version') ?? '2026-10-28.endive');
  for (const [name, value] of Object.entries(extra)) c.header(name, value);
  return c.json(body as object, status as ContentfulStatusCode);
}

function failure(error: unknown): { status: number; body: unknown } {
  if (error instanceof StripeApiError) return { status: error.status, body: error.toBody() };
  console.error('[stripe] internal error', error);
  return { status: 500, body: new StripeApiError(500, 'api_error', 'An unexpected error occurred in the local Stripe test double.').toBody() };
}

/** Bearer (or Basic) key auth, a test's hold on the request, then the sweep of expired sessions. */
export function apiKeyGuard(double: StripeDouble): MiddlewareHandler {
  return async (c, next) => {
  const key = apiKeyOf(c.req.header('authorization'));
  if (!key) {
    return respond(c, 401, {
      error: {
        type: 'invalid_request_error',
        message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      },
    });
  }
  if (key !== double.config.secretKey) {
    return respond(c, 401, { error: { type: 'invalid_request_error', code: 'api_key_invalid', message: `Invalid API Key provided: ${maskKey(key)}` } });
  }
  // A request a test holds waits here, before it reads or changes anything.
  await double.holds.pass(c.req.method, apiPathOf(c.req.path));
  await double.sweep().catch((error: unknown) => console.error('[stripe] expiring sessions failed', error));
  return next();
  };
}

/**
 * A route handler for an endpoint: parameters parsed, the change run through the double, and with an
 * Idempotency-Key the claim, replay and saved outcome described at the top of this file.
 */
export const apiHandler = (double: StripeDouble) => (endpoint: Endpoint) => async (c: Context) => {
  const method = c.req.method;
  const query = new URL(c.req.url).search.slice(1);
  const raw = method === 'POST' ? parseStripeForm(await c.req.text()) : parseStripeForm(query);
  const idempotencyKey = method === 'POST' ? (c.req.header('idempotency-key') ?? null) : null;
  const origin: RequestOrigin = { id: newId(idPrefixes.request), idempotency_key: idempotencyKey };
  const params = new StripeParams(raw);
  const id = c.req.param('id') ?? '';

  if (!idempotencyKey) {
    try {
      return respond(c, 200, await endpoint({ params, origin, id, change: async (fn) => settled(await double.mutate(origin, fn)) }));
    } catch (error) {
      const { status, body } = failure(error);
      return respond(c, status, body);
    }
  }

  c.header('Idempotency-Key', idempotencyKey);
  if (idempotencyKey.length > 255) return respond(c, 400, new StripeApiError(400, 'invalid_request_error', 'Idempotency keys can be at most 255 characters long.').toBody());
  const fingerprint = createHash('sha256').update(`${method} ${c.req.path} ${canonical(raw)}`).digest('hex');
  const store = await double.reader();
  const claim = await store.claimIdempotencyKey(idempotencyKey, fingerprint);
  if (claim.state !== 'claimed') {
    const firstFingerprint = claim.state === 'completed' ? claim.result.fingerprint : claim.fingerprint;
    if (firstFingerprint !== fingerprint) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
      return respond(c, 400, new StripeApiError(400, 'idempotency_error', message).toBody());
    }
    if (claim.state === 'in_progress') {
      const message = `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${idempotencyKey}. Please try again later.`;
      return respond(c, 409, new StripeApiError(409, 'idempotency_error', message, 'idempotency_key_in_use').toBody());
    }
    return respond(c, claim.result.status, claim.result.body, { 'Idempotent-Replayed': 'true', 'Original-Request': claim.result.fingerprint.slice(0, 24), ...noRetryOf(claim.result.status) });
  }

  // The key is ours. A change that ran saves its response in its own transaction (sealed); any other
  // outcome is saved (or the key released) here.
  let sealed = false;
  const change = async <T>(fn: (tx: StripeTx) => Promise<T>): Promise<Exclude<T, StripeApiError>> => {
    const result = await double.mutate(origin, fn, (tx, value) =>
      value instanceof StripeApiError
        ? tx.store.completeIdempotentRequest(idempotencyKey, fingerprint, value.status, value.toBody())
        : tx.store.completeIdempotentRequest(idempotencyKey, fingerprint, 200, value),
    );
    sealed = true;
    return settled(result);
  };
  let outcome: { status: number; body: unknown };
  try {
    outcome = { status: 200, body: await endpoint({ params, origin, id, change }) };
  } catch (error) {
    outcome = failure(error);
  }
  const saved = isSavedOutcome(outcome.status, outcome.body);
  if (!sealed) {
    try {
      if (saved) await store.completeIdempotentRequest(idempotencyKey, fingerprint, outcome.status, outcome.body);
      else await store.releaseIdempotencyKey(idempotencyKey, fingerprint);
    } catch (error) {
      // The claim stays in progress (retries get 409) until it counts as abandoned.
      console.error(`[stripe] saving the outcome of idempotency key ${idempotencyKey} failed`, error);
    }
  }
  return respond(c, outcome.status, outcome.body, saved ? noRetryOf(outcome.status) : {});
};

