import { useEffect } from 'react';
import { useBackgroundSync } from '../../hooks/use-background-sync.ts';

/**
 * Registers the service worker once the app has painted; when a new build is waiting, a toast
 * offers "New version available · Reload". Where the browser has Background Sync, it also lets the
 * service worker send queued writes after the app is closed (useBackgroundSync). Renders nothing (the
 * toast region shows the prompt).
 */
export function UpdatePrompt() {
  useEffect(() => {
    void import('../../pwa/register-sw.ts').then((module) => module.registerServiceWorker());
  }, []);
  useBackgroundSync();
  return null;
}
