import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ValidBookingRequest } from '../../../domain/booking-request.ts';
import { formatCents, type PaymentPlan } from '../../../domain/payment-schedule.ts';
import { formatDollars, stayPrice } from '../../../domain/pricing.ts';
import { formatStayDate, stayMonthsLabel } from '../../../domain/stay-dates.ts';
import type { PropertyRow, RoomRow } from '../../../db/tables.ts';
import * as checkoutRemote from '../../../remote/booking-checkout.ts';
import { Button } from '../../../ui/button/button.tsx';
import { Dialog } from '../../../ui/dialog/dialog.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { weeklyPriceLabel } from '../components/room-price.ts';
import { useBrowserOnline } from '../../../hooks/use-is-online.ts';
import { proceedToPayment } from './checkout-flow.ts';
import { PaymentSchedule, scheduleOf } from './payment-plan.tsx';
import { PriceBreakdown } from './price-breakdown.tsx';
import * as styles from './booking-card.css.ts';

export type BookingConfirmDialogProps = {
  request: ValidBookingRequest;
  /** 'monthly' only for stays that may be paid monthly (the card decides: effectivePlan). */
  plan: PaymentPlan;
  property: PropertyRow;
  room: RoomRow;
  userId: string;
  email: string | null;
  onClose: () => void;
  onDatesTaken: () => void;
};

/** The stay at a glance before paying; Proceed to Secure Payment leaves for the checkout page. */
export function BookingConfirmDialog({ request, plan, property, room, userId, email, onClose, onDatesTaken }: BookingConfirmDialogProps) {
  const [, navigate] = useLocation();
  const isOnline = useBrowserOnline();
  const [isPaying, setPaying] = useState(false);
  const price = stayPrice(request.months, room.price_per_week);
  const total = price.total;
  const schedule = plan === 'monthly' ? scheduleOf(request.checkIn, request.months, total) : [];
  const dueNow = schedule[0] ? formatCents(schedule[0].amountCents) : formatDollars(total);

  const pay = async () => {
    setPaying(true);
    const outcome = await proceedToPayment(
      {
        userId,
        guestEmail: email,
        propertyId: property.id,
        roomId: room.id,
        checkIn: request.checkIn,
        checkOut: request.checkOut,
        totalPrice: total,
      },
      checkoutRemote,
      plan,
    );
    if (outcome.kind === 'redirect') {
      // Stays "busy" while the browser leaves for the payment page.
      window.location.assign(outcome.url);
      return;
    }
    setPaying(false);
    toast.error(outcome.toast.title, outcome.toast.description);
    if (outcome.kind === 'dates_unavailable') onDatesTaken();
    else if (outcome.kind === 'session_expired') navigate(outcome.redirectTo);
  };

  return (
    <Dialog
      title="Confirm Your Booking"
      isOpen
      onOpenChange={(open) => {
        if (!open && !isPaying) onClose();
      }}
      isDismissable={!isPaying}
      hideCloseButton={isPaying}
      footer={
        <>
          <Button variant="outline" onPress={onClose} isDisabled={isPaying}>
            Back
          </Button>
          <Button onPress={() => void pay()} isPending={isPaying} isDisabled={!isOnline}>
            Proceed to Secure Payment
          </Button>
        </>
      }
    >
      <dl className={styles.summary} aria-label="Booking summary">
        <dt className={styles.term}>Property</dt>
        <dd className={styles.value}>{property.name}</dd>
        <dt className={styles.term}>Room</dt>
        <dd className={styles.value}>{room.name}</dd>
        <dt className={styles.term}>Check-in</dt>
        <dd className={styles.value}>{formatStayDate(request.checkIn)}</dd>
        <dt className={styles.term}>Check-out</dt>
        <dd className={styles.value}>{formatStayDate(request.checkOut)}</dd>
        <dt className={styles.term}>Duration</dt>
        <dd className={styles.value}>{stayMonthsLabel(request.months)}</dd>
        <dt className={styles.term}>Price</dt>
        <dd className={styles.value}>{weeklyPriceLabel(room.price_per_week)}</dd>
        <dt className={styles.term}>Total</dt>
        <dd className={[styles.value, styles.total].join(' ')}>{formatDollars(total)}</dd>
        <dt className={styles.term}>Payment</dt>
        <dd className={styles.value}>{schedule.length > 0 ? `Monthly, ${schedule.length} payments` : 'In full'}</dd>
      </dl>
      <PriceBreakdown price={price} />
      {schedule.length > 0 ? <PaymentSchedule schedule={schedule} total={total} /> : null}
      <p className={styles.dialogNote}>
        {isOnline
          ? `Pay ${dueNow} now on a secure checkout page. The host confirms your request after payment.`
          : 'You are offline. Connect to the internet to continue to payment.'}
      </p>
    </Dialog>
  );
}
