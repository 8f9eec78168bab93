// The page's half of the screen snapshots (docs/decisions/screen-snapshots.md): keep the markup of a screen
// once it shows the user's data, and take down the snapshot the service worker painted at load once the
// app's own screen is ready, or at once when it is not this session's screen.
import {
  isSnapshotScreen,
  SCREEN_SNAPSHOT_CACHE,
  SCREEN_SNAPSHOT_ELEMENT_ID,
  SCREEN_SNAPSHOT_MAX_HTML_CHARS,
  snapshotCacheKey,
  type ScreenSnapshot,
} from '../../sw/screen-snapshots.ts';

/** A screen that never says it is ready (an error on the way) still gets its live version after this. */
const LONGEST_SNAPSHOT_MS = 10_000;

function snapshotElement(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(SCREEN_SNAPSHOT_ELEMENT_ID);
}

const currentPath = () => `${location.pathname}${location.search}`;

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

/**
 * The markup of what `root` paints. Hydrated Suspense boundaries leave <template> markers, which the
 * service worker refuses inside its own template; nothing the snapshot shows lives in them.
 */
function paintableMarkup(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll('template, script, iframe, object, embed')) element.remove();
  return copy.innerHTML;
}

/** The same-origin stylesheets styling the page now (Vite links each chunk's CSS as it loads). */
function pageStylesheets(): string[] {
  const urls = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href, location.href));
  return [...new Set(urls.filter((url) => url.origin === location.origin && url.pathname.endsWith('.css')).map((url) => url.pathname))];
}

/**
 * Keeps the screen on display as `userId`'s snapshot of this URL. `isStillTheirs` is asked again right
 * before writing: a sign-out in the meantime (whose wipe deletes the cache) must not be undone.
 */
export async function saveScreenSnapshot(userId: string | null, content: string | null, isStillTheirs: () => boolean): Promise<void> {
  const root = document.getElementById('root');
  if (!root || typeof caches === 'undefined' || !isSnapshotScreen(location.pathname)) return;
  const html = paintableMarkup(root);
  const stylesheets = pageStylesheets();
  // The dev server injects styles as <style> tags: a snapshot without its stylesheets would paint unstyled.
  if (html.length > SCREEN_SNAPSHOT_MAX_HTML_CHARS || stylesheets.length === 0) return;
  const path = currentPath();
  const snapshot: ScreenSnapshot = { version: 1, userId, path, html, stylesheets, content, savedAt: Date.now() };
  const cache = await caches.open(SCREEN_SNAPSHOT_CACHE);
  if (!isStillTheirs()) return;
  await cache.put(snapshotCacheKey(location.origin, path), new Response(JSON.stringify(snapshot), { headers: { 'content-type': 'application/json' } }));
}
