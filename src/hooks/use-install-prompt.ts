import { useEffect, useSyncExternalStore } from 'react';
import { canPromptInstall, listenForInstallPrompt, promptInstall, subscribeInstallPrompt } from '../pwa/install-prompt.ts';

/** Whether the browser offers installing the app now, and the action that shows its dialog. */
export function useInstallPrompt(): { canInstall: boolean; install: typeof promptInstall } {
  useEffect(listenForInstallPrompt, []);
  const canInstall = useSyncExternalStore(subscribeInstallPrompt, canPromptInstall, () => false);
  return { canInstall, install: promptInstall };
}
