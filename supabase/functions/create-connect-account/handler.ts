// create-connect-account (docs/product.md §7): no body, host's bearer token → { url } of Stripe's onboarding for
// the host's connected (Express) account, created once and kept in profiles.stripe_account_id. Stripe
// sends the host back to /dashboard?stripe_connected=true, or /dashboard?stripe_error=true when the
// link has expired or was used.
import type { SupabaseClient } from '@supabase/supabase-js';
import type Stripe from 'stripe';
import { HttpError, jsonResponse, postHandler } from '../_shared/http.ts';
import { siteUrl } from '../_shared/site-url.ts';
import { createStripe } from '../_shared/stripe.ts';
import { createAdminClient, requireUser } from '../_shared/supabase-admin.ts';

async function storedAccountId(admin: SupabaseClient, userId: string): Promise<string | null> {
  const { data, error } = await admin.from('profiles').select('stripe_account_id').eq('id', userId).maybeSingle();
  if (error) throw new Error(`reading profile: ${error.message}`);
  if (!data) throw new HttpError(404, 'profile_not_found', 'Profile not found');
  return (data as { stripe_account_id: string | null }).stripe_account_id;
}

/** The host's account: the stored one, or a new one (one per host: the idempotency key is the user). */
async function connectedAccount(admin: SupabaseClient, stripe: Stripe, user: { id: string; email: string | null }): Promise<string> {
  const existing = await storedAccountId(admin, user.id);
  if (existing) return existing;
  const account = await stripe.accounts.create(
    {
      type: 'express',
      ...(user.email ? { email: user.email } : {}),
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { user_id: user.id },
    },
    { idempotencyKey: `connect-account-${user.id}` },
  );
  // Only fills an empty slot: a concurrent request that stored its account first wins.
  const { error } = await admin.from('profiles').update({ stripe_account_id: account.id }).eq('id', user.id).is('stripe_account_id', null);
  if (error) throw new Error(`storing account: ${error.message}`);
  return (await storedAccountId(admin, user.id)) ?? account.id;
}

export default postHandler('create-connect-account', async (req) => {
  const admin = createAdminClient();
  const user = await requireUser(req, admin);
  const { data: role, error } = await admin.from('user_roles').select('role').eq('user_id', user.id).eq('role', 'host').maybeSingle();
  if (error) throw new Error(`reading role: ${error.message}`);
  if (!role) throw new HttpError(403, 'not_a_host', 'Only hosts can connect a Stripe account.');

  const stripe = createStripe();
  const accountId = await connectedAccount(admin, stripe, user);
  const site = siteUrl(req);
  try {
    const link = await stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: `${site}/dashboard?stripe_error=true`,
      return_url: `${site}/dashboard?stripe_connected=true`,
    });
    return jsonResponse({ url: link.url });
  } catch (failure) {
    console.error(`[create-connect-account] onboarding link for ${accountId} failed`, failure);
    throw new HttpError(502, 'stripe_connect_failed', 'Stripe could not start onboarding. Please try again.');
  }
});
