// The Stripe REST API subset of the double, under `/v1`, for the official SDK: Bearer key auth,
// form-encoded parameters, Idempotency-Key replay and Stripe's error shape.
//
// Idempotency as Stripe documents it (docs.stripe.com/idempotency, /api/errors): a POST with an
// Idempotency-Key claims the key atomically before it executes; a request with the same key while the
// first is still executing gets 409 `idempotency_error` / `idempotency_key_in_use` (the official SDKs retry a
// 409 with the same key); once the first has finished, the saved status and body are replayed; the same key
// with other parameters or on another endpoint is a 400 `idempotency_error`. Nothing is saved for a request
// refused by validation, so it can be retried with its key.
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createAccount, createAccountLink, getAccount, updateAccount } from './accounts.ts';
import { createCheckoutSession, expireCheckoutSession, sessionDetails } from './checkout-sessions.ts';
import { createCustomer, getCustomer, updateCustomer } from './customers.ts';
import { createPaymentIntent } from './payment-intents.ts';
import { createRefund } from './refunds.ts';
import type { RequestOrigin, StripeDouble } from './stripe-double.ts';
import type { StripeTx } from './stripe-tx.ts';
import { StripeApiError, invalidRequest, noSuchObject } from './stripe-error.ts';
import { expand, expandList } from './stripe-expand.ts';
import { idPrefixes, newId } from './stripe-ids.ts';
import { paginate } from './stripe-lists.ts';
import type { CheckoutSession, Customer, PaymentIntent, PaymentMethod, Refund, StripeEvent, StripeObject } from './stripe-objects.ts';
import { StripeParams, parseStripeForm } from './stripe-params.ts';

