import { BOOKING_CARD_ID } from './booking-card.tsx';

/** The booking card into view, after the render that filled it in (a room requested, a booking restored). */
export function scrollToBookingCard() {
  requestAnimationFrame(() => document.getElementById(BOOKING_CARD_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
}

/** The phone bar's button: the booking card into view, its room field (or first empty one) focused. */
export function focusBookingCard() {
  const card = document.getElementById(BOOKING_CARD_ID);
  if (!card) return;
  card.scrollIntoView({ behavior: 'smooth', block: 'start' });
  card.querySelector<HTMLElement>('[data-booking-field] button, [data-booking-field] [role="spinbutton"]')?.focus({ preventScroll: true });
}
