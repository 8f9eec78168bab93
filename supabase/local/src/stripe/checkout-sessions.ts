// Checkout Sessions (mode=payment): create, expire, time-based expiry and payment by card, including the
// destination-charge money movement (charge → transfer to the connected account, application fee kept) and
// saving the card to the customer for later off-session payments (setup_future_usage).
import { newCustomer, referencedCustomer } from './customers.ts';
import { chargeIntent, checkDestination } from './destination-charges.ts';
import { attachPaymentMethod, createCardPaymentMethod } from './payment-methods.ts';
import { StripeApiError, invalidRequest, noSuchObject } from './stripe-error.ts';
import { idPrefixes, newId, randomTail } from './stripe-ids.ts';
import type { CheckoutSession, Customer, LineItem, PaymentIntent, SessionPaymentPlan, SetupFutureUsage, StripeObject } from './stripe-objects.ts';
import type { StripeParams } from './stripe-params.ts';
import type { StripeTx } from './stripe-tx.ts';
import { cardOutcome, type CardInput } from './test-cards.ts';

const minExpirySeconds = 30 * 60;
const maxExpirySeconds = 24 * 60 * 60;
/** A client computing `now + 30 min` reaches us a moment later. */
const expiryLeewaySeconds = 10;

/** Line items and the payment intent plan: part of the session at Stripe, but not of its API object. */
export interface SessionDetails extends StripeObject {
  object: 'checkout.session.details';
  line_items: LineItem[];
  plan: SessionPaymentPlan;
}

export const detailsId = (sessionId: string): string => `${sessionId}#details`;

export function checkoutPageUrl(apiUrl: string, sessionId: string): string {
  return `${apiUrl}/stripe/checkout/${sessionId}`;
}

