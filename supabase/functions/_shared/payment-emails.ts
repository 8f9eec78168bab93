// E-mails about one monthly payment (docs/decisions/monthly-charges.md): a receipt when it is charged, and
// when the bank refuses it a notice to the guest with the way to pay (and, once the retries are spent,
// a note to the host that the stay may be ended). Sent once per change of the payment's state: the caller
// sends only when record_booking_payment_result reports a change.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { BookingDetails } from './booking-details.ts';
import { composeMail, party, stayLines } from './booking-emails.ts';
import { formatCents, nextRetryAt } from './domain/payment-schedule.ts';
import { formatStayDate, toDateOnly } from './domain/stay-dates.ts';
import { sendMail, type Mail } from './mail.ts';

export interface PaymentForMail {
  sequence: number;
  amount_cents: number;
  /** charges tried so far, this one included */
  attempts: number;
}

/** '$1,515.50 (payment 2)'. */
export function paymentLabel(payment: PaymentForMail): string {
  return `${formatCents(payment.amount_cents)} (payment ${payment.sequence})`;
}

/** `now` is the scheduler's time, which the next retry counts from. */
export async function sendPaymentEmail(
  admin: SupabaseClient,
  booking: BookingDetails,
  payment: PaymentForMail,
  outcome: 'paid' | 'failed',
  now: Date,
): Promise<void> {
  const guest = await party(admin, booking.user_id, booking.guest_email);
  const place = `${booking.property.name} – ${booking.room.name}`;
  const lines = [`Payment: ${paymentLabel(payment)}`, ...stayLines(booking)];
  const mails: Mail[] = [];
  if (outcome === 'paid') {
    if (guest.email) mails.push({ to: guest.email, ...composeMail(`Payment received: ${place}`, `Hi ${guest.name}, we charged ${formatCents(payment.amount_cents)} to your saved card for payment ${payment.sequence} of your stay. Thank you!`, lines) });
  } else {
    const retry = nextRetryAt(payment.attempts, now);
    const retriesSpent = retry === null;
    const next = retry ? ` We will try again on ${formatStayDate(toDateOnly(retry))}, or you can pay now from your dashboard.` : ' Please pay now from your dashboard to keep your stay.';
    if (guest.email) mails.push({ to: guest.email, ...composeMail(`Payment failed: ${place}`, `Hi ${guest.name}, your bank declined payment ${payment.sequence} of your stay (${formatCents(payment.amount_cents)}).${next}`, lines) });
    if (retriesSpent) {
      const host = await party(admin, booking.property.host_id, null);
      if (host.email) mails.push({ to: host.email, ...composeMail(`A payment is overdue: ${place}`, `Hi ${host.name}, ${guest.name}'s payment ${payment.sequence} failed after every retry. You can wait for the guest to pay, or end the stay from your dashboard.`, lines) });
    }
  }
  await Promise.all(mails.map((mail) => sendMail(mail)));
}

/** E-mail failures are logged, never fatal: the payment's state is what counts. */
export async function sendPaymentEmailQuietly(
  admin: SupabaseClient,
  booking: BookingDetails,
  payment: PaymentForMail,
  outcome: 'paid' | 'failed',
  now: Date,
): Promise<void> {
  try {
    await sendPaymentEmail(admin, booking, payment, outcome, now);
  } catch (error) {
    console.error(`[payment-emails] ${outcome} e-mail for payment ${payment.sequence} of booking ${booking.id} failed`, error);
  }
}
