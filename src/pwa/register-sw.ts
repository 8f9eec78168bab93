import { registerSW } from 'virtual:pwa-register';
import { logger } from '../lib/logger.ts';
import { toast } from '../ui/toast/toast-queue.ts';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** "Updating…" stays up this long; a switch that has not reloaded the page by then says so. */
const UPDATE_NOTICE_MS = 15_000;

let isRegistered = false;

/**
 * Registers the service worker (registerType 'prompt'): a new version waits until the user picks
 * Reload in the toast, so a reload never interrupts a form. Queued writes live in IndexedDB and
 * survive the reload: the old worker stops sending them at once (sw/sw.ts), so the switch never waits
 * for the queue (docs/decisions/update-with-queued-writes.md). Checks for a new version hourly while online.
 */
export function registerServiceWorker(): void {
  if (isRegistered || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  isRegistered = true;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      toast.info('New version available', undefined, {
        action: { label: 'Reload', onAction: () => startUpdate(() => updateServiceWorker(true)) },
      });
    },
    onRegisteredSW(swUrl, registration) {
      if (!registration) return;
      setInterval(() => {
        if (registration.installing || !navigator.onLine) return;
        // A no-store fetch first, so a flaky network does not make update() throw.
        fetch(swUrl, { cache: 'no-store', headers: { 'cache-control': 'no-cache' } })
          .then((response) => (response.status === 200 ? registration.update() : undefined))
          .catch(() => {});
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError(error: unknown) {
      logger.warn('Service worker registration failed', error);
    },
  });
}

/**
 * Reload in the update toast: says what is happening while the new worker takes over (the page reloads
 * when it controls the page), and says so if it does not, rather than seem to do nothing.
 */
function startUpdate(update: () => Promise<void>): void {
  toast.info('Updating…', 'The app reloads in a moment.', { timeout: UPDATE_NOTICE_MS });
  const stalled = setTimeout(() => {
    toast.info('The update is taking longer than usual', 'Close and reopen the app to finish it.');
  }, UPDATE_NOTICE_MS);
  navigator.serviceWorker.addEventListener('controllerchange', () => clearTimeout(stalled), { once: true });
  update().catch((error: unknown) => {
    clearTimeout(stalled);
    logger.warn('The update could not be applied', error);
    toast.error('The update could not be applied', 'Close and reopen the app to get the new version.');
  });
}
