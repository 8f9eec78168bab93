import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { localKeys } from '../../../../src/config/storage-keys.ts';
import type { BookedRange } from '../../../../src/domain/booking-request.ts';
import {
  BOOKING_DETAILS_INCOMPLETE, DATES_UNAVAILABLE, SELECT_A_CHECK_IN_DATE, SELECT_A_DURATION, SELECT_A_ROOM,
} from '../../../../src/domain/messages.ts';
import { BookingCard } from '../../../../src/features/property/booking/booking-card.tsx';
import { emptyBookingDraft, type BookingDraft } from '../../../../src/features/property/booking/booking-draft.ts';
import { toast } from '../../../../src/ui/toast/toast-queue.ts';
import { ToastRegion } from '../../../../src/ui/toast/toast-region.tsx';
import { propertyRow, roomRow } from '../../../unit/db/fixtures.ts';
import { describedAs } from '../../described-as.ts';

// The server boundary of the confirm dialog: the checkout calls (docs/product.md §7).
const checkout = vi.hoisted(() => ({
  hasBookingConflict: vi.fn<() => Promise<boolean>>(),
  createPendingBooking: vi.fn(),
  startCheckout: vi.fn(),
  cancelUnpaidBooking: vi.fn(async () => undefined),
}));
vi.mock('../../../../src/remote/booking-checkout.ts', () => checkout);

const property = propertyRow({ id: 'villa-1', name: 'Casa Azul' });
const rooms = [
  roomRow({ id: 'ocean', property_id: 'villa-1', name: 'Ocean room', price_per_week: 240 }),
  roomRow({ id: 'garden', property_id: 'villa-1', name: 'Garden room', price_per_week: 200, is_available: false }),
];

// Next year's dates, so the card's "not in the past" rule never bites whenever this runs.
const year = new Date().getFullYear() + 1;

type Setup = { userId?: string | null; bookedRanges?: BookedRange[]; draft?: BookingDraft };

function renderCard({ userId = null, bookedRanges = [], draft = emptyBookingDraft }: Setup = {}) {
  const location = memoryLocation({ path: '/property/villa-1', record: true });
  const onDatesTaken = vi.fn();
  function Harness() {
    const [current, setCurrent] = useState(draft);
    return (
      <Router hook={location.hook}>
        <BookingCard
          property={property}
          rooms={rooms}
          draft={current}
          onDraftChange={setCurrent}
          bookedRanges={bookedRanges}
          userId={userId}
          email={userId ? 'leo.guest@nomadnest.test' : null}
          onDatesTaken={onDatesTaken}
        />
        <ToastRegion />
      </Router>
    );
  }
  render(<Harness />);
  return { history: location.history, onDatesTaken };
}

const summaryValue = (term: string) => {
  const summary = screen.getByLabelText('Stay summary');
  const terms = within(summary).getAllByRole('term');
  const index = terms.findIndex((element) => element.textContent === term);
  return within(summary).getAllByRole('definition')[index]?.textContent;
};

// The fields and the confirm dialog are lazy chunks, slow to transform on a busy machine: wait for them.
const lazyChunk = { timeout: 20_000 };
const roomSelect = () => screen.findByRole('button', { name: /Room$/ }, lazyChunk);
const confirmDialog = () => screen.findByRole('dialog', { name: 'Confirm Your Booking' }, lazyChunk);

async function choose(user: UserEvent, field: 'Room' | 'Duration', option: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(`${field}$`) }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

async function typeCheckIn(user: UserEvent, monthDayYear: string) {
  const group = screen.getByRole('group', { name: 'Check-in' });
  await user.click(within(group).getByRole('spinbutton', { name: /month/ }));
  await user.keyboard(monthDayYear);
}

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});
afterEach(() => {
  act(() => toast.clear());
  vi.restoreAllMocks();
});

