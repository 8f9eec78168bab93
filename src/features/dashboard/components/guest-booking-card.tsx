import { useState } from 'react';
import type { BookingPaymentRow, BookingRow } from '../../../db/tables.ts';
import { LazyAlertDialog } from '../../../ui/alert-dialog/lazy-alert-dialog.tsx';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { Link, LinkButton } from '../../../ui/link/link.tsx';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import { guestActions, houseChatState, stayRangeText, totalText } from '../booking-views.ts';
import { photoSrc } from '../photo-src.ts';
import { OFFLINE_ACTION_REASON } from '../../../hooks/use-is-online.ts';
import { paidCountText } from '../../../domain/payment-schedule.ts';
import { BookingFacts } from './booking-facts.tsx';
import { BookingPayments } from './booking-payments.tsx';
import { StatusBadge } from './status-badge.tsx';
import * as styles from './dashboard.css.ts';

export interface GuestBookingCardProps {
  booking: BookingRow;
  today: string;
  hasReviewed: boolean;
  isOnline: boolean;
  isVerifyingPayment: boolean;
  /** A monthly stay's payments ([] otherwise). */
  payments?: readonly BookingPaymentRow[];
  onPay: (booking: BookingRow) => Promise<void>;
  onCancel: (booking: BookingRow) => Promise<void>;
  onReview: (booking: BookingRow) => void;
}

/** One of the guest's stays: where, when, what it costs, its status and what can be done next. */
export function GuestBookingCard({ booking, today, hasReviewed, isOnline, isVerifyingPayment, payments = [], onPay, onCancel, onReview }: GuestBookingCardProps) {
  const [isPaying, setPaying] = useState(false);
  const [isCancelOpen, setCancelOpen] = useState(false);
  const actions = guestActions(booking, hasReviewed);
  const houseChat = houseChatState(booking, today);
  const propertyName = booking.property_name ?? 'Your stay';
  const location = [booking.property_city, booking.property_country].filter(Boolean).join(', ');
  const titleId = `booking-${booking.id}-title`;

  return (
    <Card as="li" aria-labelledby={titleId} className={[styles.bookingCard, booking.property_photo ? '' : styles.bookingCardNoPhoto].join(' ')}>
      {booking.property_photo ? (
        <img className={styles.thumb} src={photoSrc(booking.property_photo)} alt="" width={128} height={96} loading="lazy" decoding="async" />
      ) : null}
      <div className={styles.bookingMain}>
        <div className={styles.bookingHeader}>
          <div className={styles.bookingTitle}>
            <Heading level={3} size="md" id={titleId}>
              {propertyName}
            </Heading>
            <Text size="sm" tone="muted">
              {[booking.room_name, location].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <StatusBadge status={booking.status} viewer="guest" />
        </div>

        <BookingFacts
          items={[
            { label: 'Dates', value: stayRangeText(booking) },
            { label: 'Total', value: totalText(booking) },
            ...(payments.length > 0 ? [{ label: 'Payments', value: paidCountText(payments) }] : []),
          ]}
        />
        {payments.length > 0 ? <BookingPayments payments={payments} /> : null}

        {isVerifyingPayment ? (
          <p className={styles.status} role="status">
            Confirming your payment…
          </p>
        ) : null}

        <div className={styles.actions}>
          {actions.canPay ? (
            <NativeButton
              size="sm"
              disabled={!isOnline || isVerifyingPayment}
              isPending={isPaying}
              onClick={() => {
                setPaying(true);
                void onPay(booking).finally(() => setPaying(false));
              }}
            >
              Pay now
            </NativeButton>
          ) : null}
          {actions.canCancel ? (
            <NativeButton size="sm" variant="outline" disabled={!isOnline || isPaying} onClick={() => setCancelOpen(true)}>
              Cancel
            </NativeButton>
          ) : null}
          {houseChat.visible ? (
            houseChat.enabled ? (
              <LinkButton size="sm" variant="secondary" href={`/messages?house=${booking.property_id}`}>
                Join House Chat
              </LinkButton>
            ) : (
              <span className={styles.actionWithNote}>
                <NativeButton size="sm" variant="secondary" disabled aria-describedby={`${titleId}-chat-note`}>
                  Join House Chat
                </NativeButton>
                <span id={`${titleId}-chat-note`} className={styles.note}>
                  {houseChat.reason}
                </span>
              </span>
            )
          ) : null}
          {actions.canReview ? (
            <NativeButton size="sm" variant="outline" onClick={() => onReview(booking)} disabled={!booking.property_host_id}>
              Review your stay
            </NativeButton>
          ) : hasReviewed ? (
            <span className={styles.note}>You reviewed this stay</span>
          ) : null}
          <Link href={`/property/${booking.property_id}`}>View property</Link>
        </div>
        {(actions.canPay || actions.canCancel) && !isOnline ? <span className={styles.note}>{OFFLINE_ACTION_REASON}</span> : null}
      </div>

      <LazyAlertDialog
        title="Cancel this booking?"
        confirmLabel="Cancel booking"
        cancelLabel="Keep booking"
        isOpen={isCancelOpen}
        onOpenChange={setCancelOpen}
        onConfirm={() => onCancel(booking)}
      >
        The dates at {propertyName} will be released. You have not been charged.
      </LazyAlertDialog>
    </Card>
  );
}
