// Background Sync from the page's side: asks the browser to wake the service worker once the network
// is back, so queued writes are sent even if the app was closed meanwhile (sw/background-sync.ts runs
// the push). Only where the browser has it (Chromium); elsewhere nothing happens and the page pushes on
// open and on `online` as before.

/** The one-off sync tag; the SW's `sync` handler answers only this one. */
export const OUTBOX_SYNC_TAG = 'nomadnest-outbox';

// Background Sync is not in TypeScript's DOM lib.
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** The browser has service workers and the Background Sync API. */
export function hasBackgroundSync(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && 'SyncManager' in globalThis;
}

/**
 * Registers the one-off sync (registering it again while pending just keeps one). Needs an active
 * service worker; never throws (no SW yet, permission denied: the page still pushes on its own).
 */
export async function requestBackgroundSync(): Promise<boolean> {
  if (!hasBackgroundSync()) return false;
  try {
    // getRegistration, not `ready`: without a service worker (dev server) `ready` never settles.
    const registration = (await navigator.serviceWorker.getRegistration()) as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined;
    if (!registration?.active || !registration.sync) return false;
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
