import { useMemo, useState } from 'react';
import { useBookingPayments } from '../../../db/hooks/use-booking-payments.ts';
import { useProfiles } from '../../../db/hooks/use-profiles.ts';
import type { BookingRow, ReviewRow } from '../../../db/tables.ts';
import { acceptBlockedReason } from '../../../domain/booking-status.ts';
import { toDateOnly } from '../../../domain/stay-dates.ts';
import { logger } from '../../../lib/logger.ts';
import { updateHostBookingStatus } from '../../../remote/dashboard-bookings.ts';
import { declineBooking, endBookingStay, sendBookingEmails } from '../../../remote/dashboard-functions.ts';
import { getActiveEngine } from '../../../sync/active-engine.ts';
import { cacheServerRows } from '../../../sync/session-actions.ts';
import { Card } from '../../../ui/card/card.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import { sortForHost } from '../booking-views.ts';
import { decisionFailedToast, type Decision } from '../decision-errors.ts';
import { paymentsOf } from '../payment-views.ts';
import type { BookingReviewTarget } from './booking-review-dialog.tsx';
import { LazyBookingReviewDialog } from './lazy-booking-review-dialog.tsx';
import { HostBookingCard } from './host-booking-card.tsx';
import * as styles from './dashboard.css.ts';

export interface HostBookingsTabProps {
  userId: string;
  bookings: readonly BookingRow[];
  reviews: readonly ReviewRow[];
  isOnline: boolean;
}

function fail(decision: Decision, error: unknown): never {
  logger.warn(`Booking ${decision} failed`, error);
  const failed = decisionFailedToast(decision, error);
  toast.error(failed.title, failed.description);
  throw error;
}

/** Requests and stays at the host's listings: paid requests first, with accept, decline, complete and Rate Guest. */
export function HostBookingsTab({ userId, bookings, reviews, isOnline }: HostBookingsTabProps) {
  const sorted = useMemo(() => sortForHost(bookings), [bookings]);
  const guestIds = useMemo(() => [...new Set(sorted.map((booking) => booking.user_id))], [sorted]);
  const guests = useProfiles(guestIds);
  const [reviewTarget, setReviewTarget] = useState<BookingReviewTarget | null>(null);
  const monthlyIds = useMemo(() => sorted.filter((b) => b.payment_plan === 'monthly').map((b) => b.id), [sorted]);
  const payments = useBookingPayments(monthlyIds);
  const today = toDateOnly(new Date());

  const ratedBookingIds = useMemo(
    () => new Set(reviews.filter((r) => r.reviewer_id === userId && r.review_type === 'host_to_guest').map((r) => r.booking_id)),
    [reviews, userId],
  );
  const guestName = (booking: BookingRow) => guests?.find((profile) => profile.id === booking.user_id)?.name || booking.guest_email || 'Guest';

  const accept = async (booking: BookingRow) => {
    const blocked = acceptBlockedReason(booking.status);
    if (blocked) {
      toast.error(blocked.title, blocked.description);
      return;
    }
    let row: Record<string, unknown>;
    try {
      row = await updateHostBookingStatus(booking.id, 'accepted');
    } catch (error) {
      // The server may know better (e.g. the payment was refunded meanwhile): its message is shown.
      void getActiveEngine()?.pullNow();
      fail('accept', error);
    }
    await cacheServerRows('bookings', [row]);
    toast.success('Booking accepted', `${guestName(booking)} will get a confirmation e-mail.`); // (ours)
    // docs/product.md §8: a booking e-mail failure is only logged.
    sendBookingEmails(booking.id, 'accepted').catch((error: unknown) => logger.warn('Sending the acceptance e-mails failed', error));
  };

  const decline = async (booking: BookingRow) => {
    try {
      await declineBooking(booking.id);
    } catch (error) {
      fail('decline', error);
    }
    toast.success('Booking declined', `${guestName(booking)} has been refunded in full.`); // (ours)
    void getActiveEngine()?.pullNow();
  };

  const complete = async (booking: BookingRow) => {
    let row: Record<string, unknown>;
    try {
      row = await updateHostBookingStatus(booking.id, 'completed');
    } catch (error) {
      fail('complete', error);
    }
    await cacheServerRows('bookings', [row]);
    toast.success('Stay completed', 'You and your guest can now review each other.'); // (ours)
  };

  // Online only: the booking shows as cancelled once the server has ended the stay and the mirror has it.
  const endStay = async (booking: BookingRow) => {
    try {
      await endBookingStay(booking.id);
    } catch (error) {
      fail('end', error);
    }
    await getActiveEngine()?.pullNow();
    toast.success('Stay ended', `${guestName(booking)}'s booking is cancelled and no further payments will be taken.`); // (ours)
  };

  const rateGuest = (booking: BookingRow) =>
    setReviewTarget({
      bookingId: booking.id,
      revieweeId: booking.user_id,
      revieweeName: guestName(booking),
      reviewType: 'host_to_guest',
      stayLabel: [booking.property_name, booking.room_name].filter(Boolean).join(' · '),
    });

  return (
    <div className={styles.stack}>
      <div className={styles.panelHeader}>
        <Heading level={2} size="lg">
          Bookings
        </Heading>
      </div>
      {sorted.length === 0 ? (
        <Card padding="lg" className={styles.empty}>
          <Heading level={3} size="md">
            No booking requests yet
          </Heading>
          <Text tone="muted">When a guest pays for a stay at one of your listings, the request shows up here for you to accept or decline.</Text>
        </Card>
      ) : (
        <ul className={styles.list} aria-label="Booking requests and stays">
          {sorted.map((booking) => (
            <HostBookingCard
              key={booking.id}
              booking={booking}
              guestName={guestName(booking)}
              today={today}
              hasRated={ratedBookingIds.has(booking.id)}
              isOnline={isOnline}
              onAccept={accept}
              onDecline={decline}
              onComplete={complete}
              payments={paymentsOf(payments, booking.id)}
              onEndStay={endStay}
              onRateGuest={rateGuest}
            />
          ))}
        </ul>
      )}
      <LazyBookingReviewDialog target={reviewTarget} onClose={() => setReviewTarget(null)} />
    </div>
  );
}
