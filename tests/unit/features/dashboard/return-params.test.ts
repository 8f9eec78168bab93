import { describe, expect, it } from 'vitest';
import { hasReturnParams, parseReturnParams, withoutReturnParams } from '../../../../src/features/dashboard/return-params.ts';

const id = 'd0000000-0000-4000-8000-000000000005';

describe('dashboard return parameters (docs/product.md §2)', () => {
  it('reads a successful payment only with a booking id', () => {
    expect(parseReturnParams(`?payment=success&booking=${id}`)).toEqual([{ kind: 'payment-success', bookingId: id }]);
    expect(parseReturnParams('?payment=success')).toEqual([]);
    expect(parseReturnParams('?payment=success&booking=not-a-uuid')).toEqual([]);
  });

  it('reads a cancelled payment with or without its booking', () => {
    expect(parseReturnParams(`?payment=cancelled&booking=${id}`)).toEqual([{ kind: 'payment-cancelled', bookingId: id }]);
    expect(parseReturnParams('?payment=cancelled')).toEqual([{ kind: 'payment-cancelled', bookingId: null }]);
  });

  it('reads the payout onboarding results', () => {
    expect(parseReturnParams('?stripe_connected=true')).toEqual([{ kind: 'stripe-connected' }]);
    expect(parseReturnParams('?stripe_error=true')).toEqual([{ kind: 'stripe-error' }]);
    expect(parseReturnParams('?stripe_connected=false&stripe_error=0')).toEqual([]);
  });

  it('removes only the handled parameters from the address', () => {
    expect(withoutReturnParams(`?payment=success&booking=${id}`)).toBe('');
    expect(withoutReturnParams('?stripe_connected=true&tab=rooms')).toBe('?tab=rooms');
    expect(hasReturnParams('?tab=rooms')).toBe(false);
    expect(hasReturnParams('?stripe_error=true')).toBe(true);
  });
});
