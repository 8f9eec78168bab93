import { useEffect } from 'react';
import { markOnce } from '../lib/boot-marks.ts';
import { logger } from '../lib/logger.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { revealLiveScreen } from '../pwa/screen-snapshot.ts';
import { useSessionStore } from '../stores/session-store.ts';

/**
 * Puts `name` on the performance timeline once per page load, after the first commit in which
 * `ready` is true (e.g. 'boot:first-render'). Benchmarks read it (tests/bench/offline-boot.ts); it
 * costs one effect and no state.
 */
export function usePerformanceMark(name: string, ready: boolean): void {
  useEffect(() => {
    if (ready) markOnce(name);
  }, [name, ready]);
}

/**
 * A screen that opens the installed app says when it is ready (its data read, shown or empty) and
 * whether it shows its content (`contentMark`, e.g. 'bookings-rendered', when there are bookings):
 * - the content's performance mark goes on the timeline (tests/bench/offline-boot.ts);
 * - the snapshot the service worker painted at load gives way to the screen, and the screen, when it
 *   shows its content, is kept as the next load's snapshot, when the page is idle and again whenever it
 *   is hidden (the app goes to the background, the tab closes). Hidden without content (no bookings
 *   left), it has none; a moment without content at start (offline, before the mirror answers) changes
 *   nothing (docs/decisions/screen-snapshots.md).
 */
export function useScreenReady(isReady: boolean, contentMark: string, showsContent: boolean): void {
  usePerformanceMark(contentMark, isReady && showsContent);
  const userId = useSessionStore((s) => s.userId);
  const keptContent = showsContent ? contentMark : null;
  useEffect(() => {
    if (!isReady) return;
    revealLiveScreen();
    let isMounted = true;
    const isStillTheirs = () => isMounted && useSessionStore.getState().userId === userId;
    const keep = (isLeaving: boolean) => {
      if (!isStillTheirs() || (!keptContent && !isLeaving)) return;
      import('../pwa/screen-snapshot-save.ts')
        .then((snapshots) => (keptContent ? snapshots.saveScreenSnapshot(userId, keptContent, isStillTheirs) : snapshots.forgetScreenSnapshot()))
        .catch((error: unknown) => logger.warn('Keeping the screen snapshot failed', error));
    };
    void whenIdle().then(() => keep(false));
    const saveWhenHidden = () => {
      if (document.visibilityState === 'hidden') keep(true);
    };
    document.addEventListener('visibilitychange', saveWhenHidden);
    return () => {
      isMounted = false;
      document.removeEventListener('visibilitychange', saveWhenHidden);
    };
  }, [isReady, keptContent, userId]);
}
