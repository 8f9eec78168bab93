// The Stripe REST API subset of the double, under `/v1`, for the official SDK. How each call is answered
// (key auth, parameters, idempotency, errors) is api-call.ts.
import { Hono } from 'hono';
import { createAccount, createAccountLink, getAccount, updateAccount } from './accounts.ts';
import { apiHandler, apiKeyGuard, respond } from './api-call.ts';
import { createCheckoutSession, expireCheckoutSession, sessionDetails } from './checkout-sessions.ts';
import { createCustomer, getCustomer, updateCustomer } from './customers.ts';
import { createPaymentIntent } from './payment-intents.ts';
import { createRefund } from './refunds.ts';
import type { StripeDouble } from './stripe-double.ts';
import { invalidRequest, noSuchObject } from './stripe-error.ts';
import { expand, expandList } from './stripe-expand.ts';
import { paginate } from './stripe-lists.ts';
import type { CheckoutSession, Customer, PaymentIntent, PaymentMethod, Refund, StripeEvent, StripeObject } from './stripe-objects.ts';
import type { StripeParams } from './stripe-params.ts';

export function stripeApiRoutes(double: StripeDouble): Hono {
  const app = new Hono();
  const handle = apiHandler(double);
  app.use('*', apiKeyGuard(double));

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