interface ApiCall {
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

type Endpoint = (call: ApiCall) => Promise<unknown>;

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

export function stripeApiRoutes(double: StripeDouble): Hono {
  const app = new Hono();

  const respond = (c: Context, status: number, body: unknown, extra: Record<string, string> = {}) => {
    c.header('Request-Id', newId(idPrefixes.request));
    c.header('Stripe-Version', c.req.header('stripe-version') ?? '2026-10-28.endive');
    for (const [name, value] of Object.entries(extra)) c.header(name, value);
    return c.json(body as object, status as ContentfulStatusCode);
  };

  const failure = (error: unknown): { status: number; body: unknown } => {
    if (error instanceof StripeApiError) return { status: error.status, body: error.toBody() };
    console.error('[stripe] internal error', error);
    return { status: 500, body: new StripeApiError(500, 'api_error', 'An unexpected error occurred in the local Stripe test double.').toBody() };
  };

  app.use('*', async (c, next) => {
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
  });

  const handle = (endpoint: Endpoint) => async (c: Context) => {
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

  const read = async <T extends StripeObject>(object: T['object'], kind: string, id: string, params: StripeParams): Promise<T> => {
    const store = await double.reader();
    const found = await store.get<T>(id, object);
    if (!found) throw noSuchObject(kind, id, 'id');
    return expand(store, found, params.stringList('expand'));
  };

  const list = async <T extends StripeObject>(object: T['object'], url: string, params: StripeParams, keep: (item: T) => boolean = () => true) => {
    const store = await double.reader();
    const page = paginate((await store.list<T>(object)).filter(keep), params, url);
    return { ...page, data: await expandList(store, page.data, params.stringList('expand')) };
  };

  // Checkout Sessions
  app.post('/checkout/sessions', handle(({ params, change }) => change(async (tx) => expand(tx.store, await createCheckoutSession(tx, params), params.stringList('expand')))));
  app.get('/checkout/sessions', handle(({ params }) => {
    const intent = params.string('payment_intent');
    const status = params.string('status', { oneOf: ['open', 'complete', 'expired'] });
    return list<CheckoutSession>('checkout.session', '/v1/checkout/sessions', params, (s) => (!intent || s.payment_intent === intent) && (!status || s.status === status));
  }));
  app.get('/checkout/sessions/:id', handle(({ id, params }) => read<CheckoutSession>('checkout.session', 'checkout.session', id, params)));
  app.post('/checkout/sessions/:id/expire', handle(({ id, change }) => change((tx) => expireCheckoutSession(tx, id))));
  app.get('/checkout/sessions/:id/line_items', handle(async ({ id, params }) => {
    const store = await double.reader();
    if (!(await store.get(id, 'checkout.session'))) throw noSuchObject('checkout.session', id, 'id');
    return paginate((await sessionDetails(store, id)).line_items, params, `/v1/checkout/sessions/${id}/line_items`);
  }));

  // Customers and their saved cards
  app.post('/customers', handle(({ params, change }) => change((tx) => createCustomer(tx, params))));
  app.get('/customers', handle(({ params }) => {
    const email = params.string('email');
    return list<Customer>('customer', '/v1/customers', params, (customer) => !email || customer.email === email);
  }));
  app.get('/customers/:id', handle(({ id, params }) => read('customer', 'customer', id, params)));
  app.post('/customers/:id', handle(({ id, params, change }) => change((tx) => updateCustomer(tx, id, params))));
  const cardsOnly = (params: StripeParams) => {
    const type = params.string('type');
    if (type && type !== 'card') throw invalidRequest(`The payment method type "${type}" is not supported by the local Stripe test double.`, 'type');
  };
  app.get('/customers/:id/payment_methods', handle(async ({ id, params }) => {
    cardsOnly(params);
    await getCustomer(await double.reader(), id, 'customer');
    return list<PaymentMethod>('payment_method', `/v1/customers/${id}/payment_methods`, params, (method) => method.customer === id);
  }));
  app.get('/payment_methods', handle(async ({ params }) => {
    cardsOnly(params);
    const customer = params.string('customer');
    if (customer) await getCustomer(await double.reader(), customer, 'customer');
    return list<PaymentMethod>('payment_method', '/v1/payment_methods', params, (method) => !customer || method.customer === customer);
  }));
  app.get('/payment_methods/:id', handle(({ id, params }) => read('payment_method', 'PaymentMethod', id, params)));

  // Payments
  app.post('/payment_intents', handle(({ params, change }) => change((tx) => createPaymentIntent(tx, params))));
  app.get('/payment_intents', handle(({ params }) => {
    const customer = params.string('customer');
    return list<PaymentIntent>('payment_intent', '/v1/payment_intents', params, (intent) => !customer || intent.customer === customer);
  }));
  app.get('/payment_intents/:id', handle(({ id, params }) => read('payment_intent', 'payment_intent', id, params)));
  app.get('/charges/:id', handle(({ id, params }) => read('charge', 'charge', id, params)));
  app.get('/transfers/:id', handle(({ id, params }) => read('transfer', 'transfer', id, params)));
  app.get('/application_fees/:id', handle(({ id, params }) => read('application_fee', 'application fee', id, params)));

  // Refunds
  app.post('/refunds', handle(({ params, change }) => change((tx) => createRefund(tx, params))));
  app.get('/refunds', handle(({ params }) => {
    const intent = params.string('payment_intent');
    const charge = params.string('charge');
    return list<Refund>('refund', '/v1/refunds', params, (r) => (!intent || r.payment_intent === intent) && (!charge || r.charge === charge));
  }));
  app.get('/refunds/:id', handle(({ id, params }) => read('refund', 'refund', id, params)));

  // Connect
  app.post('/accounts', handle(({ params, change }) => change((tx) => createAccount(tx, params))));
  app.get('/accounts', handle(({ params }) => list('account', '/v1/accounts', params)));
  app.get('/accounts/:id', handle(async ({ id, params }) => expand(await double.reader(), await getAccount(await double.reader(), id, 'id'), params.stringList('expand'))));
  app.post('/accounts/:id', handle(({ id, params, change }) => change((tx) => updateAccount(tx, id, params))));
  app.post('/account_links', handle(({ params, change }) => change((tx) => createAccountLink(tx, params))));

  // Events
  app.get('/events', handle(({ params }) => {
    const type = params.string('type');
    const types = params.stringList('types');
    const matches = (event: StripeEvent) =>
      (!type || (type.endsWith('.*') ? event.type.startsWith(type.slice(0, -1)) : event.type === type)) && (types.length === 0 || types.includes(event.type));
    return list<StripeEvent>('event', '/v1/events', params, matches);
  }));
  app.get('/events/:id', handle(({ id, params }) => read('event', 'event', id, params)));

  app.all('*', (c) =>
    respond(c, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${c.req.method}: ${c.req.path}). The local Stripe test double implements checkout sessions, customers, payment methods, payment intents (off-session, with a saved card), charges, refunds, transfers, application fees, accounts, account links and events.` },
    }),
  );

  return app;
}
