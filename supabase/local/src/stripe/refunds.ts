// Refunds of a payment intent's charge, full or partial; on destination charges optionally reversing the
// transfer and refunding the application fee, both in proportion to the refunded amount (as Stripe does).
import { invalidRequest, noSuchObject } from './stripe-error.ts';
import { idPrefixes, newId } from './stripe-ids.ts';
import type { ApplicationFee, Charge, FeeRefund, PaymentIntent, Refund, Transfer, TransferReversal } from './stripe-objects.ts';
import type { StripeParams } from './stripe-params.ts';
import type { StripeTx } from './stripe-tx.ts';

function proportion(refunded: number, of: number, chargeAmount: number, remaining: number): number {
  return Math.min(remaining, Math.round((refunded * of) / chargeAmount));
}

async function chargeToRefund(tx: StripeTx, params: StripeParams): Promise<Charge> {
  const chargeId = params.string('charge');
  const intentId = params.string('payment_intent');
  if (!chargeId && !intentId) throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', undefined, 'parameter_missing');
  if (intentId) {
    const intent = await tx.store.get<PaymentIntent>(intentId, 'payment_intent');
    if (!intent) throw noSuchObject('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    }
    if (chargeId && chargeId !== intent.latest_charge) throw invalidRequest('The charge does not belong to this PaymentIntent.', 'charge');
    const charge = await tx.store.get<Charge>(intent.latest_charge, 'charge');
    if (!charge) throw noSuchObject('charge', intent.latest_charge, 'payment_intent');
    return charge;
  }
  const charge = await tx.store.get<Charge>(chargeId ?? '', 'charge');
  if (!charge) throw noSuchObject('charge', chargeId ?? '', 'charge');
  return charge;
}

export async function createRefund(tx: StripeTx, params: StripeParams): Promise<Refund> {
  const charge = await chargeToRefund(tx, params);
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  const amount = params.integer('amount', { min: 1 }) ?? remaining;
  if (amount > remaining) {
    throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, 'amount', 'amount_too_large');
  }
  const reason = params.string('reason', { oneOf: ['duplicate', 'fraudulent', 'requested_by_customer'] }) ?? null;
  const reverseTransfer = params.boolean('reverse_transfer') ?? false;
  const refundFee = params.boolean('refund_application_fee') ?? false;
  if (reverseTransfer && !charge.transfer) throw invalidRequest('This charge has no transfer to reverse.', 'reverse_transfer');
  if (refundFee && !charge.application_fee) throw invalidRequest('This charge has no application fee to refund.', 'refund_application_fee');

  const refundId = newId(idPrefixes.refund);
  let reversalId: string | null = null;
  if (reverseTransfer && charge.transfer) {
    const transfer = await tx.store.get<Transfer>(charge.transfer, 'transfer');
    if (!transfer) throw noSuchObject('transfer', charge.transfer);
    const reversalAmount = proportion(amount, transfer.amount, charge.amount, transfer.amount - transfer.amount_reversed);
    const reversal: TransferReversal = {
      id: newId(idPrefixes.transferReversal),
      object: 'transfer_reversal',
      created: tx.now,
      livemode: false,
      amount: reversalAmount,
      currency: transfer.currency,
      metadata: {},
      source_refund: refundId,
      transfer: transfer.id,
    };
    const amountReversed = transfer.amount_reversed + reversalAmount;
    await tx.store.put<Transfer>({
      ...transfer,
      amount_reversed: amountReversed,
      reversed: amountReversed >= transfer.amount,
      reversals: { ...transfer.reversals, data: [reversal, ...transfer.reversals.data] },
    });
    reversalId = reversal.id;
  }
  if (refundFee && charge.application_fee) {
    const fee = await tx.store.get<ApplicationFee>(charge.application_fee, 'application_fee');
    if (!fee) throw noSuchObject('application_fee', charge.application_fee);
    const feeRefund: FeeRefund = {
      id: newId(idPrefixes.feeRefund),
      object: 'fee_refund',
      created: tx.now,
      livemode: false,
      amount: proportion(amount, fee.amount, charge.amount, fee.amount - fee.amount_refunded),
      currency: fee.currency,
      fee: fee.id,
      metadata: {},
    };
    const amountRefunded = fee.amount_refunded + feeRefund.amount;
    await tx.store.put<ApplicationFee>({
      ...fee,
      amount_refunded: amountRefunded,
      refunded: amountRefunded >= fee.amount,
      refunds: { ...fee.refunds, data: [feeRefund, ...fee.refunds.data] },
    });
  }

  const refund: Refund = {
    id: refundId,
    object: 'refund',
    created: tx.now,
    livemode: false,
    amount,
    charge: charge.id,
    currency: charge.currency,
    metadata: params.metadata(),
    payment_intent: charge.payment_intent,
    reason,
    status: 'succeeded',
    transfer_reversal: reversalId,
  };
  await tx.store.put(refund);
  const amountRefunded = charge.amount_refunded + amount;
  const refundedCharge: Charge = { ...charge, amount_refunded: amountRefunded, refunded: amountRefunded >= charge.amount };
  await tx.store.put(refundedCharge);
  await tx.emit('refund.created', refund);
  await tx.emit('charge.refunded', refundedCharge, { previous: { amount_refunded: charge.amount_refunded, refunded: charge.refunded } });
  return refund;
}
