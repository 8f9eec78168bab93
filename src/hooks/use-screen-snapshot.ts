import { useEffect } from 'react';
import { logger } from '../lib/logger.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { revealLiveScreen, saveScreenSnapshot } from '../pwa/screen-snapshot.ts';
import { useSessionStore } from '../stores/session-store.ts';

/**
 * For a screen that opens the installed app (docs/decisions/screen-snapshots.md): once `isReady` (its
 * data read, shown or empty), the snapshot painted at load gives way to it, and the screen is kept as
 * the next load's snapshot, when the page is idle and again whenever it is hidden (the app goes to the
 * background, the tab closes). `contentMark` names what it shows (e.g. 'bookings-rendered'), null when
 * it shows no content yet (no bookings).
 */
export function useScreenSnapshot(isReady: boolean, contentMark: string | null): void {
  const userId = useSessionStore((s) => s.userId);
  useEffect(() => {
    if (!isReady) return;
    revealLiveScreen();
    let isMounted = true;
    const isStillTheirs = () => isMounted && useSessionStore.getState().userId === userId;
    const save = () => {
      if (!isStillTheirs()) return;
      saveScreenSnapshot(userId, contentMark, isStillTheirs).catch((error: unknown) => logger.warn('Keeping the screen snapshot failed', error));
    };
    void whenIdle().then(save);
    const saveWhenHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    document.addEventListener('visibilitychange', saveWhenHidden);
    return () => {
      isMounted = false;
      document.removeEventListener('visibilitychange', saveWhenHidden);
    };
  }, [isReady, contentMark, userId]);
}
