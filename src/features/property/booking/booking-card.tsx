import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  bookingFieldErrors, firstInvalidBookingField, validateBookingRequest, type BookedRange, type BookingField, type ValidBookingRequest,
} from '../../../domain/booking-request.ts';
import { canPayMonthly } from '../../../domain/payment-schedule.ts';
import { formatDollars } from '../../../domain/pricing.ts';
import { formatStayDate, toDateOnly } from '../../../domain/stay-dates.ts';
import type { PropertyRow, RoomRow } from '../../../db/tables.ts';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { FieldPlaceholder } from '../../../ui/field/field-placeholder.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { BOOKING_FIELD_LABELS, CHECK_IN_HINT } from './booking-fields-texts.ts';
import { effectivePlan, type BookingDraft } from './booking-draft.ts';
import { quoteStay } from './booking-quote.ts';
import { PaymentPlanChoice, PaymentSchedule, scheduleOf } from './payment-plan.tsx';
import { PriceBreakdown } from './price-breakdown.tsx';
import { savePendingBooking } from './pending-booking-store.ts';
import * as styles from './booking-card.css.ts';

// The date picker, the selects and the confirm dialog are react-aria's heaviest parts: they load
// just after first paint (the fields) or when needed (the dialog), not before the page shows.
const BookingFields = lazy(() => import('./booking-fields.tsx'));
const BookingConfirmDialog = lazy(() => import('./booking-confirm-dialog.tsx').then((module) => ({ default: module.BookingConfirmDialog })));

/** The fields' look while they load: the same labels and sizes, so the card does not move. */
function BookingFieldsPlaceholder({ hasRoom }: { hasRoom: boolean }) {
  return (
    <>
      <FieldPlaceholder label={BOOKING_FIELD_LABELS.room} />
      <FieldPlaceholder label={BOOKING_FIELD_LABELS.checkIn} description={CHECK_IN_HINT[hasRoom ? 'roomChosen' : 'noRoom']} />
      <FieldPlaceholder label={BOOKING_FIELD_LABELS.duration} />
    </>
  );
}

/** The card's element id: the page scrolls it into view (room chosen, booking restored). */
export const BOOKING_CARD_ID = 'booking-card';

export type BookingCardProps = {
  property: PropertyRow;
  rooms: readonly RoomRow[];
  draft: BookingDraft;
  onDraftChange: (draft: BookingDraft) => void;
  bookedRanges: readonly BookedRange[];
  /** null: signed out (the booking is kept and the visitor signs in first) */
  userId: string | null;
  email: string | null;
  onDatesTaken: () => void;
};

/**
 * The booking card (docs/product.md §4 "Booking card flow", §5 "Booking"): room, check-in (past days and the
 * room's taken days disabled), duration 1 to 6 months in half months, computed checkout and total,
 * then a confirm dialog that goes on to payment. Signed out, the choice is saved and the visitor
 * is sent to sign in; the property page restores it afterwards.
 */
export const BookingCard = memo(function BookingCard({ property, rooms, draft, onDraftChange, bookedRanges, userId, email, onDatesTaken }: BookingCardProps) {
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState<ValidBookingRequest | null>(null);
  // After a refused Book Now the fields show their errors, live, until they are fixed (docs/product.md §5).
  const [showErrors, setShowErrors] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ field: BookingField } | null>(null);
  // The fields load lazily: a Book Now before they arrive is focused once they have.
  const [areFieldsLoaded, setFieldsLoaded] = useState(false);
  const markFieldsLoaded = useCallback(() => setFieldsLoaded(true), []);
  const formRef = useRef<HTMLFormElement>(null);
  const room = rooms.find((candidate) => candidate.id === draft.roomId) ?? null;
  const quote = quoteStay(draft.checkIn, draft.months, room?.price_per_week);
  const today = toDateOnly(new Date());
  const plan = effectivePlan(draft);
  const showsPlan = draft.months !== null && canPayMonthly(draft.months);
  const schedule = plan === 'monthly' && quote ? scheduleOf(draft.checkIn, draft.months ?? 0, quote.total) : [];
  const fieldErrors = showErrors ? bookingFieldErrors({ roomId: draft.roomId, checkIn: draft.checkIn, months: draft.months }, { today, bookedRanges }) : {};

  // Focus the first invalid field once it has rendered as invalid.
  useEffect(() => {
    if (!focusRequest) return;
    const field = formRef.current?.querySelector(`[data-booking-field="${focusRequest.field}"]`);
    const target = field?.querySelector<HTMLElement>('[role="spinbutton"], button');
    target?.focus();
  }, [focusRequest, areFieldsLoaded]);

  const submit = () => {
    const input = { roomId: draft.roomId, checkIn: draft.checkIn, months: draft.months };
    const result = validateBookingRequest(input, { today, bookedRanges });
    if (!result.ok) {
      toast.error(result.toast.title, result.toast.description);
      setShowErrors(true);
      const first = firstInvalidBookingField(bookingFieldErrors(input, { today, bookedRanges }));
      if (first) setFocusRequest({ field: first });
      return;
    }
    if (!userId) {
      const chosen = rooms.find((candidate) => candidate.id === result.value.roomId);
      savePendingBooking({
        propertyId: property.id,
        propertyName: property.name,
        roomId: result.value.roomId,
        roomName: chosen?.name ?? '',
        roomPrice: chosen?.price_per_week ?? 0,
        checkIn: result.value.checkIn,
        duration: result.value.months,
        totalPrice: quote?.total ?? 0,
        paymentPlan: plan,
      });
      navigate(`/auth?redirect=${encodeURIComponent(`/property/${property.id}`)}`);
      return;
    }
    setConfirming(result.value);
  };

  return (
    <Card as="section" id={BOOKING_CARD_ID} aria-labelledby="booking-card-title" className={styles.card}>
      <h2 id="booking-card-title" className={styles.title}>
        Book Your Stay
      </h2>
      <form
        ref={formRef}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Suspense fallback={<BookingFieldsPlaceholder hasRoom={draft.roomId !== null} />}>
          <BookingFields rooms={rooms} room={room} draft={draft} onDraftChange={onDraftChange} bookedRanges={bookedRanges} fieldErrors={fieldErrors} onLoaded={markFieldsLoaded} />
        </Suspense>
        <dl className={styles.summary} aria-label="Stay summary">
          <dt className={styles.term}>Check-out</dt>
          <dd className={styles.value}>{quote?.checkOut ? formatStayDate(quote.checkOut) : '—'}</dd>
          <dt className={styles.term}>Total</dt>
          <dd className={[styles.value, styles.total].join(' ')}>{quote ? formatDollars(quote.total) : '—'}</dd>
        </dl>
        {quote ? <PriceBreakdown price={quote.price} /> : null}
        {showsPlan ? <PaymentPlanChoice plan={plan} onChange={(next) => onDraftChange({ ...draft, plan: next })} total={quote?.total ?? null} schedule={schedule} /> : null}
        {plan === 'monthly' && quote ? <PaymentSchedule schedule={schedule} total={quote.total} /> : null}
        <NativeButton type="submit" size="lg" isFullWidth>
          Book Now
        </NativeButton>
        <p className={styles.note}>{userId ? "You won't be charged until you confirm on the next step." : "You'll sign in first; your choices are kept."}</p>
      </form>
      {confirming && userId && room ? (
        <Suspense fallback={null}>
          <BookingConfirmDialog
            request={confirming}
            plan={plan}
            property={property}
            room={room}
            userId={userId}
            email={email}
            onClose={() => setConfirming(null)}
            onDatesTaken={() => {
              setConfirming(null);
              onDatesTaken();
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
});
