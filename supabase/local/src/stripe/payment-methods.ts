// Card PaymentMethods: made from the card a guest enters on the hosted page, attached to the customer when
// the payment saves it (setup_future_usage). The double remembers which test card a method is, in a record
// of its own, so that charging the saved card later behaves like that test card does off the session.
import { createHash } from 'node:crypto';
import { idPrefixes, newId } from './stripe-ids.ts';
import type { PaymentMethod, StripeObject } from './stripe-objects.ts';
import type { StripeTx } from './stripe-tx.ts';
import { cardDigits, fullYear, lastFour, type CardInput } from './test-cards.ts';

/** The card number behind a payment method: Stripe keeps it, the API never shows it. */
interface SavedCard extends StripeObject {
  object: 'payment_method.card_number';
  number: string;
}

const savedCardId = (paymentMethodId: string): string => `${paymentMethodId}#card`;

export async function createCardPaymentMethod(tx: StripeTx, card: CardInput, brand: string, billing: { email: string | null; name: string | null }): Promise<PaymentMethod> {
  const digits = cardDigits(card.number);
  const method: PaymentMethod = {
    id: newId(idPrefixes.paymentMethod),
    object: 'payment_method',
    created: tx.now,
    livemode: false,
    allow_redisplay: 'unspecified',
    billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: billing.email, name: billing.name, phone: null },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: brand,
      exp_month: card.expMonth,
      exp_year: fullYear(card.expYear),
      // Stripe's fingerprint is the same for the same card number within an account.
      fingerprint: createHash('sha256').update(`card:${digits}`).digest('base64url').slice(0, 16),
      funding: 'credit',
      last4: lastFour(digits),
      networks: { available: [brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    customer: null,
    metadata: {},
    type: 'card',
  };
  await tx.store.put(method);
  await tx.store.put<SavedCard>({ id: savedCardId(method.id), object: 'payment_method.card_number', created: tx.now, livemode: false, number: digits });
  return method;
}

export async function savedCardNumber(store: StripeTx['store'], paymentMethodId: string): Promise<string> {
  const saved = await store.get<SavedCard>(savedCardId(paymentMethodId), 'payment_method.card_number');
  if (!saved) throw new Error(`payment method ${paymentMethodId} has no card number record`);
  return saved.number;
}

export async function attachPaymentMethod(tx: StripeTx, method: PaymentMethod, customerId: string): Promise<PaymentMethod> {
  const attached: PaymentMethod = { ...method, customer: customerId };
  await tx.store.put(attached);
  await tx.emit('payment_method.attached', attached);
  return attached;
}
