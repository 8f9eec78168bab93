// Keeps the screen on display as the next load's snapshot (docs/decisions/screen-snapshots.md); loaded
// by use-screen-ready.ts when the page is idle after a screen is ready.
import {
  isSnapshotScreen,
  SCREEN_SNAPSHOT_CACHE,
  SCREEN_SNAPSHOT_MAX_HTML_CHARS,
  snapshotCacheKey,
  type ScreenSnapshot,
} from '../../sw/screen-snapshots.ts';
import { currentPath } from './screen-snapshot.ts';

/**
 * How far down a snapshot reaches, in screen heights: list items that start below are left out. The
 * snapshot shows only until the app's own screen is ready, a moment in which nobody scrolls far, and every
 * character of it is parsed before the first paint (a long Explore list is most of a snapshot's markup).
 */
const SNAPSHOT_SCREEN_HEIGHTS = 2;

/**
 * The markup of what `root` paints, down to SNAPSHOT_SCREEN_HEIGHTS. Hydrated Suspense boundaries leave
 * <template> markers, which the service worker refuses inside its own template; nothing the snapshot shows
 * lives in them. The drawn snapshot is hidden from assistive technology, so nothing in it takes keyboard
 * focus either.
 */
function paintableMarkup(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  // the copy's list items are the page's, in the same order; page coordinates, as it is drawn from the top
  // (a sticky or fixed list would be measured where it is stuck: neither snapshot screen has one)
  const copiedItems = copy.querySelectorAll('li');
  root.querySelectorAll('li').forEach((item, index) => {
    if (item.getBoundingClientRect().top + scrollY > innerHeight * SNAPSHOT_SCREEN_HEIGHTS) copiedItems[index]!.remove();
  });
  for (const element of copy.querySelectorAll('template, script, iframe, object, embed')) element.remove();
  for (const element of copy.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')) element.setAttribute('tabindex', '-1');
  return copy.innerHTML;
}

/** The same-origin stylesheets styling the page now (Vite links each chunk's CSS as it loads). */
function pageStylesheets(): string[] {
  const urls = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href, location.href));
  return [...new Set(urls.filter((url) => url.origin === location.origin && url.pathname.endsWith('.css')).map((url) => url.pathname))];
}

/**
 * Forgets this URL's snapshot: the screen is ready and shows no content (no bookings, no listings),
 * so yesterday's content must not be painted again at the next load.
 */
export async function forgetScreenSnapshot(): Promise<void> {
  // Opening a cache creates it: a browser that never kept a snapshot keeps no empty cache either.
  if (typeof caches === 'undefined' || !(await caches.has(SCREEN_SNAPSHOT_CACHE))) return;
  const cache = await caches.open(SCREEN_SNAPSHOT_CACHE);
  await cache.delete(snapshotCacheKey(location.origin, currentPath()));
}

/**
 * Keeps the screen on display as `userId`'s snapshot of this URL. `isStillTheirs` is asked again right
 * before writing: a sign-out in the meantime (whose wipe deletes the cache) must not be undone.
 */
export async function saveScreenSnapshot(userId: string | null, content: string, isStillTheirs: () => boolean): Promise<void> {
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
