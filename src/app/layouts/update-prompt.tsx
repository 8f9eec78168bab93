import { useEffect } from 'react';

/**
 * Registers the service worker once the app has painted; when a new build is waiting, a toast
 * offers "New version available · Reload". Renders nothing (the toast region shows the prompt).
 */
export function UpdatePrompt() {
  useEffect(() => {
    void import('../../pwa/register-sw').then((module) => module.registerServiceWorker());
  }, []);
  return null;
}
