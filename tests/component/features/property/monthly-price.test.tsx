// A guest thinks in months (docs/decisions/monthly-price-display.md): every "/month" price they read —
// the Explore card, the room card, the phone's booking bar, the booking card — is the amount the monthly
// plan charges, the figure of its payment schedule, never weekly × 4.
import { render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { toCardView } from '../../../../src/features/explore/card-view.ts';
import { BookingCard } from '../../../../src/features/property/booking/booking-card.tsx';
import type { BookingDraft } from '../../../../src/features/property/booking/booking-draft.ts';
import { StickyBookBar } from '../../../../src/features/property/booking/sticky-book-bar.tsx';
import { RoomCard } from '../../../../src/features/property/components/room-card.tsx';
import { propertyRow, roomRow } from '../../../unit/db/fixtures.ts';
import { describedAs } from '../../described-as.ts';

vi.mock('../../../../src/remote/booking-checkout.ts', () => ({
  hasBookingConflict: vi.fn(async () => false),
  createPendingBooking: vi.fn(),
  startCheckout: vi.fn(),
  cancelUnpaidBooking: vi.fn(async () => undefined),
}));

// $290 a week: 4 weeks make $1,160, but 3 months cost round(3 × 4.33 × 290) = $3,767, $1,255.67 a month.
const property = propertyRow({ id: 'villa-1', name: 'Casa Azul', price_per_week: 290 });
const room = roomRow({ id: 'ocean', property_id: 'villa-1', name: 'Ocean room', price_per_week: 290 });
const year = new Date().getFullYear() + 1;
const lazyChunk = { timeout: 20_000 };

function renderBookingCard(months: number) {
  const location = memoryLocation({ path: '/property/villa-1' });
  const initial: BookingDraft = { roomId: 'ocean', checkIn: `${year}-01-10`, months, plan: 'monthly' };
  function Harness() {
    const [draft, setDraft] = useState(initial);
    return (
      <Router hook={location.hook}>
        <BookingCard property={property} rooms={[room]} draft={draft} onDraftChange={setDraft} bookedRanges={[]} userId={null} email={null} onDatesTaken={() => undefined} />
      </Router>
    );
  }
  render(<Harness />);
}

beforeEach(() => localStorage.clear());

describe('the monthly price a guest reads is what the monthly plan charges', () => {
  it('the booking card names the month its payment schedule charges', async () => {
    renderBookingCard(3);
    const roomField = await screen.findByRole('button', { name: /Room$/ }, lazyChunk);
    const firstPayment = within(screen.getByRole('list', { name: 'Payment schedule' })).getAllByRole('listitem')[0]!;
    expect(firstPayment).toHaveTextContent('Today$1,255.67');
    expect(roomField).toHaveAccessibleDescription(describedAs('$290/week · $1,255.67/month'));
  });

  it('before the stay is chosen, cards show that month to the dollar, with a ~', async () => {
    expect(toCardView({ property: { ...property, photos: [] }, rooms: [room] }, 'http://127.0.0.1:54321').priceText).toBe('from ~$1,256/month');

    render(<ul><RoomCard room={room} /></ul>);
    const roomCard = screen.getByRole('listitem', { name: 'Ocean room' });
    expect(within(roomCard).getByText('$290/week')).toBeInTheDocument();
    expect(within(roomCard).getByText('~$1,256/month')).toBeInTheDocument();

    render(<StickyBookBar rooms={[room]} propertyWeeklyPrice={290} hasRoom={false} onBook={() => undefined} />);
    expect(screen.getByRole('region', { name: 'Book this place' })).toHaveTextContent('from ~$1,256/month');
  });
});
