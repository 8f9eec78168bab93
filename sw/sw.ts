/// <reference lib="webworker" />
import { setCatchHandler } from 'workbox-routing';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { prerenderedDocumentFor } from '../src/config/prerendered-pages.ts';
// Built by Vite as a classic script of its own (an IIFE); this is its URL.
import backgroundPushScriptUrl from './background-push-script.ts?worker&url';
import { lazyBackgroundPush, registerBackgroundSync, STOP_BACKGROUND_PUSH_MESSAGE } from './background-sync.ts';
import { registerPushHandlers } from './push-notifications.ts';
import { documentWithSnapshot, isSnapshotScreen, parseScreenSnapshot, SCREEN_SNAPSHOT_CACHE, snapshotCacheKey } from './screen-snapshots.ts';
import {
  cachedRendition,
  deletePrivateCaches,
  isPhotoRequest,
  isProfilePhotoUrl,
  NAVIGATION_DENYLIST,
  OFFLINE_PHOTO_URL,
  PHOTO_CACHE,
  PHOTO_CACHE_LIMITS,
  PROFILE_PHOTO_CACHE,
  PROFILE_PHOTO_CACHE_LIMITS,
  WIPE_PRIVATE_CACHES_MESSAGE,
} from './routes.ts';

/** The app's shell document: the app renders every route into its empty #root. */
const APP_SHELL_URL = '/index.html';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** The app's document for a navigation: a prerendered page's own (docs/decisions/prerendered-public-pages.md), else the shell. */
const appDocumentUrl = (pathname: string) => prerenderedDocumentFor(pathname) ?? APP_SHELL_URL;

/** The app's document with the screen's kept snapshot drawn above it, or null when there is none to show. */
async function documentWithScreenSnapshot(url: URL): Promise<Response | null> {
  const stored = await caches.match(snapshotCacheKey(self.location.origin, `${url.pathname}${url.search}`), { cacheName: SCREEN_SNAPSHOT_CACHE });
  const snapshot = stored ? parseScreenSnapshot(await stored.json(), Date.now()) : null;
  if (!snapshot) return null;
  // Drawn over the shell, not a prerendered page (Explore's): the snapshot covers the screen anyway, and
  // parsing, styling and laying out a skeleton nobody sees under it cost a phone ~200 ms before the first
  // paint (tests/bench/offline-boot.ts). The app then renders the route instead of hydrating it.
  // Its stylesheets come from the precache: a snapshot of an older build (whose CSS is gone) is not shown.
  const [appDocument, ...stylesheets] = await Promise.all([APP_SHELL_URL, ...snapshot.stylesheets].map((file) => matchPrecache(file)));
  if (!appDocument || stylesheets.some((stylesheet) => !stylesheet)) return null;
  const html = documentWithSnapshot(await appDocument.text(), snapshot, await Promise.all(stylesheets.map((stylesheet) => stylesheet!.text())));
  return html ? new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }) : null;
}

// The dashboard and Explore open on the last-seen screen (docs/decisions/screen-snapshots.md), then the
// app's own. A prerendered page's navigation gets its own document, from the precache. Both registered
// first, as the precache's own route would answer / with the plain shell.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isSnapshotScreen(url.pathname),
  async (options) => (await documentWithScreenSnapshot(options.url).catch(() => null)) ?? createHandlerBoundToURL(appDocumentUrl(options.url.pathname))(options),
);
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && prerenderedDocumentFor(url.pathname) !== null,
  (options) => createHandlerBoundToURL(appDocumentUrl(options.url.pathname))(options),
);

// The app shell: html, js and css emitted by the build, plus the offline photo placeholder.
precacheAndRoute([...self.__WB_MANIFEST, { url: OFFLINE_PHOTO_URL, revision: '2' }]);
cleanupOutdatedCaches();

// Every other navigation is answered with the shell, except API paths and files of public/ (a screenshot
// or icon opened in a tab stays an image).
registerRoute(new NavigationRoute(createHandlerBoundToURL(APP_SHELL_URL), { denylist: NAVIGATION_DENYLIST }));

