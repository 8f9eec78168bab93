// What the app wipes besides the user's database when a user leaves this browser (sign-out, another
// account signing in, a lost session): registered with src/sync/user-data-wipers.ts by app.tsx, run by
// the local-first session. Loaded only when a wipe runs. See docs/decisions/sign-out-wipes-device-data.md.
import { localKeys, sessionKeys } from '../config/storage-keys.ts';
import { logger } from '../lib/logger.ts';
import { showUnreadOnAppBadge } from '../pwa/app-badge.ts';
import { unsubscribeThisDevice } from '../pwa/push-device.ts';
import type { WipeContext } from '../sync/user-data-wipers.ts';
import { deletePrivateCaches, WIPE_PRIVATE_CACHES_MESSAGE } from '../../sw/routes.ts';

/** How long the page waits for the service worker to confirm (a busy or stopped SW must not hold up a sign-out). */
const SERVICE_WORKER_WAIT_MS = 2_000;

/** Asks the active service worker to drop the private caches with their expiration records. */
async function askServiceWorkerToWipe(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  const worker = registration?.active;
  if (!worker) return false;
  return new Promise<boolean>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), SERVICE_WORKER_WAIT_MS);
    channel.port1.onmessage = (event: MessageEvent<{ isWiped?: boolean }>) => {
      clearTimeout(timer);
      resolve(event.data?.isWiped === true);
    };
    worker.postMessage({ type: WIPE_PRIVATE_CACHES_MESSAGE }, [channel.port2]);
  });
}

/** Keys a signed-in person leaves in web storage (sign-up and onboarding hand-offs, a pending booking, search filters). */
function clearWebStorage(): void {
  try {
    for (const key of Object.values(localKeys)) globalThis.localStorage?.removeItem(key);
    for (const key of Object.values(sessionKeys)) globalThis.sessionStorage?.removeItem(key);
  } catch {
    // storage disabled (privacy mode): nothing was kept
  }
}

/**
 * This browser's push subscription, profile photos (the SW's cache and its records), screen snapshots and, when nobody signs in next, the app's web-storage
 * keys (another account signing in may be mid sign-up, its name and role waiting there).
 */
export async function wipePrivateBrowserData(context: WipeContext): Promise<void> {
  if (context.nextUserId === null) clearWebStorage();
  // First, as the service worker paints a kept screen snapshot at the next visit before any script runs.
  // The page deletes the caches itself (works without a controlling SW); the SW also drops the
  // expiration records, which list the photos' URLs.
  if (typeof caches !== 'undefined') await deletePrivateCaches(caches);
  // The leaving user's notifications must not reach whoever uses this browser next.
  await unsubscribeThisDevice().catch((error: unknown) => logger.warn('Ending the push subscription failed', error));
  showUnreadOnAppBadge(0);
  const isConfirmed = await askServiceWorkerToWipe().catch(() => false);
  if (!isConfirmed && typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) {
    logger.warn('The service worker did not confirm the private-cache wipe');
  }
}
