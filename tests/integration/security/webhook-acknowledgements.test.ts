// What stripe-webhook answers. Stripe resends an event until it gets a 2xx (for up to three days), so a
// genuine, validly signed event the endpoint cannot act on (a session or payment intent Stripe does not know,
// no data.object, an event type it does not handle, a session, refund or monthly payment of no booking) is acknowledged with 200 and a logged
// reason, and changes nothing. A missing or bad signature, a stale timestamp or a body that is not an event
// is a 400; a failure that may pass (the database) stays a 5xx so Stripe delivers the event again.
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { stripeDoubleConfig } from '../../../supabase/local/src/stripe/stripe-config.ts';
import { signatureHeader } from '../../../supabase/local/src/stripe/webhook-sender.ts';
import { stripeClientFor } from '../local/stripe-support.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';
import {
  bookRoom,
  connectHost,
  createListing,
  invoke,
  payWithCard,
  sessionIdOf,
  signUpAs,
  stay,
  stripeState,
  waitFor,
  waitForStatus,
  type Listing,
} from '../payments/payments-support.ts';

interface WebhookAnswer {
  status: number;
  body: { received?: boolean; ignored?: string; outcome?: string; duplicate?: boolean; code?: string };
}

describe.each(testEngines)('stripe-webhook acknowledgements on %s', (engine) => {
  let t: TestServer;
  let stripe: Stripe;
  let host: TestUser;
  let guest: TestUser;
  let listing: Listing;
  let bookingId: string;
  let sessionId: string;
  // On Deno the function logs in its own process; the stand-in relays those lines with console.error.
  let logs: MockInstance<typeof console.warn>[] = [];

  beforeAll(async () => {
    t = await startTestServer({ engine });
    stripe = stripeClientFor(t.server);
    host = await signUpAs(t, 'host', 'Wanda Webhook');
    await connectHost(t, host);
    listing = await createListing(host, 2, 300);
    guest = await signUpAs(t, 'guest', 'Gus Guest');
    bookingId = await bookRoom(guest, listing, listing.roomIds[0]!, stay(30, 1), 1);
    const checkout = await invoke(guest.client, 'create-checkout-session-v2', { booking_id: bookingId, user_id: guest.id });
    expect(checkout.status).toBe(200);
    sessionId = sessionIdOf(String(checkout.body.url));
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    for (const spy of logs) spy.mockRestore();
  });

  const secret = () => stripeDoubleConfig(t.server.ctx).webhookSecret;

  function eventOf(type: string, data: unknown): Record<string, unknown> {
    return {
      id: `evt_test_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      ...(data === undefined ? {} : { data }),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  async function post(payload: string, signature: string | null): Promise<WebhookAnswer> {
    const response = await fetch(`${t.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      body: payload,
    });
    return { status: response.status, body: (await response.json()) as WebhookAnswer['body'] };
  }

  const postSigned = (event: unknown): Promise<WebhookAnswer> => {
    const payload = JSON.stringify(event, null, 2);
    return post(payload, signatureHeader(secret(), payload));
  };

  /** Everything a webhook may change: bookings, refunds, processed events. */
  async function snapshot() {
    const db = t.server.ctx.db;
    const bookings = await db.query(`select * from public.bookings order by id`);
    const refunds = await db.query(`select * from public.booking_refunds order by id`);
    const events = await db.query(`select id, type from public.stripe_webhook_events order by id`);
    return { bookings: bookings.rows, refunds: refunds.rows, events: events.rows };
  }

  /** Sends a signed event, expects a 200 acknowledgement with a reason matching `reason`, a warning naming it, and no change. */
  async function expectAcknowledged(event: Record<string, unknown>, reason: RegExp): Promise<void> {
    const before = await snapshot();
    logs = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')];
    const answer = await postSigned(event);
    expect(answer).toMatchObject({ status: 200, body: { received: true } });
    expect(answer.body.ignored).toMatch(reason);
    // A relayed line may arrive just after the response.
    await vi.waitFor(() => {
      const logged = logs.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(' '))).filter((line) => line.includes('[stripe-webhook]'));
      expect(logged.some((line) => line.includes(String(event.id)) && line.includes(String(event.type)) && reason.test(line))).toBe(true);
    }, { timeout: 3_000 });
    for (const spy of logs) spy.mockRestore();
    expect(await snapshot()).toEqual(before);
  }

  it('acknowledges checkout.session.completed for a session Stripe does not know, and changes nothing', async () => {
    await expectAcknowledged(eventOf('checkout.session.completed', { object: { id: 'cs_test_doesnotexist', object: 'checkout.session' } }), /Stripe has no checkout session cs_test_doesnotexist/);
  });

  it('acknowledges checkout.session.expired for a session Stripe does not know', async () => {
    await expectAcknowledged(eventOf('checkout.session.expired', { object: { id: 'cs_test_gone', object: 'checkout.session' } }), /Stripe has no checkout session cs_test_gone/);
  });

  it('acknowledges an event without data.object (or without data, or with a data.object that is not an object)', async () => {
    await expectAcknowledged(eventOf('checkout.session.completed', {}), /no data\.object/);
    await expectAcknowledged(eventOf('checkout.session.completed', undefined), /no data\.object/);
    await expectAcknowledged(eventOf('refund.updated', { object: 'not-an-object' }), /no data\.object/);
    await expectAcknowledged(eventOf('checkout.session.completed', { object: { object: 'checkout.session' } }), /data\.object has no id/);
  });

  it('acknowledges an event type it does not handle', async () => {
    await expectAcknowledged(eventOf('customer.created', { object: { id: 'cus_test_1', object: 'customer' } }), /event type not handled/);
    await expectAcknowledged(eventOf('made.up.event', { object: { id: 'x_1' } }), /event type not handled/);
  });

  it('acknowledges a session of no booking: no booking_id in its metadata', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: 5_000, product_data: { name: 'Not a booking' } }, quantity: 1 }],
      success_url: 'http://localhost:5173/',
    });
    await expectAcknowledged(eventOf('checkout.session.completed', { object: { id: session.id, object: 'checkout.session' } }), new RegExp(`checkout session ${session.id} has no booking_id`));
  });

  it("answers Stripe's own delivery of a paid session for a booking that does not exist with 200 (no retry)", async () => {
    const before = await snapshot();
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: 5_000, product_data: { name: 'Ghost booking' } }, quantity: 1 }],
      metadata: { booking_id: randomUUID() },
      success_url: 'http://localhost:5173/',
    });
    expect((await payWithCard(t, session.id)).status).toBe(200);
    const completed = await waitFor(
      async () => (await stripeState(t)).events.find((e) => e.type === 'checkout.session.completed' && e.object_id === session.id),
      (event) => event !== undefined,
    );
    const deliveries = await waitFor(
      async () => (await stripeState(t)).webhook_deliveries.filter((d) => d.event_id === completed!.id),
      (found) => found.length > 0,
    );
    expect(deliveries.map((d) => d.status)).toEqual([200]);
    expect((await snapshot()).bookings).toEqual(before.bookings);
  });

  it('acknowledges refund events of a payment NomadNest does not know, or whose object is not a refund', async () => {
    const refund = { id: `re_test_${randomUUID().slice(0, 8)}`, object: 'refund', amount: 1_000, currency: 'usd', payment_intent: 'pi_test_unknown', status: 'succeeded', metadata: {} };
    await expectAcknowledged(eventOf('refund.created', { object: refund }), /unknown_payment/);
    await expectAcknowledged(eventOf('refund.updated', { object: { ...refund, payment_intent: null } }), /no_payment_intent/);
    await expectAcknowledged(eventOf('refund.updated', { object: { ...refund, metadata: { booking_id: randomUUID() } } }), /unknown_payment/);
    await expectAcknowledged(eventOf('charge.refund.updated', { object: { id: 'ch_test_1', object: 'charge' } }), /not a refund/);
  });

  it('acknowledges payment_intent events of a monthly payment intent Stripe does not know', async () => {
    const intent = { id: 'pi_test_unknown', object: 'payment_intent', status: 'succeeded', metadata: { kind: 'monthly_payment', booking_id: bookingId, booking_payment_id: randomUUID() } };
    await expectAcknowledged(eventOf('payment_intent.succeeded', { object: intent }), /Stripe has no payment intent pi_test_unknown/);
    await expectAcknowledged(eventOf('payment_intent.payment_failed', { object: { ...intent, status: 'requires_payment_method' } }), /Stripe has no payment intent pi_test_unknown/);
  });

  it('acknowledges a monthly payment intent Stripe knows that names no payment NomadNest has', async () => {
    // A card saved on a customer (as Checkout saves it paying monthly), then charged for payments that do not exist.
    const customer = await stripe.customers.create({ email: 'ghost.payer@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [{ price_data: { currency: 'usd', unit_amount: 5_000, product_data: { name: 'Saving a card' } }, quantity: 1 }],
      payment_intent_data: { setup_future_usage: 'off_session' },
      success_url: 'http://localhost:5173/',
    });
    expect((await payWithCard(t, session.id)).status).toBe(200);
    const paymentMethod = String((await stripe.paymentIntents.retrieve(String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent))).payment_method);
    const charge = (bookingPaymentId: string) =>
      stripe.paymentIntents.create({
        amount: 5_000, currency: 'usd', customer: customer.id, payment_method: paymentMethod, off_session: true, confirm: true,
        metadata: { kind: 'monthly_payment', booking_id: bookingId, booking_payment_id: bookingPaymentId, sequence: '2' },
      });
    for (const [intent, reason] of [
      [await charge(randomUUID()), /no such monthly payment/],
      [await charge('not-a-payment-id'), /no such monthly payment/],
    ] as const) {
      // Stripe's own delivery is acknowledged, and so is the same event sent again.
      const succeeded = await waitFor(
        async () => (await stripeState(t)).events.find((e) => e.type === 'payment_intent.succeeded' && e.object_id === intent.id),
        (event) => event !== undefined,
      );
      const deliveries = await waitFor(async () => (await stripeState(t)).webhook_deliveries.filter((d) => d.event_id === succeeded!.id), (found) => found.length > 0);
      expect(deliveries.map((d) => d.status)).toEqual([200]);
      await expectAcknowledged(await stripe.events.retrieve(succeeded!.id) as unknown as Record<string, unknown>, reason);
    }
  });

  it('acknowledges a signed event object without an id or type', async () => {
    const before = await snapshot();
    const answer = await postSigned({ object: 'event', data: { object: { id: sessionId } } });
    expect(answer).toMatchObject({ status: 200, body: { received: true, ignored: 'event has no id or type' } });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an unsigned event, a bad signature, a stale timestamp and a tampered body with 400', async () => {
    const before = await snapshot();
    const payload = JSON.stringify(eventOf('checkout.session.completed', { object: { id: sessionId, object: 'checkout.session' } }));
    const now = Math.floor(Date.now() / 1000);
    expect((await post(payload, null)).status).toBe(400);
    expect((await post(payload, '')).status).toBe(400);
    expect((await post(payload, 'garbage')).status).toBe(400);
    expect((await post(payload, signatureHeader('whsec_not_the_secret', payload))).status).toBe(400);
    expect((await post(payload, signatureHeader(secret(), payload, now - 301))).status).toBe(400);
    expect((await post(payload.replace(sessionId, 'cs_test_other'), signatureHeader(secret(), payload))).status).toBe(400);
    expect((await post(payload, signatureHeader(secret(), payload))).body.code).not.toBe('invalid_signature');
    expect((await snapshot()).bookings).toEqual(before.bookings);
  });

  it('refuses a validly signed body that is not JSON, or JSON that is not an event object, with 400', async () => {
    for (const payload of ['{"id": "evt_1", "type": ', 'not json at all', 'null', '"evt_1"', '[1,2]']) {
      const answer = await post(payload, signatureHeader(secret(), payload));
      expect({ payload, status: answer.status }).toEqual({ payload, status: 400 });
    }
  });

  it('answers 500 while the database fails, so Stripe delivers the event again, and 200 once it is back', async () => {
    const event = eventOf('checkout.session.completed', { object: { id: 'cs_test_while_down', object: 'checkout.session' } });
    const db = t.server.ctx.db;
    await db.query(`alter table public.stripe_webhook_events rename to stripe_webhook_events_away`);
    let down: WebhookAnswer;
    try {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      down = await postSigned(event);
      errors.mockRestore();
    } finally {
      await db.query(`alter table public.stripe_webhook_events_away rename to stripe_webhook_events`);
    }
    expect(down).toMatchObject({ status: 500, body: { code: 'webhook_failed' } });
    expect(await postSigned(event)).toMatchObject({ status: 200, body: { received: true } });
  });

  it('still applies a genuine payment afterwards, once, and acknowledges its replay as a duplicate', async () => {
    expect((await payWithCard(t, sessionId)).status).toBe(200);
    expect(await waitForStatus(t, bookingId, ['paid'])).toBe('paid');
    const completed = await waitFor(
      async () => (await stripeState(t)).events.find((e) => e.type === 'checkout.session.completed' && e.object_id === sessionId),
      (event) => event !== undefined,
    );
    await waitFor(
      async () => (await t.service().from('stripe_webhook_events').select('id').eq('id', completed!.id)).data ?? [],
      (rows) => rows.length === 1,
    );
    const replay = await postSigned(await stripe.events.retrieve(completed!.id));
    expect(replay).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
  });
});
