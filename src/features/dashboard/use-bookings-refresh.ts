import { useEffect, useSyncExternalStore } from 'react';
import { LOAD_BOOKINGS_FAILED_TITLE } from '../../domain/messages.ts';
import { getActiveEngine, subscribeActiveEngine } from '../../sync/active-engine.ts';
import { toast } from '../../ui/toast/toast-queue.ts';

/**
 * Opening the dashboard asks for fresh bookings. The list renders from the local mirror meanwhile; a
 * pull the server refuses while the device is online shows "Error loading bookings" (docs/product.md §8).
 * Offline, the cached list is simply shown (the app's offline indicator says why it may be stale).
 */
export function useBookingsRefresh(): void {
  const engine = useSyncExternalStore(subscribeActiveEngine, getActiveEngine, () => null);
  useEffect(() => {
    if (!engine) return;
    let isCurrent = true;
    const before = engine.status.get().lastSyncedAt;
    void engine.pullNow().then(() => {
      const after = engine.status.get();
      const failed = after.lastSyncedAt === before && after.lastError !== null;
      if (isCurrent && failed && after.isOnline && navigator.onLine) {
        toast.error(LOAD_BOOKINGS_FAILED_TITLE, after.lastError?.message);
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [engine]);
}
