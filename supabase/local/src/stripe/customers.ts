// Customers: the holder of saved payment methods, created by the functions (one per guest) or by Checkout
// with customer_creation=always.
import { invalidRequest, noSuchObject } from './stripe-error.ts';
import { idPrefixes, newId, randomTail } from './stripe-ids.ts';
import type { Customer, PaymentMethod } from './stripe-objects.ts';
import type { StripeParams } from './stripe-params.ts';
import type { StripeTx } from './stripe-tx.ts';

function email(params: StripeParams): string | undefined {
  const value = params.string('email', { maxLength: 512 });
  if (value !== undefined && !/^[^\s@]+@[^\s@]+$/.test(value)) throw invalidRequest(`Invalid email address: ${value}`, 'email', 'email_invalid');
  return value;
}

export async function getCustomer(store: StripeTx['store'], id: string, param?: string): Promise<Customer> {
  const customer = await store.get<Customer>(id, 'customer');
  if (!customer) throw noSuchObject('customer', id, param);
  return customer;
}

/** The customer named in another object's parameter: a missing one is a 400 there, not a 404. */
export async function referencedCustomer(store: StripeTx['store'], id: string, param: string): Promise<Customer> {
  const customer = await store.get<Customer>(id, 'customer');
  if (!customer) throw invalidRequest(`No such customer: '${id}'`, param, 'resource_missing');
  return customer;
}

export async function newCustomer(tx: StripeTx, fields: { email: string | null; name: string | null; description?: string | null; phone?: string | null; metadata?: Record<string, string> }): Promise<Customer> {
  const customer: Customer = {
    id: newId(idPrefixes.customer),
    object: 'customer',
    created: tx.now,
    livemode: false,
    address: null,
    balance: 0,
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description ?? null,
    email: fields.email,
    invoice_prefix: randomTail(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    metadata: fields.metadata ?? {},
    name: fields.name,
    phone: fields.phone ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  await tx.store.put(customer);
  await tx.emit('customer.created', customer);
  return customer;
}

export async function createCustomer(tx: StripeTx, params: StripeParams): Promise<Customer> {
  return newCustomer(tx, {
    email: email(params) ?? null,
    name: params.string('name', { maxLength: 256 }) ?? null,
    description: params.string('description', { maxLength: 350 }) ?? null,
    phone: params.string('phone', { maxLength: 20 }) ?? null,
    metadata: params.metadata(),
  });
}

export async function updateCustomer(tx: StripeTx, id: string, params: StripeParams): Promise<Customer> {
  const customer = await getCustomer(tx.store, id);
  const defaultMethod = params.child('invoice_settings')?.string('default_payment_method');
  if (defaultMethod !== undefined) {
    const method = await tx.store.get<PaymentMethod>(defaultMethod, 'payment_method');
    if (method?.customer !== customer.id) {
      throw invalidRequest(`No such PaymentMethod: '${defaultMethod}'`, 'invoice_settings[default_payment_method]', 'resource_missing');
    }
  }
  // Sent empty, a field is unset (that is how the SDK sends null).
  const sent = (key: string) => params.raw[key] !== undefined;
  const updated: Customer = {
    ...customer,
    email: sent('email') ? (email(params) ?? null) : customer.email,
    name: sent('name') ? (params.string('name', { maxLength: 256 }) ?? null) : customer.name,
    description: sent('description') ? (params.string('description', { maxLength: 350 }) ?? null) : customer.description,
    phone: sent('phone') ? (params.string('phone', { maxLength: 20 }) ?? null) : customer.phone,
    invoice_settings: { ...customer.invoice_settings, default_payment_method: defaultMethod ?? customer.invoice_settings.default_payment_method },
    metadata: params.has('metadata') ? { ...customer.metadata, ...params.metadata() } : { ...customer.metadata },
  };
  // Stripe deletes a metadata key sent with an empty value.
  for (const [key, value] of Object.entries(params.child('metadata')?.raw ?? {})) if (value === '') delete updated.metadata[key];
  await tx.store.put(updated);
  const previous = Object.fromEntries(Object.entries(customer).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify((updated as unknown as Record<string, unknown>)[key])));
  await tx.emit('customer.updated', updated, { previous });
  return updated;
}
