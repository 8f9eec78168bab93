// The guest's Stripe Customer, made once (the idempotency key and the unique row both say "one per
// user"), so a card saved at one booking's Checkout can be charged off-session for the next months.
import type { SupabaseClient } from '@supabase/supabase-js';
import type Stripe from 'stripe';

export async function stripeCustomerFor(admin: SupabaseClient, stripe: Stripe, user: { id: string; email: string | null }): Promise<string> {
  const { data, error } = await admin.from('stripe_customers').select('stripe_customer_id').eq('user_id', user.id).maybeSingle();
  if (error) throw new Error(`reading the Stripe customer of ${user.id}: ${error.message}`);
  const known = (data as { stripe_customer_id: string } | null)?.stripe_customer_id;
  if (known) return known;
  const customer = await stripe.customers.create(
    { ...(user.email ? { email: user.email } : {}), metadata: { user_id: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  const { error: insertError } = await admin
    .from('stripe_customers')
    .upsert({ user_id: user.id, stripe_customer_id: customer.id }, { onConflict: 'user_id', ignoreDuplicates: true });
  if (insertError) throw new Error(`recording the Stripe customer of ${user.id}: ${insertError.message}`);
  return customer.id;
}
