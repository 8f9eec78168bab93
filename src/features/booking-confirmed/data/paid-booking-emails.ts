import { logger } from '../../../lib/logger.ts';
import { sendPaidBookingEmails } from '../../../remote/booking-confirmation-emails.ts';

const requested = new Set<string>();

/**
 * docs/product.md §7: sendBookingEmails { bookingId, status: 'paid' } when the latest booking is paid. Once per
 * booking and page life (the function itself also sends only once); failures are only logged (docs/product.md §8).
 */
export function sendPaidEmailsOnce(bookingId: string): void {
  if (requested.has(bookingId)) return;
  requested.add(bookingId);
  sendPaidBookingEmails(bookingId).catch((error: unknown) => logger.warn('Booking e-mails could not be sent', error));
}
