// The Stripe double driven by the official SDK: a destination-charge Checkout Session with a 10% fee,
// payment by test card (decline, then success), signed webhooks, the hosted page, expiry and idempotency.
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeDoubleConfig } from '../../../supabase/local/src/stripe/stripe-config.ts';
import { signatureHeader } from '../../../supabase/local/src/stripe/webhook-sender.ts';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';
import { onboardedAccount, payByTestEndpoint, receivedEvents, stripeClientFor, waitForEvent } from './stripe-support.ts';

const projectDir = fileURLToPath(new URL('../../fixtures/functions-project', import.meta.url));
const inMinutes = (minutes: number) => Math.floor(Date.now() / 1000) + minutes * 60;

describe.each(testEngines)('Stripe double checkout on %s', (engine) => {
  let t: TestServer;
  let stripe: Stripe;
  let host: Stripe.Account;

  const sessionParams = (bookingId: string): Stripe.Checkout.SessionCreateParams => ({
    mode: 'payment',
    line_items: [{ price_data: { currency: 'usd', unit_amount: 60_000, product_data: { name: 'Casa Azul — Garden room' } }, quantity: 2 }],
    metadata: { booking_id: bookingId },
    payment_intent_data: { application_fee_amount: 12_000, transfer_data: { destination: host.id }, metadata: { booking_id: bookingId } },
    success_url: `http://localhost:5173/dashboard?payment=success&booking=${bookingId}&session={CHECKOUT_SESSION_ID}`,
    cancel_url: `http://localhost:5173/dashboard?payment=cancelled&booking=${bookingId}`,
    expires_at: inMinutes(31),
    customer_email: 'guest@example.com',
    client_reference_id: bookingId,
  });

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir });
    stripe = stripeClientFor(t.server);
    host = await onboardedAccount(stripe, 'host@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates an open session with the amounts, metadata and a local hosted-checkout URL', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams('b-create'));
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 120_000,
      currency: 'usd',
      metadata: { booking_id: 'b-create' },
      client_reference_id: 'b-create',
      customer_email: 'guest@example.com',
      payment_intent: null,
      url: `${t.url}/stripe/checkout/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_/);
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data).toHaveLength(1);
    expect(items.data[0]).toMatchObject({ description: 'Casa Azul — Garden room', quantity: 2, amount_total: 120_000 });

    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Casa Azul — Garden room');
    expect(html).toContain('$1,200.00');
  });

  it('declines 4000 0000 0000 0002, then pays with 4242: transfer minus fee, events, success redirect', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams('b-pay'));

    const declined = await payByTestEndpoint(t.url, session.id, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const paid = await payByTestEndpoint(t.url, session.id, '4242 4242 4242 4242');
    expect(paid.status).toBe(200);
    expect(paid.body.redirect_url).toBe(`http://localhost:5173/dashboard?payment=success&booking=b-pay&session=${session.id}`);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
    expect(retrieved).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const intent = retrieved.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ status: 'succeeded', amount: 120_000, amount_received: 120_000, application_fee_amount: 12_000, transfer_data: { destination: host.id }, metadata: { booking_id: 'b-pay' } });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: 'charge', amount: 120_000, paid: true, payment_intent: intent.id });

    const transfer = await stripe.transfers.retrieve(charge.transfer as string);
    expect(transfer).toMatchObject({ amount: 108_000, destination: host.id, source_transaction: charge.id });
    const fee = await stripe.applicationFees.retrieve(charge.application_fee as string);
    expect(fee).toMatchObject({ amount: 12_000, account: host.id, charge: charge.id });

    const listed = await stripe.checkout.sessions.list({ payment_intent: intent.id });
    expect(listed.data.map((s) => s.id)).toEqual([session.id]);

    const completed = await waitForEvent(t.url, 'checkout.session.completed', session.id);
    expect(completed.object).toMatchObject({ payment_status: 'paid', metadata: { booking_id: 'b-pay' } });
    await waitForEvent(t.url, 'payment_intent.succeeded', intent.id);
    const events = await stripe.events.list({ type: 'checkout.session.completed' });
    expect(events.data.some((event) => (event.data.object as Stripe.Checkout.Session).id === session.id)).toBe(true);

    const again = await payByTestEndpoint(t.url, session.id, '4242424242424242');
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'checkout_session_complete' });
  });

  it('signs deliveries so constructEvent accepts them, and a wrong signature or stale timestamp is refused', async () => {
    const secret = stripeDoubleConfig(t.server.ctx).webhookSecret;
    const state = (await (await fetch(`${t.url}/stripe/test/state`)).json()) as { webhook_deliveries: { status: number | null; url: string }[] };
    expect(state.webhook_deliveries.length).toBeGreaterThan(0);
    expect(state.webhook_deliveries.every((d) => d.status === 200 && d.url === `${t.url}/functions/v1/stripe-webhook`)).toBe(true);

    const payload = JSON.stringify({ id: 'evt_manual', object: 'event', type: 'ping', data: { object: { id: 'x' } } });
    const event = stripe.webhooks.constructEvent(payload, signatureHeader(secret, payload), secret);
    expect(event.id).toBe('evt_manual');
    expect(() => stripe.webhooks.constructEvent(payload, signatureHeader('whsec_wrong', payload), secret)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const stale = signatureHeader(secret, payload, Math.floor(Date.now() / 1000) - 301);
    expect(() => stripe.webhooks.constructEvent(payload, stale, secret)).toThrow(/timestamp outside the tolerance zone/i);

    const forged = await fetch(`${t.url}/functions/v1/stripe-webhook`, { method: 'POST', headers: { 'stripe-signature': signatureHeader('whsec_wrong', payload) }, body: payload });
    expect(forged.status).toBe(400);
    expect((await receivedEvents(t.url)).some((received) => received.id === 'evt_manual')).toBe(false);
  });

  it('pays and declines through the hosted page form, then redirects to success_url', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams('b-page'));
    const form = (number: string) => new URLSearchParams({ email: 'guest@example.com', number, expiry: '12 / 34', cvc: '123', name: 'Guest' });
    const declined = await fetch(session.url!, { method: 'POST', body: form('4000000000000002'), redirect: 'manual' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');

    const paid = await fetch(session.url!, { method: 'POST', body: form('4242 4242 4242 4242'), redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:5173/dashboard?payment=success&booking=b-page&session=${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  });

  it('expires an open session: webhook, no payment possible, the page says so', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams('b-expire'));
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null, payment_status: 'unpaid' });
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toThrow(/can be expired/);

    const attempt = await payByTestEndpoint(t.url, session.id, '4242424242424242');
    expect(attempt.status).toBe(400);
    expect(attempt.body.error).toMatchObject({ code: 'checkout_session_expired' });
    const page = await fetch(`${t.url}/stripe/checkout/${session.id}`);
    expect(await page.text()).toContain('This checkout session has expired');
    await waitForEvent(t.url, 'checkout.session.expired', session.id);
  });

  it('replays an Idempotency-Key with the same parameters and refuses it with different ones', async () => {
    const key = `booking-b-idem-attempt-1`;
    // One parameter object for both calls: expires_at comes from the clock and may tick between them.
    const params = sessionParams('b-idem');
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
    const replay = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.idempotencyKey).toBe(key);

    const secretKey = stripeDoubleConfig(t.server.ctx).secretKey;
    const form = 'mode=payment&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=5000&line_items[0][price_data][product_data][name]=Raw&line_items[0][quantity]=1';
    const post = () => fetch(`${t.url}/stripe/v1/checkout/sessions`, { method: 'POST', headers: { authorization: `Bearer ${secretKey}`, 'idempotency-key': 'raw-key', 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    const original = await post();
    const replayed = await post();
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.json()).toEqual(await original.json());

    const different = stripe.checkout.sessions.create(sessionParams('b-other'), { idempotencyKey: key });
    await expect(different).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    const fresh = await stripe.checkout.sessions.create(sessionParams('b-idem'), { idempotencyKey: `${key}-2` });
    expect(fresh.id).not.toBe(first.id);
  });

  it('validates parameters with Stripe error shapes', async () => {
    const tooSoon = stripe.checkout.sessions.create({ ...sessionParams('b-bad'), expires_at: inMinutes(5) });
    await expect(tooSoon).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'expires_at', statusCode: 400 });
    const noItems = stripe.checkout.sessions.create({ ...sessionParams('b-bad'), line_items: [] });
    await expect(noItems).rejects.toMatchObject({ param: 'line_items' });
    const badQuantity = stripe.checkout.sessions.create({ ...sessionParams('b-bad'), line_items: [{ price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } }, quantity: 0 }] });
    await expect(badQuantity).rejects.toMatchObject({ param: 'line_items[0][quantity]' });
    const unknownDestination = stripe.checkout.sessions.create({ ...sessionParams('b-bad'), payment_intent_data: { application_fee_amount: 10, transfer_data: { destination: 'acct_missing' } } });
    await expect(unknownDestination).rejects.toMatchObject({ code: 'resource_missing', param: 'payment_intent_data[transfer_data][destination]' });
    await expect(stripe.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });

    const raw = await fetch(`${t.url}/stripe/v1/checkout/sessions`, { method: 'POST', headers: { authorization: 'Bearer sk_test_wrong' } });
    expect(raw.status).toBe(401);
    expect(((await raw.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });
});
