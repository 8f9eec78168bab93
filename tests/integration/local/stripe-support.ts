// Shared by the Stripe double tests: the SDK built the way functions build it (createStripe), and
// helpers to pay through the test endpoint and to wait for webhook deliveries.
import type Stripe from 'stripe';
import { expect } from 'vitest';
import { createStripe } from '../../../supabase/functions/_shared/stripe.ts';
import { functionEnv } from '../../../supabase/local/src/functions/function-env.ts';
import { runWithEnv } from '../../../supabase/local/src/functions/request-env.ts';
import type { LocalServer } from '../../../supabase/local/src/server.ts';

/** The client a function of this server builds: createStripe() with the function environment in scope. */
export function stripeClientFor(server: LocalServer): Stripe {
  return runWithEnv(functionEnv(server.ctx), () => createStripe());
}

export interface ReceivedEvent {
  id: string;
  type: string;
  objectId: unknown;
  object: Record<string, unknown>;
}

/** What the fixture's stripe-webhook function accepted (signature verified by constructEventAsync). */
export async function receivedEvents(url: string): Promise<ReceivedEvent[]> {
  const response = await fetch(`${url}/functions/v1/stripe-webhook`);
  return (await response.json()) as ReceivedEvent[];
}

export async function waitForEvent(url: string, type: string, objectId: string, timeoutMs = 10_000): Promise<ReceivedEvent> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = (await receivedEvents(url)).find((event) => event.type === type && event.objectId === objectId);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no ${type} webhook for ${objectId} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function payByTestEndpoint(url: string, sessionId: string, card: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}/stripe/test/checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ card, email: 'guest@example.com', name: 'Guest Example' }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function onboardedAccount(stripe: Stripe, email: string): Promise<Stripe.Account> {
  const account = await stripe.accounts.create({ type: 'express', country: 'US', email, capabilities: { card_payments: { requested: true }, transfers: { requested: true } } });
  const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: 'http://localhost:5173/dashboard?stripe_error=true', return_url: 'http://localhost:5173/dashboard?stripe_connected=true' });
  const submitted = await fetch(link.url, { method: 'POST', redirect: 'manual' });
  expect(submitted.status).toBe(303);
  return stripe.accounts.retrieve(account.id);
}
