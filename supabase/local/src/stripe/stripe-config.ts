// Keys and URLs of the Stripe test double, and the Stripe part of the functions' environment.
import { createHmac } from 'node:crypto';
import type { LocalContext } from '../context.ts';

export interface StripeDoubleConfig {
  /** the only API key the double accepts */
  secretKey: string;
  /** signs webhook deliveries (`Stripe-Signature`) */
  webhookSecret: string;
  /** the base URL to give the SDK: API under `${apiBase}/v1/…` */
  apiBase: string;
  /** endpoints every event is POSTed to */
  webhookUrls: string[];
}

/** Stable per data directory (derived from its JWT secret), so sessions and links survive restarts. */
function derivedSecret(ctx: LocalContext, label: string): string {
  return createHmac('sha256', ctx.keys.jwtSecret).update(`stripe-double:${label}`).digest('base64url').replace(/[-_]/g, '0').slice(0, 32);
}

export function stripeDoubleConfig(ctx: LocalContext): StripeDoubleConfig {
  const configured = ctx.env.STRIPE_WEBHOOK_URL?.split(',').map((url) => url.trim()).filter(Boolean);
  return {
    secretKey: `sk_test_local${derivedSecret(ctx, 'secret-key')}`,
    webhookSecret: `whsec_${derivedSecret(ctx, 'webhook-secret')}`,
    apiBase: `${ctx.apiUrl}/stripe`,
    webhookUrls: configured?.length ? configured : [`${ctx.apiUrl}/functions/v1/stripe-webhook`],
  };
}

/**
 * With a STRIPE_SECRET_KEY of their own (and no STRIPE_API_BASE) the functions talk to real Stripe;
 * otherwise they get the double's key, base URL and webhook secret.
 */
export function stripeFunctionEnv(ctx: LocalContext): Record<string, string> {
  if (ctx.env.STRIPE_SECRET_KEY && !ctx.env.STRIPE_API_BASE) return {};
  const double = stripeDoubleConfig(ctx);
  return {
    STRIPE_SECRET_KEY: double.secretKey,
    STRIPE_API_BASE: ctx.env.STRIPE_API_BASE ?? double.apiBase,
    STRIPE_WEBHOOK_SECRET: double.webhookSecret,
  };
}
