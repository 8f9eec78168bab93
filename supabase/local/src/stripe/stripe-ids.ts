// Object ids shaped like Stripe's: a type prefix and a random base62 tail.
import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomTail(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  // 248 = 4 × 62: rejecting larger bytes keeps every character equally likely.
  for (const byte of bytes) if (byte < 248) out += alphabet[byte % 62];
  return out.length >= length ? out.slice(0, length) : out + randomTail(length - out.length);
}

export const idPrefixes = {
  checkoutSession: 'cs_test_',
  lineItem: 'li_',
  paymentIntent: 'pi_',
  charge: 'ch_',
  refund: 're_',
  transfer: 'tr_',
  transferReversal: 'trr_',
  applicationFee: 'fee_',
  feeRefund: 'fr_',
  account: 'acct_',
  customer: 'cus_',
  paymentMethod: 'pm_',
  accountLink: 'acctlink_',
  event: 'evt_',
  request: 'req_',
} as const;

export function newId(prefix: (typeof idPrefixes)[keyof typeof idPrefixes]): string {
  return `${prefix}${randomTail(prefix === 'cs_test_' ? 40 : 24)}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
