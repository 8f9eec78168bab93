// Background Sync, where the browser has it: queued writes are sent by the service worker even after
// the app was closed (src/hooks/background-sync-page.ts is the page's half; it loads after first paint,
// and not at all in browsers without the API).
import { useEffect } from 'react';
import { logger } from '../lib/logger.ts';
import { hasBackgroundSync } from '../pwa/background-sync.ts';

export function useBackgroundSync(): void {
  useEffect(() => {
    if (!hasBackgroundSync()) return;
    let isActive = true;
    let stop = () => {};
    import('./background-sync-page.ts')
      .then((module) => {
        if (isActive) stop = module.startBackgroundSync();
      })
      .catch((error: unknown) => logger.warn('Background sync could not start', error));
    return () => {
      isActive = false;
      stop();
    };
  }, []);
}
