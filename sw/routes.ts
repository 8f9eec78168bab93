// Pure routing decisions of the service worker (no workbox, no globals), so they can be unit-tested.

/** Backend paths: never answered from a cache, never given the app shell. */
export const API_PATHS = [/^\/rest\//, /^\/auth\//, /^\/functions\//, /^\/realtime\//, /^\/storage\//];

export const PHOTO_CACHE = 'photos-v1';
export const PHOTO_CACHE_LIMITS = { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 };
export const OFFLINE_PHOTO_URL = '/offline-photo.svg';

const photoPaths = ['/storage/v1/render/image/', '/storage/v1/object/public/'];

/** Property, room and profile photos from Storage (transformed or public originals). */
export function isPhotoRequest(destination: string, url: URL): boolean {
  return (destination === 'image' || destination === '') && photoPaths.some((prefix) => url.pathname.startsWith(prefix));
}
