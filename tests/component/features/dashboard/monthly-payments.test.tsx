// A stay paid monthly on the dashboard (docs/decisions/pay-monthly.md): its payments read live from the
// local mirror, the failed-payment banner with Pay now, the return from Pay now, and the host's End stay.
// Dexie must find fake-indexeddb's globals before it loads.
import 'fake-indexeddb/auto';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { setCurrentDb } from '../../../../src/db/current-db.ts';
import type { AppDb } from '../../../../src/db/db.ts';
import { MAX_PAYMENT_ATTEMPTS } from '../../../../src/domain/payment-schedule.ts';
import { GuestDashboard } from '../../../../src/features/dashboard/components/guest-dashboard.tsx';
import { HostBookingCard } from '../../../../src/features/dashboard/components/host-booking-card.tsx';
import { toast } from '../../../../src/ui/toast/toast-queue.ts';
import { ToastRegion } from '../../../../src/ui/toast/toast-region.tsx';
import { bookingPaymentRow, bookingRow, freshDb } from '../../../unit/db/fixtures.ts';

const remote = vi.hoisted(() => ({
  payBookingPayment: vi.fn<(paymentId: string) => Promise<string>>(),
}));
vi.mock('../../../../src/remote/dashboard-functions.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/remote/dashboard-functions.ts')>()),
  payBookingPayment: remote.payBookingPayment,
}));

const booking = bookingRow({ id: 'stay-1', user_id: 'guest-1', property_name: 'Casa Azul', room_name: 'Garden Room', payment_plan: 'monthly', check_in: '2031-01-10', check_out: '2031-04-10', total_price: 3118 });
const payments = [
  bookingPaymentRow({ id: 'pay-1', booking_id: 'stay-1', sequence: 1, due_date: '2031-01-01', amount_cents: 103_933, status: 'paid' }),
  bookingPaymentRow({ id: 'pay-2', booking_id: 'stay-1', sequence: 2, due_date: '2031-02-10', amount_cents: 103_933, status: 'failed', attempts: 1, next_attempt_at: '2031-02-11T12:00:00.000Z' }),
  bookingPaymentRow({ id: 'pay-3', booking_id: 'stay-1', sequence: 3, due_date: '2031-03-10', amount_cents: 103_934, status: 'scheduled' }),
];

let db: AppDb;
beforeEach(async () => {
  vi.clearAllMocks();
  db = await freshDb();
  await db.bookings.put(booking);
  await db.booking_payments.bulkPut(payments);
  setCurrentDb(db);
});
afterEach(() => {
  act(() => toast.clear());
  setCurrentDb(null);
  vi.restoreAllMocks();
});

function renderGuest(props: { payNowBookingId?: string | null; onPayNowConfirmed?: () => void } = {}) {
  const location = memoryLocation({ path: '/dashboard' });
  render(
    <Router hook={location.hook}>
      <GuestDashboard userId="guest-1" verifyingBookingId={null} {...props} />
      <ToastRegion />
    </Router>,
  );
}

const banner = () => screen.findByText("Your payment of $1,039.33 for Garden Room at Casa Azul (Jan 10, 2031 – Apr 10, 2031) didn't go through.", {}, { timeout: 10_000 });