describe('BookingCard', () => {
  it('shows placeholders with the same labels until its fields load, then the empty fields and no total', async () => {
    renderCard();
    expect(screen.getByRole('heading', { name: 'Book Your Stay' })).toBeInTheDocument();
    expect(screen.getByText('Room').closest('[aria-busy="true"]')).toBeInTheDocument();
    expect(screen.getByText('Check-in').closest('[aria-busy="true"]')).toHaveTextContent('Choose a room to see its booked days.');
    expect(screen.getByText('Duration').closest('[aria-busy="true"]')).toBeInTheDocument();
    await roomSelect();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(screen.getByRole('group', { name: 'Check-in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Duration$/ })).toHaveTextContent('Select duration');
    expect(screen.getByText('Choose a room to see its booked days.')).toBeInTheDocument();
    expect(summaryValue('Check-out')).toBe('—');
    expect(summaryValue('Total')).toBe('—');
    expect(screen.queryByTestId('price-breakdown')).not.toBeInTheDocument();
    expect(screen.getByText("You'll sign in first; your choices are kept.")).toBeInTheDocument();
  });

  it('offers an unavailable room only as a disabled option', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(await roomSelect());
    expect(screen.getByRole('option', { name: 'Garden room · $200/week (Not Available)' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('computes check-out, total and breakdown from room, check-in and duration', async () => {
    const user = userEvent.setup();
    renderCard();
    await roomSelect();
    await choose(user, 'Room', 'Ocean room · $240/week');
    expect(screen.getByRole('button', { name: /Room$/ })).toHaveAccessibleDescription(describedAs('$240/week · ~$1,039/month'));
    expect(screen.getByText('Greyed-out days are already booked for this room.')).toBeInTheDocument();
    await choose(user, 'Duration', '2.5 months');
    // Room and duration price the stay; check-out waits for the check-in.
    expect(summaryValue('Total')).toBe('$2,598');
    expect(summaryValue('Check-out')).toBe('—');
    await typeCheckIn(user, `0110${year}`);
    expect(summaryValue('Check-out')).toBe(`Mar 25, ${year}`);
    const breakdown = screen.getByTestId('price-breakdown');
    expect(breakdown).toHaveTextContent('2.5 months × 4.33 weeks = 10.825 weeks × $240/week = $2,598');
    expect(breakdown).toHaveTextContent('The half month counts as 15 days (30 days per month) for your check-out date.');
  });

  it("refuses an incomplete booking with the product's toast, marks every missing field and focuses the first", async () => {
    const user = userEvent.setup();
    renderCard();
    const room = await roomSelect();
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    const shown = await screen.findByRole('alertdialog', { name: BOOKING_DETAILS_INCOMPLETE.title });
    expect(shown).toHaveAccessibleDescription(describedAs(BOOKING_DETAILS_INCOMPLETE.description!));
    expect(room).toHaveAttribute('aria-invalid', 'true');
    expect(room).toHaveAccessibleDescription(describedAs(SELECT_A_ROOM.title));
    expect(screen.getByText(SELECT_A_CHECK_IN_DATE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Duration$/ })).toHaveAccessibleDescription(describedAs(SELECT_A_DURATION));
    await vi.waitFor(() => expect(room).toHaveFocus());
    // The errors follow the fields live: choosing a room clears its own.
    await choose(user, 'Room', 'Ocean room · $240/week');
    expect(room).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText(SELECT_A_DURATION)).toBeInTheDocument();
  });

  it('refuses a stay that runs into a booked range of that room with Dates unavailable on the check-in', async () => {
    const user = userEvent.setup();
    const bookedRanges: BookedRange[] = [{ start_date: `${year}-02-01`, end_date: `${year}-03-01`, status: 'paid', room_id: 'ocean' }];
    renderCard({ bookedRanges, draft: { roomId: 'ocean', checkIn: `${year}-01-10`, months: 1, plan: 'full' } });
    await roomSelect();
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('alertdialog', { name: DATES_UNAVAILABLE.title })).toBeInTheDocument();
    const checkInMonth = within(screen.getByRole('group', { name: 'Check-in' })).getByRole('spinbutton', { name: /month/ });
    expect(checkInMonth).toHaveAttribute('aria-invalid', 'true');
    expect(checkInMonth).toHaveAccessibleDescription(expect.stringContaining(DATES_UNAVAILABLE.description!));
    await vi.waitFor(() => expect(checkInMonth).toHaveFocus());
  });

  it('signed out, keeps a valid booking and sends the visitor to sign in', async () => {
    const user = userEvent.setup();
    const { history } = renderCard({ draft: { roomId: 'ocean', checkIn: `${year}-01-10`, months: 2.5, plan: 'full' } });
    await roomSelect();
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(history.at(-1)).toBe(`/auth?redirect=${encodeURIComponent('/property/villa-1')}`);
    expect(JSON.parse(localStorage.getItem(localKeys.pendingBooking) ?? 'null')).toMatchObject({
      propertyId: 'villa-1', roomId: 'ocean', roomName: 'Ocean room', checkIn: `${year}-01-10`, duration: 2.5, totalPrice: 2598,
    });
  });

  describe('signed in', () => {
    const draft: BookingDraft = { roomId: 'ocean', checkIn: `${year}-01-10`, months: 2.5, plan: 'full' };

    it('opens the confirm dialog with the stay at a glance; Back closes it', async () => {
      const user = userEvent.setup();
      renderCard({ userId: 'guest-1', draft });
      await roomSelect();
      expect(screen.getByText("You won't be charged until you confirm on the next step.")).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Book Now' }));
      const dialog = await confirmDialog();
      const summary = within(dialog).getByLabelText('Booking summary');
      expect(summary).toHaveTextContent('Casa Azul');
      expect(summary).toHaveTextContent('Ocean room');
      expect(summary).toHaveTextContent(`Mar 25, ${year}`);
      expect(summary).toHaveTextContent('2.5 months');
      expect(summary).toHaveTextContent('$2,598');
      await user.click(within(dialog).getByRole('button', { name: 'Back' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(checkout.hasBookingConflict).not.toHaveBeenCalled();
    });

    it('when the dates were taken meanwhile, says so, closes the dialog and asks the page to refresh availability', async () => {
      const user = userEvent.setup();
      checkout.hasBookingConflict.mockResolvedValue(true);
      const { onDatesTaken } = renderCard({ userId: 'guest-1', draft });
      await roomSelect();
      await user.click(screen.getByRole('button', { name: 'Book Now' }));
      const dialog = await confirmDialog();
      await user.click(within(dialog).getByRole('button', { name: 'Proceed to Secure Payment' }));
      expect(await screen.findByRole('alertdialog', { name: DATES_UNAVAILABLE.title })).toBeInTheDocument();
      expect(checkout.hasBookingConflict).toHaveBeenCalledWith(expect.objectContaining({ roomId: 'ocean', checkIn: `${year}-01-10`, checkOut: `${year}-03-25`, totalPrice: 2598 }));
      expect(checkout.createPendingBooking).not.toHaveBeenCalled();
      expect(onDatesTaken).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog', { name: 'Confirm Your Booking' })).not.toBeInTheDocument();
    });

    it('offline, disables Proceed to Secure Payment and says why', async () => {
      const user = userEvent.setup();
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      renderCard({ userId: 'guest-1', draft });
      await roomSelect();
      await user.click(screen.getByRole('button', { name: 'Book Now' }));
      const dialog = await confirmDialog();
      expect(within(dialog).getByRole('button', { name: 'Proceed to Secure Payment' })).toBeDisabled();
      expect(dialog).toHaveTextContent('You are offline. Connect to the internet to continue to payment.');
    });
  });
});
