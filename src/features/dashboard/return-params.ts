// What the dashboard was sent back for (docs/product.md §2 query parameters): the payment page's return
// (payment=success|cancelled&booking={id}) or the payout onboarding's (stripe_connected / stripe_error).
// The parameters are consumed once and then removed from the address, so a reload does not repeat them.

export type ReturnAction =
  | { kind: 'payment-success'; bookingId: string }
  | { kind: 'payment-cancelled'; bookingId: string | null }
  | { kind: 'stripe-connected' }
  | { kind: 'stripe-error' };

const HANDLED_PARAMS = ['payment', 'booking', 'stripe_connected', 'stripe_error'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The actions a query string asks for, payment first (a return carries only one kind in practice). */
export function parseReturnParams(search: string): ReturnAction[] {
  const params = new URLSearchParams(search);
  const actions: ReturnAction[] = [];
  const booking = params.get('booking');
  const bookingId = booking && UUID.test(booking) ? booking : null;
  const payment = params.get('payment');
  if (payment === 'success' && bookingId) actions.push({ kind: 'payment-success', bookingId });
  if (payment === 'cancelled') actions.push({ kind: 'payment-cancelled', bookingId });
  if (params.get('stripe_connected') === 'true') actions.push({ kind: 'stripe-connected' });
  if (params.get('stripe_error') === 'true') actions.push({ kind: 'stripe-error' });
  return actions;
}

/** The query string without the parameters handled here ('' when nothing else is left). */
export function withoutReturnParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of HANDLED_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export function hasReturnParams(search: string): boolean {
  const params = new URLSearchParams(search);
  return HANDLED_PARAMS.some((name) => params.has(name));
}
