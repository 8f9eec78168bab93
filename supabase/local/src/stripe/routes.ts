// The Stripe test double, mounted at /stripe: the API for the SDK (/stripe/v1/…), the hosted checkout
// page (/stripe/checkout/:id), Connect onboarding (/stripe/connect/:linkId) and test helpers (/stripe/test/…).
// The API covers Checkout (mode=payment, destination charges, saving the card to a customer with
// setup_future_usage), customers, card payment methods, off-session PaymentIntents charging a saved card
// (confirm=true; the saved test card decides: test-cards.ts), refunds, Connect accounts and events. A test
// may hold one API request until it releases it (/stripe/test/holds, request-holds.ts) to stage a race.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { LocalContext } from '../context.ts';
import { completeOnboarding, submitLink, visitLink } from './accounts.ts';
import { stripeApiRoutes } from './api-routes.ts';
import { payCheckoutSession, sessionDetails, type PaymentResult } from './checkout-sessions.ts';
import { StripeDouble } from './stripe-double.ts';
import { StripeApiError } from './stripe-error.ts';
import { nowSeconds } from './stripe-ids.ts';
import type { CheckoutSession, StripeEvent } from './stripe-objects.ts';
import type { CardInput } from './test-cards.ts';
import { renderCheckoutPage, type CheckoutFormValues } from './pages/checkout-page.ts';
import { renderMissingPage, renderOnboardingPage } from './pages/connect-page.ts';

const testPaySchema = v.object({
  card: v.pipe(v.string(), v.maxLength(40)),
  exp_month: v.optional(v.pipe(v.number(), v.integer()), 12),
  exp_year: v.optional(v.pipe(v.number(), v.integer()), new Date().getUTCFullYear() + 5),
  cvc: v.optional(v.pipe(v.string(), v.maxLength(8)), '123'),
  email: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(320))), null),
  name: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200))), null),
});

const holdSchema = v.object({
  method: v.picklist(['GET', 'POST', 'DELETE']),
  path: v.pipe(v.string(), v.regex(/^\/v1\/[\w/.-]{1,200}$/)),
});

/** "MM / YY", "MM/YYYY" or "MMYY" from the card form. */
function parseExpiry(text: string): { expMonth: number; expYear: number } {
  const digits = text.replace(/\D/g, '');
  if (digits.length !== 4 && digits.length !== 6) return { expMonth: 0, expYear: 0 };
  return { expMonth: Number(digits.slice(0, 2)), expYear: Number(digits.slice(2)) };
}

