import { describe, expect, it, vi } from 'vitest';
import { proceedToPayment, type CheckoutApi } from '../../../../src/features/property/booking/checkout-flow.ts';
import type { NewBooking } from '../../../../src/remote/booking-checkout.ts';

const booking: NewBooking = {
  userId: 'u-1', guestEmail: 'g@example.test', propertyId: 'p-1', roomId: 'r-1', checkIn: '2031-01-10', checkOut: '2031-03-25', totalPrice: 2598,
};

function api(overrides: Partial<CheckoutApi> = {}): CheckoutApi {
  return {
    hasBookingConflict: vi.fn(async () => false),
    createPendingBooking: vi.fn(async () => ({ kind: 'created' as const, bookingId: 'b-1' })),
    startCheckout: vi.fn(async () => ({ kind: 'redirect' as const, url: 'https://checkout.example/s/1' })),
    cancelUnpaidBooking: vi.fn(async () => undefined),
    ...overrides,
  };
}

describe('Proceed to Secure Payment', () => {
  it('re-checks the dates, creates the booking, and redirects to the checkout url', async () => {
    const remote = api();
    await expect(proceedToPayment(booking, remote)).resolves.toEqual({ kind: 'redirect', url: 'https://checkout.example/s/1' });
    expect(remote.createPendingBooking).toHaveBeenCalledWith(booking);
    expect(remote.startCheckout).toHaveBeenCalledWith('b-1', 'u-1', 'full');
    expect(remote.cancelUnpaidBooking).not.toHaveBeenCalled();
  });

  it('asks the checkout for the chosen payment plan', async () => {
    const remote = api();
    await proceedToPayment(booking, remote, 'monthly');
    expect(remote.startCheckout).toHaveBeenCalledWith('b-1', 'u-1', 'monthly');
  });

  it('stops with Dates unavailable when the RPC reports a conflict, creating nothing', async () => {
    const remote = api({ hasBookingConflict: vi.fn(async () => true) });
    const outcome = await proceedToPayment(booking, remote);
    expect(outcome).toMatchObject({ kind: 'dates_unavailable', toast: { title: 'Dates unavailable', description: 'Those dates are no longer available. Please select different dates.' } });
    expect(remote.createPendingBooking).not.toHaveBeenCalled();
  });

  it('maps a 409 dates_unavailable from the function to the same toast and releases the booking', async () => {
    const remote = api({ startCheckout: vi.fn(async () => ({ kind: 'dates_unavailable' as const })) });
    await expect(proceedToPayment(booking, remote)).resolves.toMatchObject({ kind: 'dates_unavailable' });
    expect(remote.cancelUnpaidBooking).toHaveBeenCalledWith('b-1');
  });

  it('sends an expired session to sign in, then the dashboard', async () => {
    const outcome = await proceedToPayment(booking, api({ startCheckout: vi.fn(async () => ({ kind: 'session_expired' as const })) }));
    expect(outcome).toEqual({ kind: 'session_expired', toast: { title: 'Session expired', description: 'Please sign in again to continue' }, redirectTo: '/auth?redirect=/dashboard' });
  });

  it.each([
    [{ kind: 'no_url' as const }, 'No checkout URL was returned. Please try again.'],
    [{ kind: 'failed' as const, message: 'The payment provider could not start checkout. Please try again.' }, 'The payment provider could not start checkout. Please try again.'],
    [{ kind: 'failed' as const, message: null }, 'An unexpected error occurred.'],
  ])('shows Checkout failed for %o', async (result, description) => {
    const outcome = await proceedToPayment(booking, api({ startCheckout: vi.fn(async () => result) }));
    expect(outcome).toEqual({ kind: 'failed', toast: { title: 'Checkout failed', description } });
  });

  it('reports a thrown network error as An unexpected error occurred.', async () => {
    const outcome = await proceedToPayment(booking, api({ hasBookingConflict: vi.fn(async () => { throw new TypeError('Failed to fetch'); }) }));
    expect(outcome).toEqual({ kind: 'failed', toast: { title: 'Checkout failed', description: 'An unexpected error occurred.' } });
  });

  it('maps a refused insert: exclusion conflict, session, or the server message', async () => {
    await expect(proceedToPayment(booking, api({ createPendingBooking: vi.fn(async () => ({ kind: 'dates_unavailable' as const })) }))).resolves.toMatchObject({ kind: 'dates_unavailable' });
    await expect(proceedToPayment(booking, api({ createPendingBooking: vi.fn(async () => ({ kind: 'session_expired' as const })) }))).resolves.toMatchObject({ kind: 'session_expired' });
    await expect(proceedToPayment(booking, api({ createPendingBooking: vi.fn(async () => ({ kind: 'failed' as const, message: 'Hosts cannot book their own property' })) })))
      .resolves.toEqual({ kind: 'failed', toast: { title: 'Checkout failed', description: 'Hosts cannot book their own property' } });
  });
});
