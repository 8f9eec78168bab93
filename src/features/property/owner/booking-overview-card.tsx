import { bookingOverview } from '../../../domain/listing-booking-overview.ts';
import { bookingStatusLabel, bookingStatusTone } from '../../../domain/booking-status.ts';
import { formatStayDate, toDateOnly } from '../../../domain/stay-dates.ts';
import { usePropertyBookings } from '../../../db/hooks/use-bookings.ts';
import { Badge } from '../../../ui/badge/badge.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { Link } from '../../../ui/link/link.tsx';
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton/skeleton.tsx';
import * as styles from './owner.css.ts';

const toneVariant = { neutral: 'neutral', warning: 'warning', success: 'success', danger: 'danger' } as const;

/** Requests for this listing by status and the stays to come, from the host's synced bookings. */
export function BookingOverviewCard({ propertyId }: { propertyId: string }) {
  const bookings = usePropertyBookings(propertyId);
  const overview = bookings ? bookingOverview(bookings, toDateOnly(new Date())) : null;
  const stats = overview
    ? [
        { label: bookingStatusLabel('paid', 'host'), value: overview.counts.paid },
        { label: bookingStatusLabel('accepted', 'host'), value: overview.counts.accepted },
        { label: bookingStatusLabel('completed', 'host'), value: overview.counts.completed },
        { label: 'Unpaid requests', value: overview.counts.pending_payment + overview.counts.pending },
      ]
    : [];

  return (
    <Card as="section" aria-labelledby="booking-overview-title">
      <div className={styles.cardBody}>
        <h2 id="booking-overview-title" className={styles.cardTitle}>
          Booking overview
        </h2>
        {overview === null ? (
          <SkeletonGroup label="Loading bookings">
            <Skeleton shape="rect" height={72} />
          </SkeletonGroup>
        ) : (
          <>
            <dl className={styles.stats}>
              {stats.map((stat) => (
                <div key={stat.label} className={styles.stat}>
                  <dt className={styles.statLabel}>{stat.label}</dt>
                  <dd className={styles.statValue}>{stat.value}</dd>
                </div>
              ))}
            </dl>
            {overview.upcoming.length === 0 ? (
              <p className={styles.hint}>{overview.total === 0 ? 'No booking requests yet.' : 'No upcoming stays.'}</p>
            ) : (
              <div>
                <h3 className={styles.statLabel}>Upcoming stays</h3>
                <ul className={styles.upcomingList}>
                  {overview.upcoming.map((booking) => (
                    <li key={booking.id} className={styles.upcomingItem}>
                      <span>
                        <strong>{booking.room_name ?? 'Room'}</strong> · {formatStayDate(booking.check_in)} – {formatStayDate(booking.check_out)}
                      </span>
                      <Badge variant={toneVariant[bookingStatusTone(booking.status)]}>{bookingStatusLabel(booking.status, 'host')}</Badge>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <Link href="/dashboard">Manage requests on your dashboard</Link>
          </>
        )}
      </div>
    </Card>
  );
}