// Photos: cache-first, bounded by count and age, dropped first when storage runs out. Only complete
// CORS responses (200) are kept: an opaque one costs megabytes of quota in Chromium. Profile photos
// (people's faces) have a cache of their own, which a sign-out deletes; listing photos are public.
const onlyComplete = { cacheWillUpdate: async ({ response }: { response: Response }) => (response.status === 200 ? response : null) };
registerRoute(
  ({ request, url }) => isPhotoRequest(request.destination, url) && isProfilePhotoUrl(url),
  new CacheFirst({
    cacheName: PROFILE_PHOTO_CACHE,
    plugins: [onlyComplete, new ExpirationPlugin({ ...PROFILE_PHOTO_CACHE_LIMITS, purgeOnQuotaError: true })],
  }),
);
registerRoute(
  ({ request, url }) => isPhotoRequest(request.destination, url),
  new CacheFirst({
    cacheName: PHOTO_CACHE,
    plugins: [onlyComplete, new ExpirationPlugin({ ...PHOTO_CACHE_LIMITS, purgeOnQuotaError: true })],
  }),
);

// /rest, /auth, /functions and /realtime get no route at all: Dexie holds the data, and cached
// authenticated JSON could leak between accounts.

// A photo that cannot be reached shows another cached rendition of it (a card's width of the photo the
// property page cached), else the placeholder instead of a broken image.
setCatchHandler(async ({ request }) => {
  const url = new URL(request.url);
  if (isPhotoRequest(request.destination, url)) {
    const cacheName = isProfilePhotoUrl(url) ? PROFILE_PHOTO_CACHE : PHOTO_CACHE;
    const other = (await self.caches.has(cacheName)) ? await cachedRendition(await self.caches.open(cacheName), url) : undefined;
    if (other) return other;
  }
  if (request.destination === 'image') return (await matchPrecache(OFFLINE_PHOTO_URL)) ?? Response.error();
  return Response.error();
});

// Activation takes control of the pages in scope at once, so a first visit is served offline by the worker
// it installed: a screen not opened yet gets its code from the precache. An update still waits for the user:
// a new worker activates only after the page posts SKIP_WAITING (src/pwa/register-sw.ts).
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Background Sync: queued writes are sent when the signal returns, even with the app closed. The push's
// code is imported at install and evaluated again only when a sync fires (background-sync.ts).
const backgroundSync = registerBackgroundSync(self, lazyBackgroundPush(self, backgroundPushScriptUrl));

// The update toast posts SKIP_WAITING to the waiting worker when the user chooses Reload. Chromium activates
// it only once the active worker is idle, so the active one is told to stop its Background Sync push first
// (the queue stays in IndexedDB for the page or this worker: docs/decisions/update-with-queued-writes.md).
// A sign-out posts WIPE_PRIVATE_CACHES: the profile photos go with their expiration records (which name
// the photos' URLs), and the page is told on the message's port when that is done.
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') {
    self.registration.active?.postMessage({ type: STOP_BACKGROUND_PUSH_MESSAGE });
    void self.skipWaiting();
  }
  // Not from itself: a SKIP_WAITING posted to the active worker (no update under way) must not stop its push.
  if (type === STOP_BACKGROUND_PUSH_MESSAGE && event.source !== self.registration.active) backgroundSync.stop();
  if (type === WIPE_PRIVATE_CACHES_MESSAGE) {
    // A CacheExpiration of its own: the plugin's instance only knows caches it has served since the SW started.
    const done = Promise.all([new CacheExpiration(PROFILE_PHOTO_CACHE, PROFILE_PHOTO_CACHE_LIMITS).delete(), deletePrivateCaches(self.caches)])
      .then(() => true, () => false)
      .then((isWiped) => event.ports[0]?.postMessage({ type: WIPE_PRIVATE_CACHES_MESSAGE, isWiped }));
    event.waitUntil(done);
  }
});

// Web Push: notifications for messages and booking decisions with the app closed.
registerPushHandlers(self);
