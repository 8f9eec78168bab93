// The one way server functions construct their Stripe client and read webhook events.
// STRIPE_API_BASE (optional) points the official SDK at another API base URL, such as the local stand-in's
// Stripe test double (http://127.0.0.1:54321/stripe); absent, the SDK talks to api.stripe.com.
import Stripe from 'stripe';
import { getEnv, requireEnv } from './env.ts';

/** Stripe's default replay window for webhook signatures. */
export const webhookToleranceSeconds = 300;

/**
 * How often the SDK retries a request that failed on the network, with a 5xx, or with 409 (another request
 * with the same Idempotency-Key is still executing), with the same key and exponential backoff (0.5 s, 1 s,
 * 2 s, jittered). Two concurrent calls for one checkout attempt thus end with the one session Stripe created
 * instead of a 409. The SDK's default is 2.
 */
export const stripeMaxNetworkRetries = 3;

/**
 * The SDK has host/port/protocol options but no path prefix, so requests to a base URL with a path go
 * through a fetch that prepends it. The fetch client works on Deno and on Node alike.
 */
function fetchUnder(basePath: string): typeof fetch {
  const prefix = basePath.replace(/\/+$/, '');
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    url.pathname = `${prefix}${url.pathname}`;
    return fetch(url, init);
  };
}

export function createStripe(): Stripe {
  const secretKey = requireEnv('STRIPE_SECRET_KEY');
  const apiBase = getEnv('STRIPE_API_BASE');
  if (!apiBase) return new Stripe(secretKey, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: stripeMaxNetworkRetries });
  const base = new URL(apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    httpClient: Stripe.createFetchHttpClient(fetchUnder(base.pathname)),
    maxNetworkRetries: stripeMaxNetworkRetries,
  });
}

/**
 * Verifies a webhook's `Stripe-Signature` against the raw body (read it with `await req.text()`, never
 * re-serialise JSON) and returns the event. Throws Stripe.errors.StripeSignatureVerificationError.
 * The async variant uses Web Crypto, which is what works on Deno.
 */
export function constructWebhookEvent(stripe: Stripe, rawBody: string, signatureHeader: string | null): Promise<Stripe.Event> {
  return stripe.webhooks.constructEventAsync(
    rawBody,
    signatureHeader ?? '',
    requireEnv('STRIPE_WEBHOOK_SECRET'),
    webhookToleranceSeconds,
    Stripe.createSubtleCryptoProvider(),
  );
}

/** Stripe answered 404: it has no such object (a retrieve of an id it does not know). */
export function isStripeNotFound(error: unknown): boolean {
  return (error as { statusCode?: unknown } | null)?.statusCode === 404;
}
