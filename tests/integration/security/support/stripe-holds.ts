// Holding one request to the Stripe double until the test lets it go (supabase/local/src/stripe/request-holds.ts),
// so a race is staged deterministically: start one side, wait until it provably waits at the hold, act, release.
import { expect } from 'vitest';
import type { TestServer } from '../../local/support/start.ts';

export interface StripeHold {
  /** Resolves once the request waits at the hold (fails the test when none arrives within 10 s). */
  arrived(): Promise<void>;
  release(): Promise<void>;
}

/** Holds the next `method` request to the double's API `path` (e.g. `/v1/payment_intents`). */
export async function holdStripeRequest(t: TestServer, method: 'GET' | 'POST', path: string): Promise<StripeHold> {
  // The stand-in's tool routes take a POST only with a JSON body.
  const post = (route: string, body: unknown = {}) => fetch(`${t.url}/stripe/test/holds${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const created = await post('', { method, path });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return {
    async arrived() {
      const answer = await post(`/${id}/arrival`);
      expect({ hold: `${method} ${path}`, status: answer.status }).toEqual({ hold: `${method} ${path}`, status: 200 });
    },
    async release() {
      expect((await post(`/${id}/release`)).status).toBe(200);
    },
  };
}
