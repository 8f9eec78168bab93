import { useEffect, useMemo, useState } from 'react';
import { useBookingPayments } from '../../../db/hooks/use-booking-payments.ts';
import { useGuestBookings } from '../../../db/hooks/use-bookings.ts';
import { useDbQuery } from '../../../db/hooks/use-db-query.ts';
import { useProfiles } from '../../../db/hooks/use-profiles.ts';
import { listReviewsOfBookings } from '../../../db/queries/dashboard.ts';
import type { BookingRow } from '../../../db/tables.ts';
import { useScreenReady } from '../../../hooks/use-screen-ready.ts';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { sortNewestFirst } from '../booking-views.ts';
import { paymentsOf } from '../payment-views.ts';
import type { BookingReviewTarget } from './booking-review-dialog.tsx';

/**
 * The guest's bookings newest first, with their monthly payments, the stays they reviewed and the review
 * they are writing; says "Payment received" once a Pay now they came back from has gone through.
 */
export function useGuestDashboard(userId: string, payNowBookingId: string | null, onPayNowConfirmed: (() => void) | undefined) {
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

  const reviewedBookingIds = useMemo(
    () => new Set((reviews ?? []).filter((r) => r.reviewer_id === userId && r.review_type === 'guest_to_host').map((r) => r.booking_id)),
    [reviews, userId],
  );

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
  const closeReview = () => setReviewTarget(null);

  return { sorted, payments, failed, reviewedBookingIds, reviewTarget, openReview, closeReview };
}
