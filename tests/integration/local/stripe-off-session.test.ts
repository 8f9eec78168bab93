// Monthly payments with a saved card, through the official SDK: customers, a Checkout payment that saves the
// card to the customer (setup_future_usage), off-session PaymentIntents as a destination charge with a 10%
// fee, the saved test card deciding the outcome (4242 pays, 0341 is declined, 3184 needs authentication),
// idempotent replays including a 402, Stripe's validation errors and a refund reversing the transfer.
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';
import { onboardedAccount, payByTestEndpoint, stripeClientFor, waitForEvent } from './stripe-support.ts';

const projectDir = fileURLToPath(new URL('../../fixtures/functions-project', import.meta.url));
const inMinutes = (minutes: number) => Math.floor(Date.now() / 1000) + minutes * 60;
const monthlyRent = 90_000;

describe.each(testEngines)('Stripe double off-session payments on %s', (engine) => {
  let t: TestServer;
  let stripe: Stripe;
  let host: Stripe.Account;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir });
    stripe = stripeClientFor(t.server);
    host = await onboardedAccount(stripe, 'monthly-host@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  const newGuest = (tag: string) => stripe.customers.create({ email: `${tag}@example.com`, name: `Guest ${tag}`, metadata: { user_id: `user-${tag}` } }, { idempotencyKey: `customer-${tag}` });

  const sessionParams = (customer: string, bookingId: string): Stripe.Checkout.SessionCreateParams => ({
    mode: 'payment',
    customer,
    line_items: [{ price_data: { currency: 'usd', unit_amount: monthlyRent, product_data: { name: 'Casa Azul — first month' } }, quantity: 1 }],
    payment_intent_data: { setup_future_usage: 'off_session', application_fee_amount: monthlyRent / 10, transfer_data: { destination: host.id }, metadata: { booking_id: bookingId, month: '1' } },
    metadata: { booking_id: bookingId },
    success_url: `http://localhost:5173/dashboard?payment=success&booking=${bookingId}`,
    cancel_url: `http://localhost:5173/dashboard?payment=cancelled&booking=${bookingId}`,
    expires_at: inMinutes(31),
    client_reference_id: bookingId,
  });

  /** A guest who paid the first month at Checkout with `card`, saving it: the customer and the saved card. */
  async function guestWithSavedCard(tag: string, card: string): Promise<{ customer: Stripe.Customer; paymentMethod: Stripe.PaymentMethod; firstPayment: Stripe.PaymentIntent }> {
    const customer = await newGuest(tag);
    const session = await stripe.checkout.sessions.create(sessionParams(customer.id, tag));
    const paid = await payByTestEndpoint(t.url, session.id, card);
    expect(paid.status).toBe(200);
    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    const firstPayment = completed.payment_intent as Stripe.PaymentIntent;
    const paymentMethod = await stripe.paymentMethods.retrieve(firstPayment.payment_method as string);
    return { customer, paymentMethod, firstPayment };
  }

  const monthlyParams = (customer: string, paymentMethod: string, month: string): Stripe.PaymentIntentCreateParams => ({
    amount: monthlyRent,
    currency: 'usd',
    customer,
    payment_method: paymentMethod,
    off_session: true,
    confirm: true,
    application_fee_amount: monthlyRent / 10,
    transfer_data: { destination: host.id },
    metadata: { booking_id: 'monthly', month },
    description: `Casa Azul — month ${month}`,
  });

  it('creates, retrieves and updates customers; an unknown one is a 404 resource_missing', async () => {
    const customer = await newGuest('ana');
    expect(customer).toMatchObject({ object: 'customer', email: 'ana@example.com', name: 'Guest ana', metadata: { user_id: 'user-ana' } });
    expect(customer.id).toMatch(/^cus_/);
    expect((await newGuest('ana')).id).toBe(customer.id);
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, email: 'ana@example.com' });

    const updated = await stripe.customers.update(customer.id, { name: 'Ana Example', metadata: { plan: 'monthly' } });
    expect(updated).toMatchObject({ name: 'Ana Example', email: 'ana@example.com', metadata: { user_id: 'user-ana', plan: 'monthly' } });

    const missing = stripe.customers.retrieve('cus_missing');
    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('saves the card of a Checkout payment with setup_future_usage to the customer', async () => {
    const { customer, paymentMethod, firstPayment } = await guestWithSavedCard('bruno', '4242 4242 4242 4242');
    expect(firstPayment).toMatchObject({ status: 'succeeded', customer: customer.id, setup_future_usage: 'off_session', payment_method: paymentMethod.id, application_fee_amount: 9_000 });
    expect(paymentMethod).toMatchObject({ object: 'payment_method', type: 'card', customer: customer.id, card: { brand: 'visa', last4: '4242', exp_month: 12 }, billing_details: { email: 'bruno@example.com' } });
    expect(paymentMethod.id).toMatch(/^pm_/);
    expect(paymentMethod.card?.exp_year).toBeGreaterThan(new Date().getUTCFullYear());
    expect(JSON.stringify(paymentMethod)).not.toContain('4242424242424242');

    const sessions = await stripe.checkout.sessions.list({ payment_intent: firstPayment.id });
    expect(sessions.data[0]?.customer).toBe(customer.id);
    expect((await stripe.customers.listPaymentMethods(customer.id, { type: 'card' })).data.map((m) => m.id)).toEqual([paymentMethod.id]);
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data.map((m) => m.id)).toEqual([paymentMethod.id]);
    await waitForEvent(t.url, 'payment_method.attached', paymentMethod.id);
  });

  it('says on the hosted page that the card is kept, and paying there saves it', async () => {
    const customer = await newGuest('page');
    const session = await stripe.checkout.sessions.create(sessionParams(customer.id, 'page'));
    expect(await (await fetch(session.url!)).text()).toContain('charge this card for future payments');
    const form = new URLSearchParams({ number: '4000 0027 6000 3184', expiry: '12 / 34', cvc: '123', name: 'Guest Page' });
    const paid = await fetch(session.url!, { method: 'POST', body: form, redirect: 'manual' });
    expect(paid.status).toBe(303);
    const [saved] = (await stripe.customers.listPaymentMethods(customer.id)).data;
    expect(saved).toMatchObject({ customer: customer.id, card: { last4: '3184', exp_month: 12, exp_year: 2034 }, billing_details: { email: 'page@example.com', name: 'Guest Page' } });
  });

  it('charges the saved 4242 off the session: a destination charge with the 10% fee, payment_intent.succeeded', async () => {
    const { customer, paymentMethod } = await guestWithSavedCard('carla', '4242424242424242');
    const intent = await stripe.paymentIntents.create(monthlyParams(customer.id, paymentMethod.id, '2'), { idempotencyKey: 'carla-month-2' });
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: monthlyRent,
      amount_received: monthlyRent,
      currency: 'usd',
      customer: customer.id,
      payment_method: paymentMethod.id,
      application_fee_amount: 9_000,
      transfer_data: { destination: host.id },
      metadata: { booking_id: 'monthly', month: '2' },
      description: 'Casa Azul — month 2',
    });

    const retrieved = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
    const charge = retrieved.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ amount: monthlyRent, paid: true, customer: customer.id, payment_method: paymentMethod.id, payment_intent: intent.id });
    expect(await stripe.transfers.retrieve(charge.transfer as string)).toMatchObject({ amount: 81_000, destination: host.id, source_transaction: charge.id });
    expect(await stripe.applicationFees.retrieve(charge.application_fee as string)).toMatchObject({ amount: 9_000, account: host.id });

    const listed = await stripe.paymentIntents.list({ customer: customer.id });
    expect(listed.data.map((i) => i.id)).toContain(intent.id);
    expect(listed.data.every((i) => i.customer === customer.id)).toBe(true);
    const event = await waitForEvent(t.url, 'payment_intent.succeeded', intent.id);
    expect(event.object).toMatchObject({ status: 'succeeded', customer: customer.id, metadata: { month: '2' } });
    await waitForEvent(t.url, 'charge.succeeded', charge.id);
  });

  it('declines a saved 0341 off the session with a StripeCardError; the intent waits for a payment method', async () => {
    const { customer, paymentMethod, firstPayment } = await guestWithSavedCard('dora', '4000 0000 0000 0341');
    expect(firstPayment.status).toBe('succeeded');

    const attempt = stripe.paymentIntents.create(monthlyParams(customer.id, paymentMethod.id, '2'));
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    const error = (await attempt.catch((e: unknown) => e)) as Stripe.errors.StripeCardError;
    expect(error).toMatchObject({ statusCode: 402, type: 'StripeCardError', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    const failed = (error.raw as { payment_intent: Stripe.PaymentIntent }).payment_intent;
    expect(failed).toMatchObject({ object: 'payment_intent', status: 'requires_payment_method', customer: customer.id, amount: monthlyRent, last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', payment_method: { id: paymentMethod.id } } });
    expect((error.raw as { payment_method: Stripe.PaymentMethod }).payment_method.id).toBe(paymentMethod.id);

    const retrieved = await stripe.paymentIntents.retrieve(failed.id);
    expect(retrieved).toMatchObject({ status: 'requires_payment_method', latest_charge: null, application_fee_amount: 9_000, transfer_data: { destination: host.id }, metadata: { month: '2' } });
    expect(retrieved.last_payment_error?.code).toBe('card_declined');
    const event = await waitForEvent(t.url, 'payment_intent.payment_failed', failed.id);
    expect(event.object).toMatchObject({ status: 'requires_payment_method', last_payment_error: { decline_code: 'generic_decline' } });
  });

  it('fails a saved 3184 off the session with authentication_required', async () => {
    const { customer, paymentMethod, firstPayment } = await guestWithSavedCard('emil', '4000 0027 6000 3184');
    expect(firstPayment.status).toBe('succeeded');
    const error = (await stripe.paymentIntents.create(monthlyParams(customer.id, paymentMethod.id, '2')).catch((e: unknown) => e)) as Stripe.errors.StripeCardError;
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: 'authentication_required', decline_code: 'authentication_required' });
    const failed = (error.raw as { payment_intent: Stripe.PaymentIntent }).payment_intent;
    expect(failed.status).toBe('requires_payment_method');
    await waitForEvent(t.url, 'payment_intent.payment_failed', failed.id);
  });

  it('replays an Idempotency-Key: one intent per key, the same response, a declined attempt replayed as its 402', async () => {
    const paying = await guestWithSavedCard('fabio', '4242424242424242');
    const params = monthlyParams(paying.customer.id, paying.paymentMethod.id, '3');
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'fabio-month-3' });
    const replay = await stripe.paymentIntents.create(params, { idempotencyKey: 'fabio-month-3' });
    expect(replay.id).toBe(first.id);
    expect({ ...replay }).toEqual({ ...first });
    expect((await stripe.paymentIntents.list({ customer: paying.customer.id })).data.filter((i) => i.metadata.month === '3')).toHaveLength(1);
    const other = stripe.paymentIntents.create({ ...params, amount: monthlyRent + 100 }, { idempotencyKey: 'fabio-month-3' });
    await expect(other).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    const declining = await guestWithSavedCard('gita', '4000000000000341');
    const declined = monthlyParams(declining.customer.id, declining.paymentMethod.id, '3');
    const firstError = (await stripe.paymentIntents.create(declined, { idempotencyKey: 'gita-month-3' }).catch((e: unknown) => e)) as Stripe.errors.StripeCardError;
    const replayedError = (await stripe.paymentIntents.create(declined, { idempotencyKey: 'gita-month-3' }).catch((e: unknown) => e)) as Stripe.errors.StripeCardError;
    expect(firstError).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(replayedError).toBeInstanceOf(Stripe.errors.StripeCardError);
    // The SDK puts the response headers and request id into `raw`; the rest is the saved error body.
    const body = (raw: unknown) => Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter(([key]) => key !== 'headers' && key !== 'requestId'));
    expect((replayedError.raw as { headers: Record<string, string> }).headers['idempotent-replayed']).toBe('true');
    expect(body(replayedError.raw)).toEqual(body(firstError.raw));
    const attempts = (await stripe.paymentIntents.list({ customer: declining.customer.id })).data.filter((i) => i.metadata.month === '3');
    expect(attempts.map((i) => i.status)).toEqual(['requires_payment_method']);
  });

  it('refuses what Stripe refuses: a foreign or unsaved card, unknown customers, customer with customer_email, bad amounts and fees', async () => {
    const owner = await guestWithSavedCard('hugo', '4242424242424242');
    const stranger = await newGuest('ines');
    const invalid = { type: 'StripeInvalidRequestError', statusCode: 400 };

    await expect(stripe.paymentIntents.create(monthlyParams(stranger.id, owner.paymentMethod.id, '2'))).rejects.toMatchObject({ ...invalid, param: 'payment_method' });
    await expect(stripe.paymentIntents.create(monthlyParams('cus_missing', owner.paymentMethod.id, '2'))).rejects.toMatchObject({ ...invalid, code: 'resource_missing', param: 'customer' });
    await expect(stripe.paymentIntents.create(monthlyParams(owner.customer.id, 'pm_missing', '2'))).rejects.toMatchObject({ ...invalid, code: 'resource_missing', param: 'payment_method' });
    await expect(stripe.paymentIntents.create({ ...monthlyParams(owner.customer.id, owner.paymentMethod.id, '2'), amount: 49, application_fee_amount: 4 })).rejects.toMatchObject({ ...invalid, code: 'amount_too_small', param: 'amount' });
    await expect(stripe.paymentIntents.create({ ...monthlyParams(owner.customer.id, owner.paymentMethod.id, '2'), transfer_data: undefined })).rejects.toMatchObject({ ...invalid, param: 'application_fee_amount' });
    await expect(stripe.paymentIntents.create({ ...monthlyParams(owner.customer.id, owner.paymentMethod.id, '2'), application_fee_amount: monthlyRent + 1 })).rejects.toMatchObject({ ...invalid, param: 'application_fee_amount' });
    await expect(stripe.paymentIntents.create({ ...monthlyParams(owner.customer.id, owner.paymentMethod.id, '2'), transfer_data: { destination: 'acct_missing' } })).rejects.toMatchObject({ ...invalid, code: 'resource_missing', param: 'transfer_data[destination]' });

    // A card paid at Checkout without a customer is saved to no one and cannot be charged again.
    const guestSession = await stripe.checkout.sessions.create({ ...sessionParams(owner.customer.id, 'no-customer'), customer: undefined, customer_email: 'jo@example.com' });
    expect(guestSession).toMatchObject({ customer: null, customer_email: 'jo@example.com' });
    expect((await payByTestEndpoint(t.url, guestSession.id, '4242424242424242')).status).toBe(200);
    const guestIntent = (await stripe.checkout.sessions.retrieve(guestSession.id, { expand: ['payment_intent'] })).payment_intent as Stripe.PaymentIntent;
    expect(guestIntent).toMatchObject({ customer: null, setup_future_usage: 'off_session' });
    expect((await stripe.paymentMethods.retrieve(guestIntent.payment_method as string)).customer).toBeNull();
    await expect(stripe.paymentIntents.create(monthlyParams(owner.customer.id, guestIntent.payment_method as string, '2'))).rejects.toMatchObject({ ...invalid, param: 'payment_method' });

    await expect(stripe.checkout.sessions.create(sessionParams('cus_missing', 'bad'))).rejects.toMatchObject({ ...invalid, code: 'resource_missing', param: 'customer' });
    await expect(stripe.checkout.sessions.create({ ...sessionParams(owner.customer.id, 'bad'), customer_email: 'hugo@example.com' })).rejects.toMatchObject({ ...invalid, message: expect.stringMatching(/customer, customer_email/) });
    const badUsage = { ...sessionParams(owner.customer.id, 'bad'), payment_intent_data: { setup_future_usage: 'sometimes' as 'off_session' } };
    await expect(stripe.checkout.sessions.create(badUsage)).rejects.toMatchObject({ ...invalid, param: 'payment_intent_data[setup_future_usage]' });
    await expect(stripe.customers.listPaymentMethods('cus_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('creates the customer at Checkout with customer_creation=always and saves the card to it', async () => {
    const session = await stripe.checkout.sessions.create({ ...sessionParams('unused', 'created'), customer: undefined, customer_email: 'kim@example.com', customer_creation: 'always' });
    expect((await payByTestEndpoint(t.url, session.id, '4242424242424242')).status).toBe(200);
    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(completed.customer).toMatch(/^cus_/);
    const customer = (await stripe.customers.retrieve(completed.customer as string)) as Stripe.Customer;
    expect(customer.email).toBe('kim@example.com');
    const methods = await stripe.customers.listPaymentMethods(customer.id);
    expect(methods.data.map((m) => m.id)).toEqual([(completed.payment_intent as Stripe.PaymentIntent).payment_method]);
  });

  it('refunds an off-session payment, reversing the transfer and refunding the fee', async () => {
    const { customer, paymentMethod } = await guestWithSavedCard('lena', '4242424242424242');
    const intent = await stripe.paymentIntents.create(monthlyParams(customer.id, paymentMethod.id, '2'));
    const refund = await stripe.refunds.create({ payment_intent: intent.id, reverse_transfer: true, refund_application_fee: true });
    expect(refund).toMatchObject({ amount: monthlyRent, payment_intent: intent.id, status: 'succeeded' });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ refunded: true, amount_refunded: monthlyRent });
    expect(await stripe.transfers.retrieve(charge.transfer as string)).toMatchObject({ amount_reversed: 81_000, reversed: true });
    expect(await stripe.applicationFees.retrieve(charge.application_fee as string)).toMatchObject({ amount_refunded: 9_000, refunded: true });
  });
});
