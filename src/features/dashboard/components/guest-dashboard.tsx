import { PushOptInOffer } from '../../../hooks/push-opt-in-offer.tsx';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useBookingPayments } from '../../../db/hooks/use-booking-payments.ts';
import { useGuestBookings } from '../../../db/hooks/use-bookings.ts';
import { useDbQuery } from '../../../db/hooks/use-db-query.ts';
import { useProfiles } from '../../../db/hooks/use-profiles.ts';
import { useScreenReady } from '../../../hooks/use-screen-ready.ts';
import { listReviewsOfBookings } from '../../../db/queries/dashboard.ts';
import type { BookingPaymentRow, BookingRow } from '../../../db/tables.ts';
import { PAYMENT_PROCESSING_FAILED_TITLE, SESSION_EXPIRED, UNEXPECTED_ERROR, CHECKOUT_NO_URL, checkoutFailedToast } from '../../../domain/messages.ts';
import { toDateOnly } from '../../../domain/stay-dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { logger } from '../../../lib/logger.ts';
import { FunctionCallError, SessionExpiredError, cancelBooking, createCheckoutSession, payBookingPayment } from '../../../remote/dashboard-functions.ts';
import { getActiveEngine } from '../../../sync/active-engine.ts';
import { Card } from '../../../ui/card/card.tsx';
import { LinkButton } from '../../../ui/link/link.tsx';
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton/skeleton.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import { sortNewestFirst } from '../booking-views.ts';
import { rememberPayNow } from '../pay-now-return.ts';
import { paymentsOf } from '../payment-views.ts';
import { useIsOnline } from '../../../hooks/use-is-online.ts';
import type { BookingReviewTarget } from './booking-review-dialog.tsx';
import { LazyBookingReviewDialog } from './lazy-booking-review-dialog.tsx';
import { GuestBookingCard } from './guest-booking-card.tsx';
import { PaymentBanner } from './payment-banner.tsx';
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
  const bookings = useGuestBookings(userId);
  const sorted = useMemo(() => (bookings ? sortNewestFirst(bookings) : undefined), [bookings]);
  useScreenReady(sorted !== undefined, 'bookings-rendered', (sorted?.length ?? 0) > 0);
  const bookingIds = useMemo(() => (sorted ?? []).map((booking) => booking.id), [sorted]);
  const reviews = useDbQuery((db) => listReviewsOfBookings(db, bookingIds), [bookingIds.join(',')]);
  const hostIds = useMemo(() => [...new Set((sorted ?? []).map((b) => b.property_host_id).filter((id): id is string => Boolean(id)))], [sorted]);
  const hosts = useProfiles(hostIds);
  const [reviewTarget, setReviewTarget] = useState<BookingReviewTarget | null>(null);
  const monthlyIds = useMemo(() => (sorted ?? []).filter((b) => b.payment_plan === 'monthly').map((b) => b.id), [sorted]);
  const payments = useBookingPayments(monthlyIds);
  const failed = (payments ?? []).filter((payment) => payment.status === 'failed');
  const nameOf = (bookingId: string) => sorted?.find((b) => b.id === bookingId)?.property_name ?? 'your stay';

  // Back from Pay now: the payment turns paid when sync or realtime brings it.
  const payNowPayments = payNowBookingId ? paymentsOf(payments, payNowBookingId) : [];
  const payNowSettled = payNowPayments.length > 0 && !payNowPayments.some((payment) => payment.status === 'failed');
  useEffect(() => {
    if (!payNowBookingId || !payNowSettled) return;
    toast.success('Payment received', `Thank you! Your payment for ${nameOf(payNowBookingId)} went through.`); // (ours)
    onPayNowConfirmed?.();
  });

  const today = toDateOnly(new Date());

  const reviewedBookingIds = useMemo(
    () => new Set((reviews ?? []).filter((r) => r.reviewer_id === userId && r.review_type === 'guest_to_host').map((r) => r.booking_id)),
    [reviews, userId],
  );

  const pay = async (booking: BookingRow) => {
    try {
      const url = await createCheckoutSession(booking.id, userId, booking.payment_plan ?? 'full');
      window.location.assign(url);
    } catch (error) {
      logger.warn('Starting checkout failed', error);
      if (error instanceof SessionExpiredError) {
        toast.error(SESSION_EXPIRED.title, SESSION_EXPIRED.description);
        navigate(`/auth?redirect=${encodeURIComponent('/dashboard')}`);
      } else if (error instanceof FunctionCallError) {
        const failed = checkoutFailedToast(error.code === 'no_checkout_url' ? CHECKOUT_NO_URL : errorMessage(error));
        toast.error(failed.title, failed.description);
      } else {
        toast.error(PAYMENT_PROCESSING_FAILED_TITLE, UNEXPECTED_ERROR);
      }
    }
  };

  const payPayment = async (payment: BookingPaymentRow) => {
    try {
      const url = await payBookingPayment(payment.id);
      rememberPayNow(payment.booking_id);
      window.location.assign(url);
    } catch (error) {
      logger.warn('Starting Pay now failed', error);
      const message = error instanceof FunctionCallError ? (error.code === 'no_checkout_url' ? CHECKOUT_NO_URL : errorMessage(error)) : '';
      toast.error(PAYMENT_PROCESSING_FAILED_TITLE, message || UNEXPECTED_ERROR);
      void getActiveEngine()?.pullNow();
    }
  };

  const cancel = async (booking: BookingRow) => {
    try {
      await cancelBooking(booking.id);
      toast.success('Booking cancelled', 'The dates have been released.'); // (ours)
      void getActiveEngine()?.pullNow();
    } catch (error) {
      logger.warn('Cancelling the booking failed', error);
      toast.error('Could not cancel booking', errorMessage(error)); // (ours)
      throw error;
    }
  };

  const openReview = (booking: BookingRow) => {
    if (!booking.property_host_id) return;
    const host = hosts?.find((profile) => profile.id === booking.property_host_id);
    setReviewTarget({
      bookingId: booking.id,
      revieweeId: booking.property_host_id,
      revieweeName: host?.name ?? 'your host',
      reviewType: 'guest_to_host',
      stayLabel: [booking.property_name, booking.room_name].filter(Boolean).join(' · '),
    });
  };

  return (
    <section aria-labelledby="guest-bookings-heading" className={styles.stack}>
      {failed.map((payment) => (
        <PaymentBanner
          key={payment.id}
          payment={payment}
          stay={sorted?.find((booking) => booking.id === payment.booking_id)}
          isOnline={isOnline}
          isConfirming={payment.booking_id === payNowBookingId}
          onPay={payPayment}
        />
      ))}
      <PushOptInOffer when={(sorted?.length ?? 0) > 0} text="Get notified when your host accepts or replies" />
      <Heading level={2} size="lg" id="guest-bookings-heading">
        Your bookings
      </Heading>
      {sorted === undefined ? (
        <SkeletonGroup label="Loading bookings">
          {[0, 1].map((key) => (
            <Card key={key} className={styles.bookingCard}>
              <Skeleton shape="rect" aspectRatio="4 / 3" />
              <div className={styles.bookingMain}>
                <Skeleton width="40%" />
                <Skeleton width="60%" />
                <Skeleton width="30%" />
              </div>
            </Card>
          ))}
        </SkeletonGroup>
      ) : sorted.length === 0 ? (
        <Card padding="lg" className={styles.empty}>
          <Heading level={3} size="md">
            No bookings yet
          </Heading>
          <Text tone="muted">Find a villa or a room for your next 1 to 6 months and it will show up here.</Text>
          <LinkButton href="/properties">Explore Villas</LinkButton>
        </Card>
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
              onPay={pay}
              onCancel={cancel}
              onReview={openReview}
            />
          ))}
        </ul>
      )}
      <LazyBookingReviewDialog target={reviewTarget} onClose={() => setReviewTarget(null)} />
    </section>
  );
}
