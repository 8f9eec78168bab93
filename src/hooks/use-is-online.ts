import { useSyncExternalStore } from 'react';
import { useSyncStatus } from './use-sync-status.ts';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** navigator.onLine as state (works signed out, without a sync engine). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/**
 * Whether server-only actions (accept, decline, complete, pay, payouts) can run now: the browser has a
 * network and the sync engine's last request got an answer.
 */
export function useIsOnline(): boolean {
  const browserOnline = useBrowserOnline();
  const { isOnline } = useSyncStatus();
  return browserOnline && isOnline;
}

/** Shown beside disabled server-only buttons. */
export const OFFLINE_ACTION_REASON = "You're offline. Accepting, declining, completing and paying need a connection."; // (ours)
