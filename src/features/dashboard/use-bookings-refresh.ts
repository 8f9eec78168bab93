import { useSyncExternalStore } from 'react';
import { LOAD_BOOKINGS_FAILED_TITLE } from '../../domain/messages.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useRemoteLoad } from '../../hooks/use-remote-load.ts';
import { getActiveEngine, subscribeActiveEngine } from '../../sync/active-engine.ts';
import { toast } from '../../ui/toast/toast-queue.ts';

/**
 * Opening the dashboard asks for fresh bookings. The list renders from the local mirror meanwhile; a
 * pull the server refuses while the device is online shows "Error loading bookings" (docs/product.md §8).
 * Offline, the cached list is simply shown (the app's offline indicator says why it may be stale).
 */
export function useBookingsRefresh(): void {
  const engine = useSyncExternalStore(subscribeActiveEngine, getActiveEngine, () => null);
  useRemoteLoad(
    engine
      ? async (signal) => {
          const before = engine.status.get().lastSyncedAt;
          await engine.pullNow();
          const after = engine.status.get();
          const failed = after.lastSyncedAt === before && after.lastError !== null;
          if (!signal.aborted && failed && after.isOnline && navigator.onLine) toast.error(LOAD_BOOKINGS_FAILED_TITLE, errorMessage(after.lastError));
        }
      : null,
    [engine],
    'Refreshing the bookings failed',
  );
}