export function stripeRoutes(ctx: LocalContext): Hono {
  const double = new StripeDouble(ctx);
  const app = new Hono();
  const pageOrigin = { id: null, idempotency_key: null };

  app.get('/', (c) => c.json({ name: 'stripe-test-double', api_base: double.config.apiBase, webhook_urls: double.config.webhookUrls }));
  app.route('/v1', stripeApiRoutes(double));

  const loadSession = async (id: string): Promise<CheckoutSession | null> => {
    await double.sweep(true);
    return (await double.reader()).get<CheckoutSession>(id, 'checkout.session');
  };

  const renderSession = async (c: Context, session: CheckoutSession, values: CheckoutFormValues, error: string | null, status: 200 | 400 | 402) => {
    const { line_items, plan } = await sessionDetails(await double.reader(), session.id);
    return c.html(renderCheckoutPage(session, line_items, values, error, plan.setup_future_usage ?? null), status);
  };

  // Hosted checkout page.
  app.get('/checkout/:id', async (c) => {
    const session = await loadSession(c.req.param('id'));
    if (!session) return c.html(renderMissingPage('Checkout session'), 404);
    return renderSession(c, session, { email: session.customer_email ?? '', number: '', expiry: '', cvc: '', name: '' }, null, 200);
  });

  app.post('/checkout/:id', async (c) => {
    const session = await loadSession(c.req.param('id'));
    if (!session) return c.html(renderMissingPage('Checkout session'), 404);
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '').slice(0, 200);
    const values: CheckoutFormValues = { email: session.customer_email ?? field('email'), number: field('number'), expiry: field('expiry'), cvc: field('cvc'), name: field('name') };
    const card: CardInput = { number: values.number, cvc: values.cvc, ...parseExpiry(values.expiry) };
    const result = await double.mutate(pageOrigin, (tx) => payCheckoutSession(tx, session.id, card, { email: values.email || null, name: values.name || null }));
    if (result.ok) return c.redirect(result.redirectUrl ?? `${c.req.path}`, 303);
    return renderSession(c, result.session, values, result.error.message, result.error.status === 402 ? 402 : 400);
  });

  // Connect onboarding page (account links).
  app.get('/connect/:linkId', async (c) => {
    const visit = await visitLink(await double.reader(), c.req.param('linkId'), nowSeconds());
    if (visit.kind === 'missing') return c.html(renderMissingPage('Onboarding link'), 404);
    if (visit.kind === 'stale') return c.redirect(visit.refreshUrl, 302);
    return c.html(renderOnboardingPage(visit.account, visit.link.return_url));
  });

  app.post('/connect/:linkId', async (c) => {
    const linkId = c.req.param('linkId');
    if ((await visitLink(await double.reader(), linkId, nowSeconds())).kind === 'missing') return c.html(renderMissingPage('Onboarding link'), 404);
    const { redirectUrl } = await double.mutate(pageOrigin, (tx) => submitLink(tx, linkId));
    return c.redirect(redirectUrl, 303);
  });

  // Test helpers for integration and end-to-end tests.
  app.post('/test/checkout/:id/pay', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json(new StripeApiError(400, 'invalid_request_error', 'The body must be JSON: {card, exp_month?, exp_year?, cvc?, email?, name?}').toBody(), 400);
    }
    const parsed = v.safeParse(testPaySchema, body);
    if (!parsed.success) return c.json(new StripeApiError(400, 'invalid_request_error', parsed.issues.map((issue) => issue.message).join('; ')).toBody(), 400);
    const input = parsed.output;
    const id = c.req.param('id');
    if (!(await loadSession(id))) return c.json(new StripeApiError(404, 'invalid_request_error', `No such checkout.session: '${id}'`, 'resource_missing').toBody(), 404);
    const result: PaymentResult = await double.mutate(pageOrigin, (tx) =>
      payCheckoutSession(tx, id, { number: input.card, expMonth: input.exp_month, expYear: input.exp_year, cvc: input.cvc }, { email: input.email, name: input.name }),
    );
    if (result.ok) return c.json({ session: result.session, payment_intent: result.paymentIntent, redirect_url: result.redirectUrl });
    return c.json({ ...result.error.toBody(), session: result.session }, result.error.status === 402 ? 402 : 400);
  });

  // Holding one API request (request-holds.ts): POST {method, path} → {id}; /arrival answers once a request
  // waits at the hold (408 after timeout_ms, default 10 s); /release lets it go on.
  app.post('/test/holds', async (c) => {
    const parsed = v.safeParse(holdSchema, await c.req.json().catch(() => null));
    if (!parsed.success) return c.json(new StripeApiError(400, 'invalid_request_error', 'The body must be JSON: {method, path}, e.g. {"method":"POST","path":"/v1/payment_intents"}').toBody(), 400);
    const id = double.holds.add(parsed.output.method, parsed.output.path);
    return c.json({ id, method: parsed.output.method, path: parsed.output.path }, 201);
  });

  app.post('/test/holds/:id/arrival', async (c) => {
    const arrival = double.holds.arrival(c.req.param('id'));
    if (!arrival) return c.json(new StripeApiError(404, 'invalid_request_error', `No such hold: '${c.req.param('id')}'`, 'resource_missing').toBody(), 404);
    const timeoutMs = Math.min(Math.max(Number(c.req.query('timeout_ms') ?? 10_000) || 10_000, 1), 60_000);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
    const held = await Promise.race([arrival, timedOut]);
    clearTimeout(timer);
    return held ? c.json({ held }) : c.json(new StripeApiError(408, 'invalid_request_error', `No request reached ${c.req.param('id')} within ${timeoutMs} ms`).toBody(), 408);
  });

  app.post('/test/holds/:id/release', (c) => {
    if (!double.holds.release(c.req.param('id'))) return c.json(new StripeApiError(404, 'invalid_request_error', `No such hold: '${c.req.param('id')}'`, 'resource_missing').toBody(), 404);
    return c.json({ released: true });
  });

  app.post('/test/accounts/:id/onboard', async (c) => {
    const id = c.req.param('id');
    try {
      return c.json(await double.mutate(pageOrigin, (tx) => completeOnboarding(tx, id)));
    } catch (error) {
      if (error instanceof StripeApiError) return c.json(error.toBody(), error.status === 404 ? 404 : 400);
      throw error;
    }
  });

  // Answers once every webhook delivery has been made (or given up on), at most after 30 s ({ idle: false }):
  // a test compares the database only when no event is still on its way to the functions.
  app.get('/test/webhooks/idle', async (c) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 30_000)));
    const idle = await Promise.race([double.webhooksIdle().then(() => true as const), timedOut]);
    clearTimeout(timer);
    return c.json({ idle });
  });

  app.get('/test/state', async (c) => {
    const store = await double.reader();
    const events = await store.list<StripeEvent>('event');
    return c.json({
      checkout_sessions: await store.list('checkout.session'),
      customers: await store.list('customer'),
      payment_methods: await store.list('payment_method'),
      payment_intents: await store.list('payment_intent'),
      charges: await store.list('charge'),
      refunds: await store.list('refund'),
      transfers: await store.list('transfer'),
      application_fees: await store.list('application_fee'),
      accounts: await store.list('account'),
      events: events.map((event) => ({ id: event.id, type: event.type, created: event.created, object_id: event.data.object.id })),
      webhook_deliveries: await store.deliveries(),
    });
  });

  return app;
}
