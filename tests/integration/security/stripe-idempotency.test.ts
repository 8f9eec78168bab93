// The Stripe double honours Idempotency-Key under concurrency the way Stripe documents it: a key is claimed
// before its request executes, a request with the key while the first is still executing gets 409
// idempotency_error (idempotency_key_in_use), which the official SDK retries with the same key; afterwards
// the saved response is replayed; the key with other parameters is a 400 idempotency_error. Driven through
// the SDK exactly as the functions build it (createStripe: maxNetworkRetries), against one stand-in per engine.
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeMaxNetworkRetries } from '../../../supabase/functions/_shared/stripe.ts';
import { stripeDoubleConfig } from '../../../supabase/local/src/stripe/stripe-config.ts';
import { onboardedAccount, payByTestEndpoint, stripeClientFor } from '../local/stripe-support.ts';
import { startTestServer, testEngines, type TestServer } from '../local/support/start.ts';

const projectDir = fileURLToPath(new URL('../../fixtures/functions-project', import.meta.url));
const rounds = 20;
const parallel = 50;

describe.each(testEngines)('Stripe double idempotency under concurrency on %s', (engine) => {
  let t: TestServer;
  let stripe: Stripe;
  let destination: string;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir });
    stripe = stripeClientFor(t.server);
    destination = (await onboardedAccount(stripe, 'idempotency-host@example.com')).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const sessionParams = (tag: string, unitAmount = 40_000): Stripe.Checkout.SessionCreateParams => ({
    mode: 'payment',
    line_items: [{ price_data: { currency: 'usd', unit_amount: unitAmount, product_data: { name: `Room ${tag}` } }, quantity: 1 }],
    metadata: { booking_id: tag },
    payment_intent_data: { application_fee_amount: unitAmount / 10, transfer_data: { destination }, metadata: { booking_id: tag } },
    success_url: `http://localhost:5173/dashboard?payment=success&booking=${tag}`,
    cancel_url: `http://localhost:5173/dashboard?payment=cancelled&booking=${tag}`,
  });

  /** Objects of a type whose JSON has `value` at `path` (e.g. `{metadata,booking_id}`), straight from the double's tables. */
  async function countObjects(object: string, path: string, value: string): Promise<number> {
    const { rows } = await t.server.ctx.db.query<{ n: number }>(`select count(*)::int as n from _stripe.objects where object = $1 and data #>> $2 = $3`, [object, path, value]);
    return rows[0]?.n ?? -1;
  }

  async function keyRow(key: string): Promise<{ status: number; fingerprint: string } | undefined> {
    const { rows } = await t.server.ctx.db.query<{ status: number; fingerprint: string }>(`select status, fingerprint from _stripe.idempotency_keys where key = $1`, [key]);
    return rows[0];
  }

  async function rawPost(path: string, form: string, key: string): Promise<{ status: number; body: { error?: Record<string, unknown>; id?: string }; replayed: string | null }> {
    const response = await fetch(`${t.url}/stripe/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripeDoubleConfig(t.server.ctx).secretKey}`, 'idempotency-key': key, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as { error?: Record<string, unknown>; id?: string }, replayed: response.headers.get('idempotent-replayed') };
  }

  /**
   * Starts `count` calls one after another, yielding to the event loop between two, so that they reach the
   * double spread over the first one's execution: some while it runs, some just as it finishes (the moment a
   * check-then-act key store lets a second request through), some after it.
   */
  async function staggered<T>(count: number, call: () => Promise<T>): Promise<PromiseSettledResult<T>[]> {
    const pending: Promise<PromiseSettledResult<T>>[] = [];
    for (let index = 0; index < count; index++) {
      // Settled at once: a rejection must not wait for a handler while the next calls start.
      pending.push(call().then((value) => ({ status: 'fulfilled' as const, value }), (reason: unknown) => ({ status: 'rejected' as const, reason })));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return Promise.all(pending);
  }

  /** Every outcome is the one object (same id) or a clear 409 idempotency error; returns the id and the count of 409s. */
  function oneObject(outcomes: PromiseSettledResult<{ id: string }>[]): { id: string; conflicts: number } {
    const ids = new Set<string>();
    let conflicts = 0;
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') {
        ids.add(outcome.value.id);
        continue;
      }
      expect(outcome.reason).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(outcome.reason).toMatchObject({ statusCode: 409, code: 'idempotency_key_in_use' });
      conflicts++;
    }
    expect(ids.size).toBe(1);
    return { id: [...ids][0]!, conflicts };
  }

  it('functions build their client with retries, so a 409 for a key in use is retried', () => {
    expect(stripeMaxNetworkRetries).toBeGreaterThanOrEqual(3);
    expect(stripe.getMaxNetworkRetries()).toBe(stripeMaxNetworkRetries);
  });

  it(`creates exactly one checkout session per key: ${rounds} rounds of ${parallel} parallel creates with one key`, { timeout: 240_000 }, async () => {
    let conflicts = 0;
    for (let round = 0; round < rounds; round++) {
      const tag = `idem-round-${round}-${randomUUID()}`;
      const key = `checkout-${tag}`;
      const outcomes = await staggered(parallel, () => stripe.checkout.sessions.create(sessionParams(tag), { idempotencyKey: key }));
      const { id, conflicts: inRound } = oneObject(outcomes);
      conflicts += inRound;
      expect(id).toMatch(/^cs_test_/);
      expect(await countObjects('checkout.session', '{metadata,booking_id}', tag)).toBe(1);
      expect((await keyRow(key))?.status).toBe(200);
    }
    // The SDK retries (0.5 s, 1 s, 2 s) outlast the double's few milliseconds per request.
    expect(conflicts).toBe(0);
  });

  it(`executes one request per key over raw HTTP too (${rounds} rounds): one original response, the rest replays or 409`, { timeout: 120_000 }, async () => {
    for (let round = 0; round < rounds; round++) {
      const tag = `idem-raw-${round}-${randomUUID()}`;
      const form = `mode=payment&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=5000&line_items[0][price_data][product_data][name]=Raw&line_items[0][quantity]=1&metadata[booking_id]=${tag}`;
      const settled = await staggered(parallel, () => rawPost('/checkout/sessions', form, `raw-${tag}`));
      const responses = settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : { status: -1, body: {}, replayed: null }));
      const originals = responses.filter((r) => r.status === 200 && r.replayed === null);
      const replays = responses.filter((r) => r.status === 200 && r.replayed === 'true');
      const conflicts = responses.filter((r) => r.status === 409);
      expect(originals).toHaveLength(1);
      expect(originals.length + replays.length + conflicts.length).toBe(parallel);
      for (const replay of replays) expect(replay.body.id).toBe(originals[0]!.body.id);
      for (const conflict of conflicts) expect(conflict.body.error).toMatchObject({ type: 'idempotency_error', code: 'idempotency_key_in_use' });
      expect(await countObjects('checkout.session', '{metadata,booking_id}', tag)).toBe(1);
    }
  });

  it('answers 409 idempotency_key_in_use while the first request is executing; the SDK retry then gets its response', async () => {
    const tag = `idem-inflight-${randomUUID()}`;
    const key = `checkout-${tag}`;
    const first = await stripe.checkout.sessions.create(sessionParams(tag), { idempotencyKey: key });
    // Put the key back in the state it has while its request executes (status 0 = in progress).
    const saved = await t.server.ctx.db.query<{ status: number; body: unknown }>(`update _stripe.idempotency_keys set status = 0 where key = $1 returning status, body`, [key]);
    expect(saved.rows).toHaveLength(1);

    // Other parameters with the key are refused even while it is in flight.
    const otherParams = stripe.checkout.sessions.create(sessionParams(tag, 41_000), { idempotencyKey: key });
    await expect(otherParams).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });

    let attempts = 0;
    const finishFirst = async (request: { idempotency_key?: string }) => {
      if (request.idempotency_key !== key) return;
      attempts++;
      // The SDK only sends a second attempt after the first was answered (with the 409): now let the first finish.
      if (attempts === 2) await t.server.ctx.db.query(`update _stripe.idempotency_keys set status = 200 where key = $1`, [key]);
    };
    const onRequest = (request: { idempotency_key?: string }) => void finishFirst(request);
    stripe.on('request', onRequest);
    try {
      const retried = await stripe.checkout.sessions.create(sessionParams(tag), { idempotencyKey: key });
      expect(retried.id).toBe(first.id);
      expect(attempts).toBeGreaterThanOrEqual(2);
    } finally {
      stripe.off('request', onRequest);
    }
    expect(await countObjects('checkout.session', '{metadata,booking_id}', tag)).toBe(1);
  });

  it('a raw request while the key is in progress gets 409 idempotency_error with code idempotency_key_in_use', async () => {
    const tag = `idem-409-${randomUUID()}`;
    const form = `mode=payment&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=5000&line_items[0][price_data][product_data][name]=Raw&line_items[0][quantity]=1&metadata[booking_id]=${tag}`;
    const first = await rawPost('/checkout/sessions', form, `raw-${tag}`);
    expect(first.status).toBe(200);
    await t.server.ctx.db.query(`update _stripe.idempotency_keys set status = 0 where key = $1`, [`raw-${tag}`]);
    const conflict = await rawPost('/checkout/sessions', form, `raw-${tag}`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatchObject({ type: 'idempotency_error', code: 'idempotency_key_in_use' });
    expect(String(conflict.body.error?.message)).toContain('another in-progress request');

    // A claim left in progress by a stand-in that stopped mid-request is taken over after a minute.
    await t.server.ctx.db.query(`update _stripe.idempotency_keys set created_at = now() - interval '2 minutes' where key = $1`, [`raw-${tag}`]);
    const takenOver = await rawPost('/checkout/sessions', form, `raw-${tag}`);
    expect(takenOver.status).toBe(200);
    expect(takenOver.replayed).toBeNull();
  });

  it('refuses the key with other parameters (400 idempotency_error), also when both arrive at once', async () => {
    const tag = `idem-params-${randomUUID()}`;
    const key = `checkout-${tag}`;
    const first = await stripe.checkout.sessions.create(sessionParams(tag), { idempotencyKey: key });
    const other = stripe.checkout.sessions.create(sessionParams(tag, 41_000), { idempotencyKey: key });
    await expect(other).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(other).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('Keys for idempotent requests can only be used with the same parameters they were first used with') as unknown });
    // The same key on another endpoint is "other parameters" too.
    await expect(stripe.refunds.create({ payment_intent: 'pi_nope' }, { idempotencyKey: key })).rejects.toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
    expect((await stripe.checkout.sessions.create(sessionParams(tag), { idempotencyKey: key })).id).toBe(first.id);

    const raceTag = `idem-params-race-${randomUUID()}`;
    const raceKey = `checkout-${raceTag}`;
    let launched = 0;
    const outcomes = await staggered(40, () => stripe.checkout.sessions.create(sessionParams(raceTag, launched++ % 2 === 0 ? 40_000 : 41_000), { idempotencyKey: raceKey }));
    const created = outcomes.filter((o): o is PromiseFulfilledResult<Stripe.Response<Stripe.Checkout.Session>> => o.status === 'fulfilled').map((o) => o.value);
    expect(new Set(created.map((s) => s.id)).size).toBe(1);
    const winningAmount = created[0]!.amount_total;
    // Every request with the winner's parameters got the session; every other one a 400 idempotency_error.
    outcomes.forEach((outcome, index) => {
      const amount = index % 2 === 0 ? 40_000 : 41_000;
      if (amount === winningAmount) expect(outcome.status).toBe('fulfilled');
      else expect(outcome).toMatchObject({ status: 'rejected', reason: { type: 'StripeIdempotencyError', statusCode: 400 } });
    });
    expect(await countObjects('checkout.session', '{metadata,booking_id}', raceTag)).toBe(1);
  });

  it('saves nothing for a request refused by validation: the key can be used again', async () => {
    const tag = `idem-invalid-${randomUUID()}`;
    const key = `checkout-${tag}`;
    const invalid = stripe.checkout.sessions.create({ ...sessionParams(tag), line_items: [] }, { idempotencyKey: key });
    await expect(invalid).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'line_items' });
    expect(await keyRow(key)).toBeUndefined();
    const valid = await stripe.checkout.sessions.create(sessionParams(tag), { idempotencyKey: key });
    expect(valid.metadata).toEqual({ booking_id: tag });
    expect(await countObjects('checkout.session', '{metadata,booking_id}', tag)).toBe(1);
  });

  it('makes one refund of parallel refund requests with one key, and replays it afterwards', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(`idem-refund-${randomUUID()}`));
    const paid = await payByTestEndpoint(t.url, session.id, '4242424242424242');
    expect(paid.status).toBe(200);
    const intentId = String((paid.body.payment_intent as { id: string }).id);
    const key = `refund-${intentId}`;
    // A partial amount: a second execution would succeed too, so only the key stands between us and two refunds.
    const refund = () => stripe.refunds.create({ payment_intent: intentId, amount: 5_000, reverse_transfer: true, refund_application_fee: true }, { idempotencyKey: key });
    const outcomes = await staggered(parallel, refund);
    const { id } = oneObject(outcomes);
    expect(id).toMatch(/^re_/);
    expect(await countObjects('refund', '{payment_intent}', intentId)).toBe(1);
    expect((await refund()).id).toBe(id);
    const charge = await stripe.charges.retrieve(String((await stripe.paymentIntents.retrieve(intentId)).latest_charge));
    expect(charge.amount_refunded).toBe(5_000);
    expect(await countObjects('event', '{data,object,id}', id)).toBe(1); // one refund.created
  });

  it('makes one account, one account link and one expiry of parallel requests with one key each', async () => {
    const email = `idem-${randomUUID()}@example.com`;
    const accounts = await staggered(20, () => stripe.accounts.create({ type: 'express', email }, { idempotencyKey: `account-${email}` }));
    const { id: accountId } = oneObject(accounts);
    expect(await countObjects('account', '{email}', email)).toBe(1);

    const linkParams: Stripe.AccountLinkCreateParams = { account: accountId, type: 'account_onboarding', refresh_url: 'http://localhost:5173/r', return_url: 'http://localhost:5173/ok' };
    const links = await staggered(20, async () => ({ id: (await stripe.accountLinks.create(linkParams, { idempotencyKey: `link-${accountId}` })).url }));
    expect(oneObject(links).id).toContain('/stripe/connect/');
    expect(await countObjects('account_link_record', '{account}', accountId)).toBe(1);

    const session = await stripe.checkout.sessions.create(sessionParams(`idem-expire-${randomUUID()}`));
    const expired = await staggered(20, () => stripe.checkout.sessions.expire(session.id, {}, { idempotencyKey: `expire-${session.id}` }));
    expect(oneObject(expired).id).toBe(session.id);
    for (const outcome of expired) if (outcome.status === 'fulfilled') expect(outcome.value.status).toBe('expired');
    const { rows } = await t.server.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from _stripe.objects where object = 'event' and data->>'type' = 'checkout.session.expired' and data #>> '{data,object,id}' = $1`,
      [session.id],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('still serves ordinary requests afterwards', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(`idem-after-${randomUUID()}`));
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await stripe.checkout.sessions.list({ limit: 1 })).data[0]?.id).toBe(session.id);
  });
});