describe('guest dashboard, paying monthly', () => {
  it('shows how many payments are paid and each one with its state', async () => {
    renderGuest();
    const list = await screen.findByRole('list', { name: 'Payments' }, { timeout: 10_000 });
    expect(screen.getByText('1 of 3 paid')).toBeInTheDocument();
    const rows = within(list).getAllByRole('listitem').map((row) => row.textContent);
    expect(rows).toEqual(['Jan 01, 2031$1,039.33Paid', 'Feb 10, 2031$1,039.33Failed — next try Feb 11, 2031', 'Mar 10, 2031$1,039.34Due']);
  });

  it('names the room and dates of each failed payment, so two stays in one house tell apart', async () => {
    const second = bookingRow({ ...booking, id: 'stay-2', room_name: 'Loft', check_in: '2031-05-01', check_out: '2031-07-01' });
    await db.bookings.put(second);
    await db.booking_payments.put(bookingPaymentRow({ id: 'pay-4', booking_id: 'stay-2', sequence: 1, due_date: '2031-05-01', amount_cents: 90_000, status: 'failed', attempts: 1 }));
    renderGuest();
    await banner();
    expect(screen.getByText("Your payment of $900 for Loft at Casa Azul (May 01, 2031 – Jul 01, 2031) didn't go through.")).toBeInTheDocument();
  });

  it('follows the mirror live: a payment that turns paid updates the count and removes the banner', async () => {
    renderGuest();
    await banner();
    await act(() => db.booking_payments.update('pay-2', { status: 'paid' }));
    expect(await screen.findByText('2 of 3 paid')).toBeInTheDocument();
    expect(screen.queryByText(/didn't go through/)).not.toBeInTheDocument();
  });

  it('Pay now asks for a checkout page for the failed payment, and says so when it cannot', async () => {
    const user = userEvent.setup();
    remote.payBookingPayment.mockRejectedValue(new Error('boom'));
    renderGuest();
    await banner();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(remote.payBookingPayment).toHaveBeenCalledWith('pay-2');
    expect(await screen.findByRole('alertdialog', { name: 'Error processing payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay now' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('offline, Pay now is disabled and says why', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderGuest();
    await banner();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeDisabled();
    expect(screen.getByText("You're offline. Paying needs a connection.")).toBeInTheDocument();
  });

  it('back from Pay now, waits for the payment to turn paid, then says Payment received', async () => {
    const onPayNowConfirmed = vi.fn();
    renderGuest({ payNowBookingId: 'stay-1', onPayNowConfirmed });
    await banner();
    expect(screen.getByRole('status')).toHaveTextContent("We're confirming your payment.");
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    await act(() => db.booking_payments.update('pay-2', { status: 'paid' }));
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(onPayNowConfirmed).toHaveBeenCalled();
  });
});

describe('host booking card, paying monthly', () => {
  function renderHost(attempts: number, onEndStay = vi.fn(async () => undefined)) {
    const failed = payments.map((payment) => (payment.id === 'pay-2' ? { ...payment, attempts, next_attempt_at: null } : payment));
    render(
      <HostBookingCard
        booking={booking}
        guestName="Leo"
        today="2031-02-20"
        hasRated={false}
        isOnline
        onAccept={vi.fn()}
        onDecline={vi.fn()}
        onComplete={vi.fn()}
        onRateGuest={vi.fn()}
        payments={failed}
        onEndStay={onEndStay}
      />,
    );
    return onEndStay;
  }

  it('shows the payment state with the failed payment, and no End stay while retries remain', () => {
    renderHost(MAX_PAYMENT_ATTEMPTS - 1);
    expect(screen.getByText('1 of 3 paid')).toBeInTheDocument();
    expect(screen.getByText('Feb 10, 2031').closest('li')).toHaveTextContent('Failed');
    // Each row prints its date once: the scheduled one reads "Mar 10, 2031 … Due".
    expect(screen.getByText('Mar 10, 2031').closest('li')).toHaveTextContent(/^Mar 10, 2031\$1,039\.34Due$/);
    expect(screen.queryByRole('button', { name: 'End stay' })).not.toBeInTheDocument();
  });

  it('offers End stay once every retry failed, behind a confirmation', async () => {
    const user = userEvent.setup();
    const onEndStay = renderHost(MAX_PAYMENT_ATTEMPTS);
    await user.click(screen.getByRole('button', { name: 'End stay' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this stay?' }, { timeout: 20_000 });
    expect(onEndStay).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'End stay' }));
    expect(onEndStay).toHaveBeenCalledWith(booking);
  });
});
