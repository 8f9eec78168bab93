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
  // One prompt at a time: on a first visit workbox-window reports a new worker twice (installed, then
  // waiting, both as "external"), which would stack two identical toasts.
  let isPromptShown = false;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      if (isPromptShown) return;
      isPromptShown = true;
      toast.info('New version available', undefined, {
        action: { label: 'Reload', onAction: () => startUpdate(() => updateServiceWorker(true)) },
        onClose: () => {
          isPromptShown = false;
        },
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
 * Reload in the update toast: says what is happening while the new worker takes over, reloads the page
 * once it controls it, and says so if it does not, rather than seem to do nothing.
 */
function startUpdate(update: () => Promise<void>): void {
  toast.info('Updating…', 'The app reloads in a moment.', { timeout: UPDATE_NOTICE_MS });
  const stalled = setTimeout(() => {
    toast.info('The update is taking longer than usual', 'Close and reopen the app to finish it.');
  }, UPDATE_NOTICE_MS);
  // Reload here rather than in vite-plugin-pwa's handler: workbox-window reloads only when the page was
  // controlled at registration (its isUpdate), so on a first visit the new worker took over and the page
  // went on running the old build.
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => {
      clearTimeout(stalled);
      window.location.reload();
    },
    { once: true },
  );
  update().catch((error: unknown) => {
    clearTimeout(stalled);
    logger.warn('The update could not be applied', error);
    toast.error('The update could not be applied', 'Close and reopen the app to get the new version.');
  });
}
