// Pay in full or monthly on the booking card (docs/decisions/pay-monthly.md): offered from 2 months, a
// native radio group reachable by keyboard, a schedule that adds up to the total, kept across sign-in,
// and sent to checkout.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { localKeys } from '../../../../src/config/storage-keys.ts';
import { BookingCard } from '../../../../src/features/property/booking/booking-card.tsx';
import type { BookingDraft } from '../../../../src/features/property/booking/booking-draft.ts';
import { toast } from '../../../../src/ui/toast/toast-queue.ts';
import { propertyRow, roomRow } from '../../../unit/db/fixtures.ts';

const checkout = vi.hoisted(() => ({
  hasBookingConflict: vi.fn(async () => false),
  createPendingBooking: vi.fn(async () => ({ kind: 'created', bookingId: 'booking-1' })),
  startCheckout: vi.fn(async () => ({ kind: 'no_url' })),
  cancelUnpaidBooking: vi.fn(async () => undefined),
}));
vi.mock('../../../../src/remote/booking-checkout.ts', () => checkout);

const property = propertyRow({ id: 'villa-1', name: 'Casa Azul' });
const rooms = [roomRow({ id: 'ocean', property_id: 'villa-1', name: 'Ocean room', price_per_week: 240 })];
const year = new Date().getFullYear() + 1;
const lazyChunk = { timeout: 20_000 };

function renderCard(months: number, userId: string | null = null) {
  const location = memoryLocation({ path: '/property/villa-1', record: true });
  const initial: BookingDraft = { roomId: 'ocean', checkIn: `${year}-01-10`, months, plan: 'full' };
  function Harness() {
    const [draft, setDraft] = useState(initial);
    return (
      <Router hook={location.hook}>
        <BookingCard property={property} rooms={rooms} draft={draft} onDraftChange={setDraft} bookedRanges={[]} userId={userId} email={null} onDatesTaken={() => undefined} />
      </Router>
    );
  }
  render(<Harness />);
  return location.history;
}

const planGroup = () => screen.queryByRole('group', { name: 'How would you like to pay?' });
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});
afterEach(() => {
  act(() => toast.clear());
});

describe('payment plan choice', () => {
  it('is not offered for stays under 2 months', async () => {
    renderCard(1.5);
    await screen.findByRole('button', { name: /Room$/ }, lazyChunk);
    expect(planGroup()).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Payment schedule' })).not.toBeInTheDocument();
  });

  it('is offered from 2 months, paying in full by default', () => {
    renderCard(2);
    const group = planGroup()!;
    expect(within(group).getByRole('radio', { name: /Pay in full/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /Pay monthly/ })).not.toBeChecked();
    expect(screen.queryByRole('list', { name: 'Payment schedule' })).not.toBeInTheDocument();
  });

  it('switches to monthly with the keyboard and shows a schedule that adds up to the total', async () => {
    const user = userEvent.setup();
    renderCard(3);
    const full = within(planGroup()!).getByRole('radio', { name: /Pay in full/ });
    await user.tab();
    while (document.activeElement !== full) await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(within(planGroup()!).getByRole('radio', { name: /Pay monthly/ })).toBeChecked();

    const rows = within(screen.getByRole('list', { name: 'Payment schedule' })).getAllByRole('listitem');
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual(['Today', `Feb 10, ${year}`, `Mar 10, ${year}`]);
    const amounts = rows.map((row) => row.lastElementChild?.textContent ?? '');
    expect(amounts).toEqual(['$1,039.33', '$1,039.33', '$1,039.34']);
    expect(amounts.reduce((sum, text) => sum + cents(text), 0)).toBe(311_800); // the total, $3,118
    expect(screen.getByText(/3 payments, same total of \$3,118/)).toBeInTheDocument();
  });

  it('keeps the monthly choice in the booking saved for after sign-in', async () => {
    const user = userEvent.setup();
    const history = renderCard(2.5);
    await user.click(screen.getByRole('radio', { name: /Pay monthly/ }));
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(history.at(-1)).toMatch(/^\/auth/);
    expect(JSON.parse(localStorage.getItem(localKeys.pendingBooking) ?? 'null')).toMatchObject({ duration: 2.5, paymentPlan: 'monthly' });
  });

  it('shows the plan and the first payment in the confirm dialog and asks checkout for it', async () => {
    const user = userEvent.setup();
    renderCard(2.5, 'guest-1');
    await user.click(screen.getByRole('radio', { name: /Pay monthly/ }));
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Your Booking' }, lazyChunk);
    expect(within(dialog).getByLabelText('Booking summary')).toHaveTextContent('Monthly, 3 payments');
    expect(within(dialog).getByRole('list', { name: 'Payment schedule' })).toHaveTextContent('$519.60');
    expect(dialog).toHaveTextContent('Pay $1,039.20 now on a secure checkout page.');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Secure Payment' }));
    await vi.waitFor(() => expect(checkout.startCheckout).toHaveBeenCalledWith('booking-1', 'guest-1', 'monthly'));
  });
});
