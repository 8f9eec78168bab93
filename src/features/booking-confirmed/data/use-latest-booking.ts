import { useEffect, useState } from 'react';
import { useDbQuery } from '../../../db/hooks/use-db-query.ts';
import { latestGuestBooking } from '../../../db/queries/latest-booking.ts';
import { useSyncStatus } from '../../../hooks/use-sync-status.ts';
import { logger } from '../../../lib/logger.ts';
import { fetchLatestGuestBooking } from '../../../remote/booking-confirmation-latest.ts';
import { CONFIRMABLE_STATUSES, toConfirmationBooking, type ConfirmationBooking } from './confirmation-booking.ts';

export type LatestBookingResult = { state: 'loading' } | { state: 'none' } | { state: 'found'; booking: ConfirmationBooking };

type ServerResult = { userId: string; booking: ConfirmationBooking | null };

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

  const [server, setServer] = useState<ServerResult | null>(null);
  useEffect(() => {
    if (isSynced || !userId) return;
    let isCurrent = true;
    fetchLatestGuestBooking(userId, CONFIRMABLE_STATUSES)
      .then((row) => (row ? toConfirmationBooking(row) : null))
      .catch((error: unknown) => {
        logger.warn('Latest booking could not be loaded', error);
        return null;
      })
      .then((booking) => {
        if (isCurrent) setServer({ userId, booking });
      });
    return () => {
      isCurrent = false;
    };
  }, [isSynced, userId]);

  if (local?.used) return local.booking ? { state: 'found', booking: local.booking } : { state: 'none' };
  if (!userId) return { state: 'none' };
  if (!isSynced && server && server.userId === userId) return server.booking ? { state: 'found', booking: server.booking } : { state: 'none' };
  return { state: 'loading' };
}
