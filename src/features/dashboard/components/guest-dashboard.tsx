import { PushOptInOffer } from '../../../hooks/push-opt-in-offer.tsx';
import { useLocation } from 'wouter';
import { toDateOnly } from '../../../domain/stay-dates.ts';
import { Heading } from '../../../ui/typography/typography.tsx';
import { paymentsOf } from '../payment-views.ts';
import { useIsOnline } from '../../../hooks/use-is-online.ts';
import { cancelGuestBooking, payFailedPayment, payForBooking } from './guest-booking-actions.ts';
import { GuestBookingsSkeleton } from './guest-bookings-skeleton.tsx';
import { LazyBookingReviewDialog } from './lazy-booking-review-dialog.tsx';
import { GuestBookingCard } from './guest-booking-card.tsx';
import { NoBookingsYet } from './no-bookings-yet.tsx';
import { PaymentBanner } from './payment-banner.tsx';
import { useGuestDashboard } from './use-guest-dashboard.ts';
import * as styles from './dashboard.css.ts';

export interface GuestDashboardProps {
  userId: string;
  verifyingBookingId: string | null;
  /** Back from Pay now for this booking (useReturnParams). */
  payNowBookingId?: string | null;
  onPayNowConfirmed?: () => void;
}

/** The guest's bookings (docs/product.md §2), newest first, read from the local mirror so they show offline too. */
export function GuestDashboard({ userId, verifyingBookingId, payNowBookingId = null, onPayNowConfirmed }: GuestDashboardProps) {
  const [, navigate] = useLocation();
  const isOnline = useIsOnline();
  const { sorted, payments, failed, reviewedBookingIds, reviewTarget, openReview, closeReview } = useGuestDashboard(userId, payNowBookingId, onPayNowConfirmed);
  const today = toDateOnly(new Date());

  return (
    <section aria-labelledby="guest-bookings-heading" className={styles.stack}>
      {failed.map((payment) => (
        <PaymentBanner
          key={payment.id}
          payment={payment}
          stay={sorted?.find((booking) => booking.id === payment.booking_id)}
          isOnline={isOnline}
          isConfirming={payment.booking_id === payNowBookingId}
          onPay={payFailedPayment}
        />
      ))}
      <PushOptInOffer when={(sorted?.length ?? 0) > 0} text="Get notified when your host accepts or replies" />
      <Heading level={2} size="lg" id="guest-bookings-heading">
        Your bookings
      </Heading>
      {sorted === undefined ? (
        <GuestBookingsSkeleton />
      ) : sorted.length === 0 ? (
        <NoBookingsYet />
      ) : (
        <ul className={styles.list}>
          {sorted.map((booking) => (
            <GuestBookingCard
              key={booking.id}
              booking={booking}
              today={today}
              hasReviewed={reviewedBookingIds.has(booking.id)}
              isOnline={isOnline}
              isVerifyingPayment={verifyingBookingId === booking.id}
              payments={paymentsOf(payments, booking.id)}
              onPay={(payable) => payForBooking(payable, userId, navigate)}
              onCancel={cancelGuestBooking}
              onReview={openReview}
            />
          ))}
        </ul>
      )}
      <LazyBookingReviewDialog target={reviewTarget} onClose={closeReview} />
    </section>
  );
}
