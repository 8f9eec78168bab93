// The booking e-mails (docs/product.md §7 sendBookingEmails): to the guest and to the host when a booking is
// paid, accepted or declined, with the stay details. Each (booking, status) is sent once, however
// many times it is asked for (the client and the payment webhook may both ask).
import type { SupabaseClient } from '@supabase/supabase-js';
import { PAID_STATUSES } from './domain/booking-status.ts';
import { formatCents } from './domain/payment-schedule.ts';
import { formatDollars } from './domain/pricing.ts';
import { formatStayDate } from './domain/stay-dates.ts';
import { loadBooking, userEmail, type BookingDetails } from './booking-details.ts';
import { sendMail, type Mail } from './mail.ts';

export type BookingEmailStatus = 'paid' | 'accepted' | 'declined';
export const bookingEmailStatuses = ['paid', 'accepted', 'declined'] as const;

/** Booking statuses in which the e-mail for a given event may (still) be sent. */
export const statusesAllowingEmail: Record<BookingEmailStatus, readonly string[]> = {
  paid: PAID_STATUSES,
  accepted: ['accepted', 'completed'],
  declined: ['declined'],
};

export type BookingEmailOutcome = 'sent' | 'already_sent';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

export interface Party {
  name: string;
  email: string | null;
}

/** What the guest has paid so far: the total, or the monthly payments made. */
function paidCents(booking: BookingDetails): number {
  if (booking.payment_plan !== 'monthly') return Math.round(booking.total_price * 100);
  return booking.payments.filter((payment) => payment.status === 'paid').reduce((sum, payment) => sum + payment.amount_cents, 0);
}

export function stayLines(booking: BookingDetails): string[] {
  const monthly = booking.payment_plan === 'monthly' ? [`Paid monthly: ${booking.payments.length} payments`] : [];
  return [
    `Property: ${booking.property.name} (${booking.property.city}, ${booking.property.country})`,
    `Room: ${booking.room.name}`,
    `Check-in: ${formatStayDate(booking.check_in)}`,
    `Check-out: ${formatStayDate(booking.check_out)}`,
    `Total: ${formatDollars(booking.total_price)}`,
    ...monthly,
    `Booking reference: ${booking.id}`,
  ];
}

function compose(status: BookingEmailStatus, booking: BookingDetails, guest: Party, host: Party): { guest: Omit<Mail, 'to'>; host: Omit<Mail, 'to'> } {
  const place = `${booking.property.name} – ${booking.room.name}`;
  const texts: Record<BookingEmailStatus, { guest: [string, string]; host: [string, string] }> = {
    paid: {
      guest: [`Booking request sent: ${place}`, `Hi ${guest.name}, your payment succeeded and your request was sent to ${host.name}. You will hear from us as soon as the host confirms.`],
      host: [`New booking request: ${place}`, `Hi ${host.name}, ${guest.name} has paid for a stay. Please accept or decline the request from your dashboard.`],
    },
    accepted: {
      guest: [`Booking confirmed! ${place}`, `Hi ${guest.name}, ${host.name} accepted your booking. Your stay is confirmed and the house chat is open.`],
      host: [`You accepted a booking: ${place}`, `Hi ${host.name}, you accepted ${guest.name}'s stay.`],
    },
    declined: {
      guest: [`Booking declined: ${place}`, `Hi ${guest.name}, ${host.name} could not accept your request. Your payment of ${formatCents(paidCents(booking))} is refunded in full to your card; it usually appears within 5–10 business days.`],
      host: [`You declined a booking: ${place}`, `Hi ${host.name}, you declined ${guest.name}'s request. The guest has been refunded in full.`],
    },
  };
  const build = ([subject, intro]: [string, string]): Omit<Mail, 'to'> => composeMail(subject, intro, stayLines(booking));
  return { guest: build(texts[status].guest), host: build(texts[status].host) };
}

/** An e-mail of an introduction and a list of details, as text and as HTML. */
export function composeMail(subject: string, intro: string, lines: readonly string[]): Omit<Mail, 'to'> {
  return {
    subject,
    text: `${intro}\n\n${lines.join('\n')}\n`,
    html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
  };
}

export async function party(admin: SupabaseClient, userId: string, fallbackEmail: string | null): Promise<Party> {
  const { data } = await admin.from('profiles').select('name').eq('id', userId).maybeSingle();
  return { name: (data as { name?: string } | null)?.name ?? 'there', email: fallbackEmail ?? (await userEmail(admin, userId)) };
}

/**
 * Sends the e-mails for `status` once. The (booking, status) row is claimed first; if sending fails
 * the claim is dropped so a later call can try again, and the error is thrown to the caller.
 */
export async function sendBookingEmails(admin: SupabaseClient, bookingId: string, status: BookingEmailStatus): Promise<BookingEmailOutcome> {
  const booking = await loadBooking(admin, bookingId);
  if (!booking) throw new Error(`booking ${bookingId} not found`);
  const { data: claimed, error: claimError } = await admin
    .from('booking_emails')
    .upsert({ booking_id: bookingId, status }, { onConflict: 'booking_id,status', ignoreDuplicates: true })
    .select('booking_id');
  if (claimError) throw new Error(`claiming booking e-mail: ${claimError.message}`);
  if (!claimed || claimed.length === 0) return 'already_sent';

  try {
    const guest = await party(admin, booking.user_id, booking.guest_email);
    const host = await party(admin, booking.property.host_id, null);
    const mails = compose(status, booking, guest, host);
    const recipients = [
      guest.email ? { to: guest.email, ...mails.guest } : null,
      host.email ? { to: host.email, ...mails.host } : null,
    ].filter((mail): mail is Mail => mail !== null);
    await Promise.all(recipients.map((mail) => sendMail(mail)));
    return 'sent';
  } catch (error) {
    await admin.from('booking_emails').delete().eq('booking_id', bookingId).eq('status', status);
    throw error;
  }
}

/** For server-side triggers (payment recorded, decline): e-mail failures are logged, never fatal. */
export async function sendBookingEmailsQuietly(admin: SupabaseClient, bookingId: string, status: BookingEmailStatus): Promise<void> {
  try {
    await sendBookingEmails(admin, bookingId, status);
  } catch (error) {
    console.error(`[booking-emails] ${status} e-mails for booking ${bookingId} failed`, error);
  }
}
