import { useDbQuery } from '../../../db/hooks/use-db-query.ts';
import { latestGuestBooking } from '../../../db/queries/latest-booking.ts';
import { useRemoteLoad } from '../../../hooks/use-remote-load.ts';
import { useSyncStatus } from '../../../hooks/use-sync-status.ts';
import { fetchLatestGuestBooking } from '../../../remote/booking-confirmation-latest.ts';
import { CONFIRMABLE_STATUSES, toConfirmationBooking, type ConfirmationBooking } from './confirmation-booking.ts';

export type LatestBookingResult = { state: 'loading' } | { state: 'none' } | { state: 'found'; booking: ConfirmationBooking };

/**
 * The signed-in guest's latest booking: from the local mirror once it has synced (live, works
 * offline), else straight from the server. A failed server read counts as none (docs/product.md §8).
 */
export function useLatestBooking(userId: string | null): LatestBookingResult {
  const isSynced = useSyncStatus().lastSyncedAt !== null;

  const local = useDbQuery(
    async (db) => {
      if (!isSynced || !userId || db.userId !== userId) return { used: false as const };
      const row = await latestGuestBooking(db, userId, CONFIRMABLE_STATUSES);
      return { used: true as const, booking: row ? toConfirmationBooking(row) : null };
    },
    [isSynced, userId],
  );

  const server = useRemoteLoad(
    !isSynced && userId ? async () => {
      const row = await fetchLatestGuestBooking(userId, CONFIRMABLE_STATUSES);
      return row ? toConfirmationBooking(row) : null;
    } : null,
    [isSynced, userId],
    'Latest booking could not be loaded',
  );

  if (local?.used) return local.booking ? { state: 'found', booking: local.booking } : { state: 'none' };
  if (!userId) return { state: 'none' };
  // A failed server read counts as none.
  if (server.status === 'ready' && server.data) return { state: 'found', booking: server.data };
  if (server.status === 'ready' || server.status === 'failed') return { state: 'none' };
  return { state: 'loading' };
}