function lineItemFrom(item: StripeParams, now: number): LineItem {
  if (item.has('price')) throw noSuchObject('price', item.string('price') ?? '', item.name('price'));
  const priceData = item.child('price_data', { required: true });
  if (!priceData) throw invalidRequest('price_data is required', item.name('price_data'));
  const currency = priceData.string('currency', { required: true })?.toLowerCase() ?? '';
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}`, priceData.name('currency'), 'parameter_invalid_string');
  const unitAmount = priceData.integer('unit_amount', { required: true, min: 0, max: 99_999_999 }) ?? 0;
  if (priceData.has('product')) throw noSuchObject('product', priceData.string('product') ?? '', priceData.name('product'));
  const product = priceData.child('product_data', { required: true });
  const name = product?.string('name', { required: true, maxLength: 250 }) ?? '';
  const quantity = item.integer('quantity', { required: true, min: 1, max: 999_999 }) ?? 1;
  const total = unitAmount * quantity;
  return {
    id: newId(idPrefixes.lineItem),
    object: 'item',
    created: now,
    livemode: false,
    amount_discount: 0,
    amount_subtotal: total,
    amount_tax: 0,
    amount_total: total,
    currency,
    description: name,
    price: {
      id: `price_${randomTail(24)}`,
      object: 'price',
      active: false,
      created: now,
      currency,
      livemode: false,
      metadata: {},
      product: `prod_${randomTail(14)}`,
      type: 'one_time',
      unit_amount: unitAmount,
    },
    quantity,
  };
}

async function paymentPlan(tx: StripeTx, params: StripeParams, amountTotal: number): Promise<SessionPaymentPlan> {
  const data = params.child('payment_intent_data');
  const fee = data?.integer('application_fee_amount', { min: 0 }) ?? null;
  const destination = data?.child('transfer_data')?.string('destination', { required: true }) ?? null;
  await checkDestination(tx, fee, destination, amountTotal, 'payment_intent_data');
  const setupFutureUsage = (data?.string('setup_future_usage', { oneOf: ['on_session', 'off_session'] }) ?? null) as SetupFutureUsage | null;
  return {
    application_fee_amount: fee,
    setup_future_usage: setupFutureUsage,
    transfer_destination: destination,
    metadata: data?.metadata() ?? {},
    description: data?.string('description', { maxLength: 1000 }) ?? null,
    statement_descriptor: data?.string('statement_descriptor', { maxLength: 22 }) ?? null,
    transfer_group: data?.string('transfer_group') ?? null,
  };
}

export async function createCheckoutSession(tx: StripeTx, params: StripeParams): Promise<CheckoutSession> {
  const mode = params.string('mode', { required: true, oneOf: ['payment', 'setup', 'subscription'] });
  if (mode !== 'payment') throw invalidRequest('The local Stripe test double supports mode=payment only.', 'mode');
  const uiMode = params.string('ui_mode', { oneOf: ['hosted', 'embedded', 'custom'] });
  if (uiMode && uiMode !== 'hosted') throw invalidRequest('The local Stripe test double supports ui_mode=hosted only.', 'ui_mode');
  for (const type of params.stringList('payment_method_types')) {
    if (type !== 'card') throw invalidRequest(`The payment method type "${type}" is not supported by the local Stripe test double.`, 'payment_method_types');
  }

  const items = params.list('line_items');
  if (items.length === 0) throw invalidRequest('You must provide at least one line item.', 'line_items', 'parameter_missing');
  if (items.length > 100) throw invalidRequest('You may only specify up to 100 line items.', 'line_items');
  const lineItems = items.map((item) => lineItemFrom(item, tx.now));
  const currency = lineItems[0]?.currency ?? 'usd';
  if (lineItems.some((item) => item.currency !== currency)) throw invalidRequest('All line items must use the same currency.', 'line_items');
  const amountTotal = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  if (amountTotal < 50) throw invalidRequest(`The Checkout Session's total amount due must add up to at least 50 in the smallest ${currency} unit.`, 'line_items');

  const expiresAt = params.integer('expires_at') ?? tx.now + maxExpirySeconds;
  if (expiresAt < tx.now + minExpirySeconds - expiryLeewaySeconds || expiresAt > tx.now + maxExpirySeconds) {
    throw invalidRequest('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at', 'parameter_invalid_integer');
  }
  const customerEmail = params.string('customer_email', { maxLength: 800 }) ?? null;
  if (customerEmail !== null && !/^[^\s@]+@[^\s@]+$/.test(customerEmail)) throw invalidRequest('Invalid email address: ' + customerEmail, 'customer_email', 'email_invalid');
  const customerId = params.string('customer') ?? null;
  if (customerId !== null && customerEmail !== null) throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  if (customerId !== null) await referencedCustomer(tx.store, customerId, 'customer');
  const customerCreation = (params.string('customer_creation', { oneOf: ['always', 'if_required'] }) ?? null) as CheckoutSession['customer_creation'];
  if (customerId !== null && customerCreation !== null) throw invalidRequest('You may only specify one of these parameters: customer, customer_creation.', 'customer_creation');

  const plan = await paymentPlan(tx, params, amountTotal);
  const id = newId(idPrefixes.checkoutSession);
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    created: tx.now,
    livemode: false,
    amount_subtotal: amountTotal,
    amount_total: amountTotal,
    cancel_url: params.url('cancel_url') ?? null,
    client_reference_id: params.string('client_reference_id', { maxLength: 200 }) ?? null,
    currency,
    customer: customerId,
    customer_creation: customerId === null ? (customerCreation ?? 'if_required') : null,
    customer_details: null,
    customer_email: customerEmail,
    expires_at: expiresAt,
    metadata: params.metadata(),
    mode: 'payment',
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    success_url: params.url('success_url') ?? null,
    ui_mode: 'hosted',
    url: checkoutPageUrl(tx.apiUrl, id),
  };
  await tx.store.put(session);
  await tx.store.put<SessionDetails>({ id: detailsId(id), object: 'checkout.session.details', created: tx.now, livemode: false, line_items: lineItems, plan });
  return session;
}

export async function sessionDetails(store: StripeTx['store'], sessionId: string): Promise<SessionDetails> {
  const details = await store.get<SessionDetails>(detailsId(sessionId), 'checkout.session.details');
  if (!details) throw new Error(`checkout session ${sessionId} has no details record`);
  return details;
}

async function expire(tx: StripeTx, session: CheckoutSession): Promise<CheckoutSession> {
  const expired: CheckoutSession = { ...session, status: 'expired', url: null };
  await tx.store.put(expired);
  if (session.payment_intent) {
    const intent = await tx.store.get<PaymentIntent>(session.payment_intent, 'payment_intent');
    if (intent && intent.status === 'requires_payment_method') {
      const canceled: PaymentIntent = { ...intent, status: 'canceled', canceled_at: tx.now, cancellation_reason: 'abandoned' };
      await tx.store.put(canceled);
      await tx.emit('payment_intent.canceled', canceled);
    }
  }
  await tx.emit('checkout.session.expired', expired, { previous: { status: 'open', url: session.url } });
  return expired;
}

export async function expireCheckoutSession(tx: StripeTx, id: string): Promise<CheckoutSession> {
  const session = await tx.store.get<CheckoutSession>(id, 'checkout.session');
  if (!session) throw noSuchObject('checkout.session', id, 'session');
  if (session.status !== 'open') {
    throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
  }
  return expire(tx, session);
}

export async function expireDueSessions(tx: StripeTx): Promise<void> {
  for (const session of await tx.store.list<CheckoutSession>('checkout.session')) {
    if (session.status === 'open' && session.expires_at <= tx.now) await expire(tx, session);
  }
}

