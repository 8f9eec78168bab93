// The page's half of the screen snapshots (docs/decisions/screen-snapshots.md): take down the snapshot the
// service worker painted at load once the app's own screen is ready, or at once when it is not this
// session's screen. Keeping one is screen-snapshot-save.ts, loaded only when a screen is kept.
import { SCREEN_SNAPSHOT_ELEMENT_ID } from '../../sw/screen-snapshots.ts';

/** A screen that never says it is ready (an error on the way) still gets its live version after this. */
const LONGEST_SNAPSHOT_MS = 10_000;

function snapshotElement(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(SCREEN_SNAPSHOT_ELEMENT_ID);
}

export const currentPath = () => `${location.pathname}${location.search}`;

/** Takes the painted snapshot down: the app's own screen shows. */
export function revealLiveScreen(): void {
  snapshotElement()?.remove();
}

/**
 * At entry, before the first render: a snapshot of another user (or of a signed-out visit, or another
 * URL) goes at once; this user's stays until their screen is ready, and at most LONGEST_SNAPSHOT_MS.
 */
export function keepSnapshotOnlyFor(userId: string | null): void {
  const element = snapshotElement();
  if (!element) return;
  if ((element.dataset.user || null) !== userId || element.dataset.path !== currentPath()) {
    element.remove();
    return;
  }
  setTimeout(revealLiveScreen, LONGEST_SNAPSHOT_MS);
}

/** The app moved to another route before the snapshot's screen was ready: the snapshot is not this screen. */
export function revealUnlessOn(pathname: string): void {
  const element = snapshotElement();
  if (element && element.dataset.path?.split('?')[0] !== pathname) element.remove();
}
