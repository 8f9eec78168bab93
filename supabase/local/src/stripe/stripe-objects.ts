// The Stripe objects the double keeps, with the fields the API versions of stripe-node 23 return.

export type Metadata = Record<string, string>;

export interface StripeObject {
  id: string;
  object: string;
  created: number;
  livemode: false;
}

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface LineItem extends StripeObject {
  object: 'item';
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  price: {
    id: string;
    object: 'price';
    currency: string;
    unit_amount: number;
    product: string;
    type: 'one_time';
    active: boolean;
    livemode: false;
    created: number;
    metadata: Metadata;
  };
  quantity: number;
}

export interface CheckoutSession extends StripeObject {
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  currency: string;
  customer: string | null;
  customer_creation: 'always' | 'if_required' | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  metadata: Metadata;
  mode: 'payment';
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  ui_mode: 'hosted';
  url: string | null;
}

/** What the session asks of the payment intent it creates on the first payment attempt. */
export interface SessionPaymentPlan {
  application_fee_amount: number | null;
  setup_future_usage: SetupFutureUsage | null;
  transfer_destination: string | null;
  metadata: Metadata;
  description: string | null;
  statement_descriptor: string | null;
  transfer_group: string | null;
}

export type SetupFutureUsage = 'on_session' | 'off_session';

export interface PaymentIntent extends StripeObject {
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  application_fee_amount: number | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic';
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: Record<string, unknown> | null;
  latest_charge: string | null;
  metadata: Metadata;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  setup_future_usage: SetupFutureUsage | null;
  statement_descriptor: string | null;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  transfer_data: { destination: string } | null;
  transfer_group: string | null;
}

export interface Charge extends StripeObject {
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  application_fee: string | null;
  application_fee_amount: number | null;
  billing_details: { email: string | null; name: string | null };
  captured: boolean;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  paid: boolean;
  payment_intent: string;
  payment_method: string | null;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string } };
  receipt_email: string | null;
  refunded: boolean;
  status: 'succeeded';
  transfer: string | null;
  transfer_data: { destination: string } | null;
  transfer_group: string | null;
}

export interface Customer extends StripeObject {
  object: 'customer';
  address: null;
  balance: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: null; default_payment_method: string | null; footer: null; rendering_options: null };
  metadata: Metadata;
  name: string | null;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export interface PaymentMethod extends StripeObject {
  object: 'payment_method';
  allow_redisplay: 'always' | 'limited' | 'unspecified';
  billing_details: {
    address: { city: null; country: null; line1: null; line2: null; postal_code: null; state: null };
    email: string | null;
    name: string | null;
    phone: null;
  };
  card: {
    brand: string;
    checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' };
    country: string;
    display_brand: string;
    exp_month: number;
    exp_year: number;
    fingerprint: string;
    funding: 'credit';
    last4: string;
    networks: { available: string[]; preferred: null };
    three_d_secure_usage: { supported: boolean };
    wallet: null;
  };
  customer: string | null;
  metadata: Metadata;
  type: 'card';
}

export interface Refund extends StripeObject {
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
  transfer_reversal: string | null;
}

export interface TransferReversal extends StripeObject {
  object: 'transfer_reversal';
  amount: number;
  currency: string;
  metadata: Metadata;
  source_refund: string;
  transfer: string;
}

export interface Transfer extends StripeObject {
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  metadata: Metadata;
  reversals: ListObject<TransferReversal>;
  reversed: boolean;
  source_transaction: string;
  transfer_group: string | null;
}

export interface FeeRefund extends StripeObject {
  object: 'fee_refund';
  amount: number;
  currency: string;
  fee: string;
  metadata: Metadata;
}

export interface ApplicationFee extends StripeObject {
  object: 'application_fee';
  account: string;
  amount: number;
  amount_refunded: number;
  charge: string;
  currency: string;
  originating_transaction: null;
  refunded: boolean;
  refunds: ListObject<FeeRefund>;
}

export type CapabilityStatus = 'active' | 'inactive' | 'pending';

export interface Account extends StripeObject {
  object: 'account';
  business_profile: { name: string | null; url: string | null; product_description: string | null };
  business_type: string | null;
  capabilities: Record<string, CapabilityStatus>;
  charges_enabled: boolean;
  country: string;
  default_currency: string;
  details_submitted: boolean;
  email: string | null;
  metadata: Metadata;
  payouts_enabled: boolean;
  requirements: { currently_due: string[]; eventually_due: string[]; past_due: string[]; disabled_reason: string | null };
  type: 'express' | 'standard' | 'custom';
}

export interface AccountLink {
  object: 'account_link';
  created: number;
  expires_at: number;
  url: string;
}

/** The double's own record of a link (the API object carries no id). */
export interface AccountLinkRecord extends StripeObject {
  object: 'account_link_record';
  account: string;
  type: 'account_onboarding' | 'account_update';
  refresh_url: string;
  return_url: string;
  expires_at: number;
  used: boolean;
}

export interface StripeEvent extends StripeObject {
  object: 'event';
  account?: string;
  api_version: string;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export const eventApiVersion = '2026-10-28.endive';