export type PaymentResult =
  | { ok: true; session: CheckoutSession; paymentIntent: PaymentIntent; redirectUrl: string | null }
  | { ok: false; session: CheckoutSession; error: StripeApiError };

function successRedirect(session: CheckoutSession): string | null {
  return session.success_url?.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id) ?? null;
}

function newPaymentIntent(tx: StripeTx, session: CheckoutSession, plan: SessionPaymentPlan, email: string | null): PaymentIntent {
  return {
    id: newId(idPrefixes.paymentIntent),
    object: 'payment_intent',
    created: tx.now,
    livemode: false,
    amount: session.amount_total,
    amount_capturable: 0,
    amount_received: 0,
    application_fee_amount: plan.application_fee_amount,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    currency: session.currency,
    customer: session.customer,
    description: plan.description,
    last_payment_error: null,
    latest_charge: null,
    metadata: plan.metadata,
    payment_method: null,
    payment_method_types: ['card'],
    receipt_email: email,
    setup_future_usage: plan.setup_future_usage ?? null,
    statement_descriptor: plan.statement_descriptor,
    status: 'requires_payment_method',
    transfer_data: plan.transfer_destination ? { destination: plan.transfer_destination } : null,
    transfer_group: plan.transfer_group,
  };
}

/**
 * One payment attempt on the hosted page. A decline is an outcome, not an exception: the failed attempt
 * (payment intent with last_payment_error, payment_intent.payment_failed) is recorded, the session stays open.
 */
export async function payCheckoutSession(
  tx: StripeTx,
  sessionId: string,
  card: CardInput,
  payer: { email: string | null; name: string | null },
): Promise<PaymentResult> {
  const session = await tx.store.get<CheckoutSession>(sessionId, 'checkout.session');
  if (!session) throw noSuchObject('checkout.session', sessionId);
  if (session.status === 'open' && session.expires_at <= tx.now) {
    return { ok: false, session: await expire(tx, session), error: invalidRequest('This Checkout Session has expired.', undefined, 'checkout_session_expired') };
  }
  if (session.status === 'expired') return { ok: false, session, error: invalidRequest('This Checkout Session has expired.', undefined, 'checkout_session_expired') };
  if (session.status === 'complete') return { ok: false, session, error: invalidRequest('This Checkout Session is already complete.', undefined, 'checkout_session_complete') };

  const { plan } = await sessionDetails(tx.store, session.id);
  // The customer's email is prefilled (and not asked for) on Stripe's page.
  const customer = session.customer ? await tx.store.get<Customer>(session.customer, 'customer') : null;
  const email = session.customer_email ?? customer?.email ?? payer.email;
  const existing = session.payment_intent ? await tx.store.get<PaymentIntent>(session.payment_intent, 'payment_intent') : null;
  const intent = existing ?? newPaymentIntent(tx, session, plan, email);
  const outcome = cardOutcome(card);

  if (outcome.decline) {
    const error = new StripeApiError(402, 'card_error', outcome.decline.message, outcome.decline.code, undefined, {
      ...(outcome.decline.decline_code ? { decline_code: outcome.decline.decline_code } : {}),
      payment_intent: { id: intent.id },
    });
    const failed: PaymentIntent = { ...intent, last_payment_error: error.toBody().error };
    await tx.store.put(failed);
    const withIntent: CheckoutSession = { ...session, payment_intent: failed.id };
    await tx.store.put(withIntent);
    await tx.emit('payment_intent.payment_failed', failed);
    return { ok: false, session: withIntent, error };
  }

  // Checkout creates the customer when asked to (customer_creation=always), once the payment succeeds.
  const customerId = session.customer ?? (session.customer_creation === 'always' ? (await newCustomer(tx, { email, name: payer.name })).id : null);
  const method = await createCardPaymentMethod(tx, card, outcome.brand, { email, name: payer.name });
  const { intent: succeeded, charge } = await chargeIntent(tx, { ...intent, customer: customerId }, method);
  // Without a customer the card is saved to no one (Stripe: reuse it from the intent, attach it yourself).
  if (plan.setup_future_usage && customerId) await attachPaymentMethod(tx, method, customerId);
  const completed: CheckoutSession = {
    ...session,
    customer: customerId,
    customer_details: { email, name: payer.name },
    payment_intent: succeeded.id,
    payment_status: 'paid',
    status: 'complete',
    url: null,
  };
  await tx.store.put(completed);
  await tx.emit('charge.succeeded', charge);
  await tx.emit('payment_intent.succeeded', succeeded);
  await tx.emit('checkout.session.completed', completed);
  return { ok: true, session: completed, paymentIntent: succeeded, redirectUrl: successRedirect(completed) };
}
