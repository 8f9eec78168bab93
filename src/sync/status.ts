import type { OutboxError } from '../db/tables.ts';

export interface SyncStatus {
  /** false after a failed request or an `offline` event, true again after any answer from the server */
  isOnline: boolean;
  isPushing: boolean;
  isPulling: boolean;
  /** queued or in-flight writes (every tab) */
  pendingCount: number;
  /** writes that failed permanently and wait for Retry or Delete */
  failedCount: number;
  /** end of the last complete pull (epoch ms) */
  lastSyncedAt: number | null;
  /** the session could not be refreshed: writes wait until the user signs in again */
  isAuthRequired: boolean;
  lastError: OutboxError | null;
}

export const initialSyncStatus: SyncStatus = {
  isOnline: true,
  isPushing: false,
  isPulling: false,
  pendingCount: 0,
  failedCount: 0,
  lastSyncedAt: null,
  isAuthRequired: false,
  lastError: null,
};

export interface StatusStore {
  get(): SyncStatus;
  set(patch: Partial<SyncStatus>): void;
  subscribe(listener: () => void): () => void;
}

/** An external store (useSyncExternalStore-shaped): a new snapshot object only when something changed. */
export function createStatusStore(initial: SyncStatus = initialSyncStatus): StatusStore {
  let snapshot = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => snapshot,
    set(patch) {
      const keys = Object.keys(patch) as (keyof SyncStatus)[];
      if (keys.every((key) => Object.is(snapshot[key], patch[key]))) return;
      snapshot = { ...snapshot, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
