// A successful card payment of a payment intent: the charge and, for a destination charge, the transfer to the
// connected account and the application fee the platform keeps. Shared by Checkout and off-session
// payment intents, so refunds (transfer reversal, fee refund) work the same on both.
import { invalidRequest } from './stripe-error.ts';
import { idPrefixes, newId } from './stripe-ids.ts';
import type { Account, ApplicationFee, Charge, PaymentIntent, PaymentMethod, Transfer } from './stripe-objects.ts';
import type { StripeTx } from './stripe-tx.ts';

/**
 * Stripe's checks of `application_fee_amount` and `transfer_data[destination]` (`prefix` is where they sit
 * in the request, e.g. `payment_intent_data`).
 */
export async function checkDestination(tx: StripeTx, fee: number | null, destination: string | null, amount: number, prefix = ''): Promise<void> {
  const name = (key: string) => (prefix ? `${prefix}[${key}]` : key);
  if (fee !== null && destination === null) {
    throw invalidRequest(
      'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      name('application_fee_amount'),
    );
  }
  if (fee !== null && fee > amount) {
    throw invalidRequest('The application fee amount cannot be greater than the amount of the payment.', name('application_fee_amount'), 'parameter_invalid_integer');
  }
  if (destination !== null) {
    const param = `${name('transfer_data')}[destination]`;
    const account = await tx.store.get<Account>(destination, 'account');
    if (!account) throw invalidRequest(`No such destination: '${destination}'`, param, 'resource_missing');
    if (account.capabilities.transfers !== 'active') {
      throw invalidRequest(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        param,
        'insufficient_capabilities_for_transfer',
      );
    }
  }
}

/** Charges the intent's full amount with the card and returns the succeeded intent (stored; no events). */
export async function chargeIntent(tx: StripeTx, intent: PaymentIntent, method: PaymentMethod): Promise<{ intent: PaymentIntent; charge: Charge }> {
  const fee = intent.application_fee_amount;
  const destination = intent.transfer_data?.destination ?? null;
  const transferGroup = destination ? (intent.transfer_group ?? `group_${intent.id}`) : intent.transfer_group;
  const chargeId = newId(idPrefixes.charge);
  let transferId: string | null = null;
  let feeId: string | null = null;
  if (destination) {
    const transfer: Transfer = {
      id: newId(idPrefixes.transfer),
      object: 'transfer',
      created: tx.now,
      livemode: false,
      amount: intent.amount - (fee ?? 0),
      amount_reversed: 0,
      currency: intent.currency,
      destination,
      metadata: {},
      reversals: { object: 'list', data: [], has_more: false, url: '' },
      reversed: false,
      source_transaction: chargeId,
      transfer_group: transferGroup,
    };
    transfer.reversals.url = `/v1/transfers/${transfer.id}/reversals`;
    transferId = (await tx.store.put(transfer)).id;
  }
  if (destination && fee !== null && fee > 0) {
    const applicationFee: ApplicationFee = {
      id: newId(idPrefixes.applicationFee),
      object: 'application_fee',
      created: tx.now,
      livemode: false,
      account: destination,
      amount: fee,
      amount_refunded: 0,
      charge: chargeId,
      currency: intent.currency,
      originating_transaction: null,
      refunded: false,
      refunds: { object: 'list', data: [], has_more: false, url: '' },
    };
    applicationFee.refunds.url = `/v1/application_fees/${applicationFee.id}/refunds`;
    feeId = (await tx.store.put(applicationFee)).id;
  }
  const { brand, last4, exp_month, exp_year, country } = method.card;
  const charge: Charge = {
    id: chargeId,
    object: 'charge',
    created: tx.now,
    livemode: false,
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: 0,
    application_fee: feeId,
    application_fee_amount: fee,
    billing_details: { email: method.billing_details.email, name: method.billing_details.name },
    captured: true,
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    metadata: intent.metadata,
    paid: true,
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: { type: 'card', card: { brand, last4, exp_month, exp_year, country } },
    receipt_email: intent.receipt_email,
    refunded: false,
    status: 'succeeded',
    transfer: transferId,
    transfer_data: intent.transfer_data,
    transfer_group: transferGroup,
  };
  await tx.store.put(charge);
  const succeeded: PaymentIntent = {
    ...intent,
    amount_received: intent.amount,
    last_payment_error: null,
    latest_charge: charge.id,
    payment_method: method.id,
    status: 'succeeded',
    transfer_group: transferGroup,
  };
  await tx.store.put(succeeded);
  return { intent: succeeded, charge };
}
