import { registerSW } from 'virtual:pwa-register';
import { logger } from '../lib/logger.ts';
import { toast } from '../ui/toast/toast-queue.ts';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let isRegistered = false;

/**
 * Registers the service worker (registerType 'prompt'): a new version waits until the user picks
 * Reload in the toast, so a reload never interrupts a form. Queued writes live in IndexedDB and
 * survive the reload. Checks for a new version hourly while online.
 */
export function registerServiceWorker(): void {
  if (isRegistered || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  isRegistered = true;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      toast.info('New version available', undefined, {
        action: { label: 'Reload', onAction: () => void updateServiceWorker(true) },
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
