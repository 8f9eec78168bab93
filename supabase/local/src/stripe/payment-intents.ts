// PaymentIntents created and confirmed on the server with a saved card (off_session=true, confirm=true): a
// monthly payment. The saved test card decides the outcome; a decline is recorded (the intent exists with
// last_payment_error, payment_intent.payment_failed) and answered with Stripe's 402 card_error.
import { referencedCustomer } from './customers.ts';
import { chargeIntent, checkDestination } from './destination-charges.ts';
import { savedCardNumber } from './payment-methods.ts';
import { StripeApiError, invalidRequest } from './stripe-error.ts';
import { idPrefixes, newId } from './stripe-ids.ts';
import type { PaymentIntent, PaymentMethod } from './stripe-objects.ts';
import type { StripeParams } from './stripe-params.ts';
import type { StripeTx } from './stripe-tx.ts';
import { offSessionOutcome } from './test-cards.ts';

/** Stripe's minimum charge amounts in the smallest unit (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). */
const minimumAmounts: Record<string, number> = { usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50, chf: 50 };

async function savedPaymentMethod(tx: StripeTx, id: string, customerId: string | null): Promise<PaymentMethod> {
  const method = await tx.store.get<PaymentMethod>(id, 'payment_method');
  if (!method) throw invalidRequest(`No such PaymentMethod: '${id}'`, 'payment_method', 'resource_missing');
  if (!method.customer) {
    throw invalidRequest(
      'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
      'payment_method',
    );
  }
  if (customerId === null) {
    throw invalidRequest(`The provided PaymentMethod belongs to a Customer, but you did not supply a Customer. Please supply the Customer ${method.customer}.`, 'customer');
  }
  if (method.customer !== customerId) {
    throw invalidRequest(`The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`, 'payment_method');
  }
  return method;
}

/**
 * Creates and confirms the intent. Returns the succeeded intent, or the 402 card_error to answer with: the
 * declined attempt is part of the record, so it is returned (and committed) rather than thrown.
 */
export async function createPaymentIntent(tx: StripeTx, params: StripeParams): Promise<PaymentIntent | StripeApiError> {
  const amount = params.integer('amount', { required: true, max: 99_999_999 }) ?? 0;
  const currency = params.string('currency', { required: true })?.toLowerCase() ?? '';
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}`, 'currency', 'parameter_invalid_string');
  const minimum = minimumAmounts[currency] ?? 50;
  if (amount < minimum) {
    throw invalidRequest(`Amount must be at least ${(minimum / 100).toFixed(2)} ${currency}`, 'amount', 'amount_too_small');
  }
  for (const type of params.stringList('payment_method_types')) {
    if (type !== 'card') throw invalidRequest(`The payment method type "${type}" is not supported by the local Stripe test double.`, 'payment_method_types');
  }
  // Only the server-side charge of a saved card is implemented; a client-confirmed flow would need Stripe.js.
  if (params.boolean('confirm') !== true) throw invalidRequest('The local Stripe test double supports confirm=true (charging a saved card) only.', 'confirm');
  const offSession = params.string('off_session');
  if (offSession !== undefined && !['true', 'false', 'one_off', 'recurring'].includes(offSession)) {
    throw invalidRequest(`Invalid off_session: must be a boolean or one of one_off, recurring`, 'off_session');
  }
  if (offSession === undefined || offSession === 'false') throw invalidRequest('The local Stripe test double supports off_session payments only.', 'off_session');
  if (params.has('setup_future_usage')) throw invalidRequest('You cannot specify setup_future_usage when off_session is true.', 'setup_future_usage');

  const customerId = params.string('customer') ?? null;
  if (customerId !== null) await referencedCustomer(tx.store, customerId, 'customer');
  const methodId = params.string('payment_method', { required: true }) ?? '';
  const method = await savedPaymentMethod(tx, methodId, customerId);

  const fee = params.integer('application_fee_amount', { min: 0 }) ?? null;
  const destination = params.child('transfer_data')?.string('destination', { required: true }) ?? null;
  await checkDestination(tx, fee, destination, amount);
  const receiptEmail = params.string('receipt_email', { maxLength: 800 }) ?? null;

  const intent: PaymentIntent = {
    id: newId(idPrefixes.paymentIntent),
    object: 'payment_intent',
    created: tx.now,
    livemode: false,
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application_fee_amount: fee,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    currency,
    customer: customerId,
    description: params.string('description', { maxLength: 1000 }) ?? null,
    last_payment_error: null,
    latest_charge: null,
    metadata: params.metadata(),
    payment_method: method.id,
    payment_method_types: ['card'],
    receipt_email: receiptEmail,
    setup_future_usage: null,
    statement_descriptor: params.string('statement_descriptor', { maxLength: 22 }) ?? null,
    status: 'requires_payment_method',
    transfer_data: destination ? { destination } : null,
    transfer_group: params.string('transfer_group') ?? null,
  };

  const decline = offSessionOutcome(await savedCardNumber(tx.store, method.id));
  if (decline) {
    const reason = {
      type: 'card_error' as const,
      code: decline.code,
      ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
      message: decline.message,
    };
    // A failed attempt leaves the intent waiting for a payment method; the one that failed is in the error.
    const failed: PaymentIntent = { ...intent, payment_method: null, last_payment_error: { ...reason, payment_method: method } };
    await tx.store.put(failed);
    await tx.emit('payment_intent.payment_failed', failed);
    return new StripeApiError(402, 'card_error', decline.message, decline.code, undefined, {
      ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
      payment_intent: failed,
      payment_method: method,
    });
  }

  const { intent: succeeded, charge } = await chargeIntent(tx, intent, method);
  await tx.emit('charge.succeeded', charge);
  await tx.emit('payment_intent.succeeded', succeeded);
  return succeeded;
}
