import { useState } from 'react';
import type { BookingPaymentRow, BookingRow } from '../../../db/tables.ts';
import { LazyAlertDialog } from '../../../ui/alert-dialog/lazy-alert-dialog.tsx';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { Link } from '../../../ui/link/link.tsx';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import { hostActions, stayRangeText, totalText } from '../booking-views.ts';
import { OFFLINE_ACTION_REASON } from '../../../hooks/use-is-online.ts';
import { paidCountText } from '../../../domain/payment-schedule.ts';
import { canEndStay } from '../payment-views.ts';
import { BookingFacts } from './booking-facts.tsx';
import { BookingPayments } from './booking-payments.tsx';
import { StatusBadge } from './status-badge.tsx';
import * as styles from './dashboard.css.ts';

export interface HostBookingCardProps {
  booking: BookingRow;
  guestName: string;
  today: string;
  hasRated: boolean;
  isOnline: boolean;
  onAccept: (booking: BookingRow) => Promise<void>;
  onDecline: (booking: BookingRow) => Promise<void>;
  onComplete: (booking: BookingRow) => Promise<void>;
  onRateGuest: (booking: BookingRow) => void;
  /** A monthly stay's payments ([] otherwise). */
  payments?: readonly BookingPaymentRow[];
  onEndStay?: (booking: BookingRow) => Promise<void>;
}

type Confirm = 'decline' | 'complete' | 'end' | null;

/** A request or stay at one of the host's listings, with the host's decisions (docs/product.md §4). */
export function HostBookingCard({ booking, guestName, today, hasRated, isOnline, onAccept, onDecline, onComplete, onRateGuest, payments = [], onEndStay }: HostBookingCardProps) {
  const [isAccepting, setAccepting] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const actions = hostActions(booking, today, hasRated);
  const titleId = `host-booking-${booking.id}-title`;
  const showEndStay = Boolean(onEndStay) && canEndStay(booking, payments);
  const needsNetwork = actions.showAccept || actions.showDecline || actions.showComplete || showEndStay;

  return (
    <Card as="li" aria-labelledby={titleId}>
      <div className={styles.bookingMain}>
        <div className={styles.bookingHeader}>
          <div className={styles.bookingTitle}>
            <Heading level={3} size="md" id={titleId}>
              {guestName}
            </Heading>
            <Text size="sm" tone="muted">
              {[booking.property_name, booking.room_name].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <StatusBadge status={booking.status} viewer="host" />
        </div>

        <BookingFacts
          items={[
            { label: 'Guest email', value: booking.guest_email ?? '—' },
            { label: 'Dates', value: stayRangeText(booking) },
            { label: 'Total', value: totalText(booking) },
            ...(payments.length > 0 ? [{ label: 'Payments', value: paidCountText(payments) }] : []),
          ]}
        />
        {payments.length > 0 ? <BookingPayments payments={payments} /> : null}

        <div className={styles.actions}>
          {actions.showAccept ? (
            <NativeButton
              size="sm"
              disabled={!isOnline}
              isPending={isAccepting}
              onClick={() => {
                setAccepting(true);
                void onAccept(booking).finally(() => setAccepting(false));
              }}
            >
              Accept
            </NativeButton>
          ) : null}
          {actions.showDecline ? (
            <NativeButton size="sm" variant="outline" disabled={!isOnline || isAccepting} onClick={() => setConfirm('decline')}>
              Decline
            </NativeButton>
          ) : null}
          {actions.showComplete ? (
            <NativeButton size="sm" variant="outline" disabled={!isOnline} onClick={() => setConfirm('complete')}>
              Mark as Completed
            </NativeButton>
          ) : null}
          {showEndStay ? (
            <NativeButton size="sm" variant="destructive" disabled={!isOnline} onClick={() => setConfirm('end')}>
              End stay
            </NativeButton>
          ) : null}
          {actions.showRateGuest ? (
            <NativeButton size="sm" variant="secondary" onClick={() => onRateGuest(booking)}>
              Rate Guest
            </NativeButton>
          ) : hasRated ? (
            <span className={styles.note}>You rated this guest</span>
          ) : null}
          <Link href={`/messages?conversation=${booking.user_id}`}>Message guest</Link>
        </div>
        {actions.note ? <span className={styles.note} data-testid="host-action-note">{actions.note}</span> : null}
        {needsNetwork && !isOnline ? <span className={styles.note}>{OFFLINE_ACTION_REASON}</span> : null}
      </div>

      <LazyAlertDialog
        title="Decline this request?"
        confirmLabel="Decline and refund"
        cancelLabel="Keep request"
        isOpen={confirm === 'decline'}
        onOpenChange={(isOpen) => setConfirm(isOpen ? 'decline' : null)}
        onConfirm={() => onDecline(booking)}
      >
        {guestName} will be refunded the full {totalText(booking)} and told by e-mail. This cannot be undone.
      </LazyAlertDialog>
      <LazyAlertDialog
        title="Mark this stay as completed?"
        confirmLabel="Mark as Completed"
        cancelLabel="Not yet"
        variant="primary"
        isOpen={confirm === 'complete'}
        onOpenChange={(isOpen) => setConfirm(isOpen ? 'complete' : null)}
        onConfirm={() => onComplete(booking)}
      >
        {guestName}'s stay ({stayRangeText(booking)}) will be marked completed, and you can both leave reviews.
      </LazyAlertDialog>
      {onEndStay ? (
        <LazyAlertDialog
          title="End this stay?"
          confirmLabel="End stay"
          cancelLabel="Keep stay"
          isOpen={confirm === 'end'}
          onOpenChange={(isOpen) => setConfirm(isOpen ? 'end' : null)}
          onConfirm={() => onEndStay(booking)}
        >
          A payment from {guestName} failed on every retry. Ending the stay cancels the booking and releases its dates; what was paid stays paid. This cannot be undone.
        </LazyAlertDialog>
      ) : null}
    </Card>
  );
}
