// The environment a function sees: the stand-in's (Supabase URL and keys, env files; see ../env.ts),
// plus the local services it talks to: the Stripe test double, the mailbox and the push double (through the
// data dir's VAPID keys). Values from the env files win.
import type { LocalContext } from '../context.ts';
import { stripeFunctionEnv } from '../stripe/stripe-config.ts';

export function functionEnv(ctx: LocalContext): Record<string, string> {
  return {
    MAILBOX_URL: `${ctx.apiUrl}/mailbox`,
    SITE_URL: 'http://localhost:5173',
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: ctx.keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: ctx.keys.secretKey }),
    VAPID_PUBLIC_KEY: ctx.vapid.publicKey,
    VAPID_PRIVATE_KEY: ctx.vapid.privateKey,
    VAPID_SUBJECT: ctx.vapid.subject,
    ...ctx.env,
    ...stripeFunctionEnv(ctx),
  };
}
