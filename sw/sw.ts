/// <reference lib="webworker" />
import { setCatchHandler } from 'workbox-routing';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { pushFromServiceWorker } from '../src/sync/background-push.ts';
import { registerBackgroundSync } from './background-sync.ts';
import { API_PATHS, isPhotoRequest, OFFLINE_PHOTO_URL, PHOTO_CACHE, PHOTO_CACHE_LIMITS } from './routes.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell: html, js and css emitted by the build, plus the offline photo placeholder.
precacheAndRoute([...self.__WB_MANIFEST, { url: OFFLINE_PHOTO_URL, revision: '2' }]);
cleanupOutdatedCaches();

// Every navigation is answered with the shell, except API paths.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: API_PATHS }));

// Listing and room photos: cache-first, bounded by count and age, dropped first when storage runs out.
// Only complete CORS responses (200) are kept: an opaque one costs megabytes of quota in Chromium.
registerRoute(
  ({ request, url }) => isPhotoRequest(request.destination, url),
  new CacheFirst({
    cacheName: PHOTO_CACHE,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ ...PHOTO_CACHE_LIMITS, purgeOnQuotaError: true }),
    ],
  }),
);

// /rest, /auth, /functions and /realtime get no route at all: Dexie holds the data, and cached
// authenticated JSON could leak between accounts.

// A photo that is neither cached nor reachable shows the placeholder instead of a broken image.
setCatchHandler(async ({ request }) => {
  if (request.destination === 'image') return (await matchPrecache(OFFLINE_PHOTO_URL)) ?? Response.error();
  return Response.error();
});

// The update toast posts SKIP_WAITING when the user chooses Reload.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync: queued writes are sent when the signal returns, even with the app closed.
registerBackgroundSync(self, pushFromServiceWorker);
