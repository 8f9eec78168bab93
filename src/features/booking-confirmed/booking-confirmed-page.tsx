import { useEffect } from 'react';
import { bookingStatusLabel, bookingStatusTone, confirmationView } from '../../domain/booking-status.ts';
import { NO_BOOKING_FOUND } from '../../domain/messages.ts';
import { formatDollars } from '../../domain/pricing.ts';
import { formatStayDate } from '../../domain/stay-dates.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { AlertIcon, CheckCircleIcon } from '../../ui/icon/icons.tsx';
import { LinkButton } from '../../ui/link/link.tsx';
import { Skeleton, SkeletonGroup } from '../../ui/skeleton/skeleton.tsx';
import * as styles from './booking-confirmed.css.ts';
import type { ConfirmationBooking } from './data/confirmation-booking.ts';
import { sendPaidEmailsOnce } from './data/paid-booking-emails.ts';
import { useLatestBooking } from './data/use-latest-booking.ts';

const RETURN_TO_DASHBOARD = 'Return to Dashboard';
const CHAT_NOTE_ID = 'house-chat-note';

/** Booking confirmation (docs/product.md §2 Booking confirmed, §4 statuses): the signed-in guest's latest booking. */
export default function BookingConfirmedPage() {
  const userId = useSessionStore((state) => state.userId);
  const result = useLatestBooking(userId);
  const paidBookingId = result.state === 'found' && result.booking.status === 'paid' ? result.booking.id : null;

  useEffect(() => {
    if (paidBookingId) sendPaidEmailsOnce(paidBookingId);
  }, [paidBookingId]);

  return (
    <div className={styles.page}>
      {result.state === 'loading' ? <LoadingCard /> : result.state === 'none' ? <NoBookingCard /> : <BookingCard booking={result.booking} />}
    </div>
  );
}

function LoadingCard() {
  return (
    <Card padding="md" className={styles.card}>
      <SkeletonGroup label="Loading your booking" className={styles.pulse}>
        <Skeleton shape="circle" width="3rem" height="3rem" />
        <Skeleton width="60%" height="1.75rem" />
        <Skeleton width="80%" />
        <Skeleton shape="rect" width="100%" height="9rem" />
      </SkeletonGroup>
    </Card>
  );
}

function NoBookingCard() {
  return (
    <Card padding="md" className={styles.card}>
      <div className={styles.header}>
        <AlertIcon size={48} className={styles.icon.muted} />
        <h1 className={styles.title}>{NO_BOOKING_FOUND.title}</h1>
        <p className={styles.text}>{NO_BOOKING_FOUND.description}</p>
      </div>
      <div className={styles.actions}>
        <LinkButton href="/dashboard">{RETURN_TO_DASHBOARD}</LinkButton>
      </div>
    </Card>
  );
}

function BookingCard({ booking }: { booking: ConfirmationBooking }) {
  const view = confirmationView(booking.status);
  if (!view) return <NoBookingCard />;
  const isConfirmed = view.houseChatEnabled;
  return (
    <Card padding="md" className={styles.card}>
      <div className={styles.header}>
        <CheckCircleIcon size={48} className={isConfirmed ? styles.icon.success : styles.icon.pending} />
        <h1 className={styles.title}>{view.headline}</h1>
        {view.text ? <p className={styles.text}>{view.text}</p> : null}
        <Badge variant={bookingStatusTone(booking.status)}>{bookingStatusLabel(booking.status, 'guest')}</Badge>
      </div>
      <dl className={styles.details} aria-label="Stay details">
        <dt className={styles.term}>Property</dt>
        <dd className={styles.value}>{booking.property_name ?? 'Property'}</dd>
        <dt className={styles.term}>Room</dt>
        <dd className={styles.value}>{booking.room_name ?? 'Room'}</dd>
        <dt className={styles.term}>Dates</dt>
        <dd className={styles.value}>
          {formatStayDate(booking.check_in)} – {formatStayDate(booking.check_out)}
        </dd>
        <dt className={styles.term}>Total price</dt>
        <dd className={[styles.value, styles.total].join(' ')}>{formatDollars(booking.total_price)}</dd>
      </dl>
      <div className={styles.actions}>
        <LinkButton href="/dashboard" variant="outline">
          {RETURN_TO_DASHBOARD}
        </LinkButton>
        {isConfirmed ? (
          // The house chat of this property (docs/architecture.md §1: a real group chat; the messages page opens it).
          <LinkButton href={`/messages?house=${encodeURIComponent(booking.property_id)}`}>Join House Chat</LinkButton>
        ) : (
          <div className={styles.chatAction}>
            <Button isDisabled aria-describedby={CHAT_NOTE_ID}>
              Join House Chat
            </Button>
            <p id={CHAT_NOTE_ID} className={styles.chatNote}>
              {view.houseChatNote}
            </p>
          </div>
        )}
      </div>
    </Card>
  );
}
