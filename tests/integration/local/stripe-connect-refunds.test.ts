// Connected accounts and onboarding links, refunds (partial, full, transfer reversal and fee refund in
// proportion), refund webhooks, API key checks and persistence of the double's state across a restart.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripe } from '../../../supabase/functions/_shared/stripe.ts';
import { runWithEnv } from '../../../supabase/local/src/functions/request-env.ts';
import { startLocalServer } from '../../../supabase/local/src/server.ts';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';
import { onboardedAccount, payByTestEndpoint, stripeClientFor, waitForEvent } from './stripe-support.ts';

const projectDir = fileURLToPath(new URL('../../fixtures/functions-project', import.meta.url));
const returnUrl = 'http://localhost:5173/dashboard?stripe_connected=true';
const refreshUrl = 'http://localhost:5173/dashboard?stripe_error=true';

describe.each(testEngines)('Stripe double Connect and refunds on %s', (engine) => {
  let t: TestServer;
  let stripe: Stripe;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir });
    stripe = stripeClientFor(t.server);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('onboards an Express account through an account link and the local onboarding page', async () => {
    const account = await stripe.accounts.create({ type: 'express', country: 'PT', email: 'host@example.com', capabilities: { card_payments: { requested: true }, transfers: { requested: true } } });
    expect(account).toMatchObject({ object: 'account', type: 'express', country: 'PT', email: 'host@example.com', charges_enabled: false, payouts_enabled: false, details_submitted: false, capabilities: { transfers: 'inactive' } });
    expect(account.id).toMatch(/^acct_/);

    const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: refreshUrl, return_url: returnUrl });
    expect(link.object).toBe('account_link');
    expect(link.url.startsWith(`${t.url}/stripe/connect/`)).toBe(true);
    expect(link.expires_at).toBeGreaterThan(link.created);

    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(account.id);
    const submitted = await fetch(link.url, { method: 'POST', redirect: 'manual' });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(returnUrl);

    const onboarded = await stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({ charges_enabled: true, payouts_enabled: true, details_submitted: true, capabilities: { card_payments: 'active', transfers: 'active' } });
    expect(onboarded.requirements?.currently_due).toEqual([]);
    const updated = await waitForEvent(t.url, 'account.updated', account.id);
    expect(updated.object).toMatchObject({ charges_enabled: true });

    // Links are single-use: a second visit goes to refresh_url for a new one.
    const reused = await fetch(link.url, { redirect: 'manual' });
    expect(reused.status).toBe(302);
    expect(reused.headers.get('location')).toBe(refreshUrl);
  });

  it('refuses a fee and destination charge to an account that has not finished onboarding', async () => {
    const pending = await stripe.accounts.create({ type: 'express', country: 'US', capabilities: { transfers: { requested: true } } });
    const attempt = stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: 10_000, product_data: { name: 'Room' } }, quantity: 1 }],
      payment_intent_data: { application_fee_amount: 1_000, transfer_data: { destination: pending.id } },
      success_url: 'http://localhost:5173/ok',
    });
    await expect(attempt).rejects.toMatchObject({ code: 'insufficient_capabilities_for_transfer' });
    await expect(stripe.accountLinks.create({ account: 'acct_missing', type: 'account_onboarding', refresh_url: refreshUrl, return_url: returnUrl })).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404 });
  });

  it('refunds partially and then fully, reversing the transfer and refunding the fee in proportion', async () => {
    const host = await onboardedAccount(stripe, 'refund-host@example.com');
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: 100_000, product_data: { name: 'Villa Sol — 4 weeks' } }, quantity: 1 }],
      metadata: { booking_id: 'b-refund' },
      payment_intent_data: { application_fee_amount: 10_000, transfer_data: { destination: host.id } },
      success_url: 'http://localhost:5173/dashboard?payment=success',
    });
    expect((await payByTestEndpoint(t.url, session.id, '4242424242424242')).status).toBe(200);
    const intentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;

    const partial = await stripe.refunds.create({ payment_intent: intentId, amount: 25_000, reverse_transfer: true, refund_application_fee: true, reason: 'requested_by_customer' }, { idempotencyKey: `refund-${intentId}-1` });
    expect(partial).toMatchObject({ object: 'refund', amount: 25_000, status: 'succeeded', payment_intent: intentId, reason: 'requested_by_customer' });
    expect(partial.transfer_reversal).toMatch(/^trr_/);
    const replayed = await stripe.refunds.create({ payment_intent: intentId, amount: 25_000, reverse_transfer: true, refund_application_fee: true, reason: 'requested_by_customer' }, { idempotencyKey: `refund-${intentId}-1` });
    expect(replayed.id).toBe(partial.id);

    await expect(stripe.refunds.create({ payment_intent: intentId, amount: 80_000 })).rejects.toMatchObject({ code: 'amount_too_large', param: 'amount' });
    const rest = await stripe.refunds.create({ payment_intent: intentId, reverse_transfer: true, refund_application_fee: true });
    expect(rest.amount).toBe(75_000);
    await expect(stripe.refunds.create({ payment_intent: intentId })).rejects.toMatchObject({ code: 'charge_already_refunded' });

    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ amount_refunded: 100_000, refunded: true });
    const transfer = await stripe.transfers.retrieve(charge.transfer as string);
    expect(transfer).toMatchObject({ amount: 90_000, amount_reversed: 90_000, reversed: true });
    const fee = await stripe.applicationFees.retrieve(charge.application_fee as string);
    expect(fee).toMatchObject({ amount: 10_000, amount_refunded: 10_000, refunded: true });

    const state = (await (await fetch(`${t.url}/stripe/test/state`)).json()) as { transfers: Stripe.Transfer[] };
    const reversals = state.transfers.find((tr) => tr.id === transfer.id)?.reversals.data.map((r) => r.amount);
    expect(reversals).toEqual([67_500, 22_500]);

    const listed = await stripe.refunds.list({ payment_intent: intentId });
    expect(listed.data.map((r) => r.amount)).toEqual([75_000, 25_000]);
    await waitForEvent(t.url, 'refund.created', partial.id);
    const refunded = await waitForEvent(t.url, 'charge.refunded', charge.id);
    expect(refunded.object.amount_refunded).toBeGreaterThan(0);
    const chargeEvents = await stripe.events.list({ type: 'charge.refunded', limit: 2 });
    expect(chargeEvents.data).toHaveLength(2);
  });

  it('refuses refunds of unpaid or unknown payments', async () => {
    await expect(stripe.refunds.create({ payment_intent: 'pi_missing' })).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(stripe.refunds.create({})).rejects.toMatchObject({ statusCode: 400 });
  });

  it('rejects a missing or wrong API key like Stripe', async () => {
    const wrong = runWithEnv({ STRIPE_SECRET_KEY: 'sk_test_wrong_key_000000', STRIPE_API_BASE: `${t.url}/stripe` }, () => createStripe());
    const missing = await fetch(`${t.url}/stripe/v1/accounts`);
    expect(missing.status).toBe(401);
    await expect(wrong.accounts.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe('Stripe double state survives a restart', () => {
  const dataDir = { path: '' };
  beforeAll(async () => {
    dataDir.path = await mkdtemp(join(tmpdir(), 'stripe-double-restart-'));
  });
  afterAll(async () => {
    await rm(dataDir.path, { recursive: true, force: true });
  });

  it('keeps sessions and accounts in the database', async () => {
    const first = await startLocalServer({ dataDir: dataDir.path, port: 0, projectDir, seed: false });
    let sessionId: string;
    let accountId: string;
    try {
      const stripe = stripeClientFor(first);
      accountId = (await stripe.accounts.create({ type: 'express', email: 'keep@example.com' })).id;
      sessionId = (await stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price_data: { currency: 'usd', unit_amount: 5_000, product_data: { name: 'Kept' } }, quantity: 1 }] })).id;
    } finally {
      await first.close();
    }
    const second = await startLocalServer({ dataDir: dataDir.path, port: 0, projectDir, seed: false });
    try {
      const stripe = stripeClientFor(second);
      expect((await stripe.checkout.sessions.retrieve(sessionId)).amount_total).toBe(5_000);
      expect((await stripe.accounts.retrieve(accountId)).email).toBe('keep@example.com');
    } finally {
      await second.close();
    }
  }, 120_000);
});
