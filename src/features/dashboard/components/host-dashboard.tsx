import { PushOptInOffer } from '../../../hooks/push-opt-in-offer.tsx';
import { useMemo } from 'react';
import { useHostBookings } from '../../../db/hooks/use-bookings.ts';
import { useDbQuery } from '../../../db/hooks/use-db-query.ts';
import { useHostProperties } from '../../../db/hooks/use-properties.ts';
import { listReviewsOfBookings, listRoomsOfProperties } from '../../../db/queries/dashboard.ts';
import { useScreenReady } from '../../../hooks/use-screen-ready.ts';
import { formatDollars, monthlyIncome, pendingRequestsCount } from '../../../domain/pricing.ts';
import { Card } from '../../../ui/card/card.tsx';
import { Link } from '../../../ui/link/link.tsx';
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton/skeleton.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/tabs/tabs.tsx';
import { useIsOnline } from '../../../hooks/use-is-online.ts';
import { useSyncStatus } from '../../../hooks/use-sync-status.ts';
import { HostBookingsTab } from './host-bookings-tab.tsx';
import { ListingsTab } from './listings-tab.tsx';
import { RoomsTab } from './rooms-tab.tsx';
import * as styles from './dashboard.css.ts';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card>
      <p className={styles.statLabel}>{label}</p>
      <p className={styles.statValue}>{value}</p>
    </Card>
  );
}

/** The host's dashboard (docs/product.md §2, §9): income and pending requests, then Listings, Bookings and Rooms. */
export function HostDashboard({ userId }: { userId: string }) {
  const isOnline = useIsOnline();
  const properties = useHostProperties(userId);
  const bookings = useHostBookings(userId);
  const propertyIds = useMemo(() => (properties ?? []).map((property) => property.id), [properties]);
  const rooms = useDbQuery((db) => listRoomsOfProperties(db, propertyIds), [propertyIds.join(',')]);
  const bookingIds = useMemo(() => (bookings ?? []).map((booking) => booking.id), [bookings]);
  const reviews = useDbQuery((db) => listReviewsOfBookings(db, bookingIds), [bookingIds.join(',')]);
  const roomCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const room of rooms ?? []) counts.set(room.property_id, (counts.get(room.property_id) ?? 0) + 1);
    return counts;
  }, [rooms]);

  // A device whose mirror holds nothing of this host yet waits for the first pull rather than say "0 pending"
  // (not if that pull fails: then the empty mirror is all there is).
  const sync = useSyncStatus();
  const isFirstPullDue = sync.lastSyncedAt === null && sync.isOnline && sync.lastError === null && isOnline && properties?.length === 0 && bookings?.length === 0;
  const isLoading = properties === undefined || bookings === undefined || rooms === undefined || reviews === undefined || isFirstPullDue;
  useScreenReady(!isLoading, 'bookings-rendered', !isLoading && bookings.length > 0);

  if (isLoading) {
    return (
      <SkeletonGroup label="Loading your dashboard">
        <div className={styles.stats}>
          <Skeleton shape="rect" height="5.5rem" />
          <Skeleton shape="rect" height="5.5rem" />
        </div>
        <Skeleton shape="rect" height="16rem" />
      </SkeletonGroup>
    );
  }

  return (
    <>
      <PushOptInOffer className={styles.notificationOffer} text="Get notified of new booking requests and messages" />
      <section aria-label="Overview" className={styles.stats}>
        <Stat label="Monthly income" value={formatDollars(monthlyIncome(bookings))} />
        <Stat label="Pending requests" value={String(pendingRequestsCount(bookings))} />
      </section>
      <Tabs orientation="vertical" defaultSelectedKey="listings" aria-label="Host dashboard">
        <div className={styles.sidebar}>
          <TabList aria-label="Dashboard sections">
            <Tab id="listings">Listings</Tab>
            <Tab id="bookings">Bookings</Tab>
            <Tab id="rooms">Rooms</Tab>
          </TabList>
          <Link href="/profile" className={styles.sidebarLink}>
            Profile
          </Link>
        </div>
        <TabPanel id="listings">
          <ListingsTab properties={properties} roomCounts={roomCounts} />
        </TabPanel>
        <TabPanel id="bookings">
          <HostBookingsTab userId={userId} bookings={bookings} reviews={reviews} isOnline={isOnline} />
        </TabPanel>
        <TabPanel id="rooms">
          <RoomsTab properties={properties} rooms={rooms} />
        </TabPanel>
      </Tabs>
    </>
  );
}
