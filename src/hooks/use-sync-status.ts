import { useSyncExternalStore } from 'react';
import { getActiveEngine, subscribeActiveEngine } from '../sync/active-engine.ts';
import { initialSyncStatus, type SyncStatus } from '../sync/status.ts';

function subscribe(listener: () => void): () => void {
  let unsubscribeStatus = getActiveEngine()?.status.subscribe(listener);
  const unsubscribeEngine = subscribeActiveEngine(() => {
    unsubscribeStatus?.();
    unsubscribeStatus = getActiveEngine()?.status.subscribe(listener);
    listener();
  });
  return () => {
    unsubscribeStatus?.();
    unsubscribeEngine();
  };
}

const getSnapshot = (): SyncStatus => getActiveEngine()?.status.get() ?? initialSyncStatus;

/**
 * Online/offline, pending and failed write counts, last sync time of the signed-in session
 * (signed out: nothing pending). Cheap to use anywhere: it does not load the database code.
 */
export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribe, getSnapshot, () => initialSyncStatus);
}
