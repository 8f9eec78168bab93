import { useSessionStore } from '../../stores/session-store.ts';
import { Page } from '../../ui/page/page.tsx';
import { Skeleton, SkeletonGroup } from '../../ui/skeleton/skeleton.tsx';
import { GuestDashboard } from './components/guest-dashboard.tsx';
import { HostDashboard } from './components/host-dashboard.tsx';
import { ConnectPayoutsButton } from './components/connect-payouts-button.tsx';
import { useBookingsRefresh } from './use-bookings-refresh.ts';
import { useDashboardRole } from './use-dashboard-role.ts';
import { useIsOnline } from '../../hooks/use-is-online.ts';
import { useReturnParams } from './use-return-params.ts';

/** /dashboard (docs/product.md §2): hosts manage listings and requests, guests follow their stays. */
export default function DashboardPage() {
  const userId = useSessionStore((state) => state.userId);
  // RequireSession renders this page only with a session; the guard keeps the types honest.
  if (!userId) return null;
  return <SignedInDashboard userId={userId} />;
}

function SignedInDashboard({ userId }: { userId: string }) {
  const role = useDashboardRole(userId);
  const isOnline = useIsOnline();
  const { verifyingBookingId, payNowBookingId, clearPayNow } = useReturnParams();
  useBookingsRefresh();

  if (role === 'loading') {
    return (
      <Page title="Dashboard">
        <SkeletonGroup label="Loading your dashboard">
          <Skeleton shape="rect" height="12rem" />
        </SkeletonGroup>
      </Page>
    );
  }
  if (role === 'host') {
    return (
      <Page title="Host Dashboard" subtitle="Your listings, booking requests and rooms." actions={<ConnectPayoutsButton isOnline={isOnline} />}>
        <HostDashboard userId={userId} />
      </Page>
    );
  }
  return (
    <Page title="My Dashboard" subtitle="Your stays, payments and house chats.">
      <GuestDashboard userId={userId} verifyingBookingId={verifyingBookingId} payNowBookingId={payNowBookingId} onPayNowConfirmed={clearPayNow} />
    </Page>
  );
}
