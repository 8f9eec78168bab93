// Pure routing decisions of the service worker (no workbox, no globals), so they can be unit-tested.
import { parseRenditionPath } from '../src/lib/photo-renditions.ts';
import { renditionOriginal } from '../src/lib/rendition-fallback.ts';
import { SCREEN_SNAPSHOT_CACHE } from './screen-snapshots.ts';

/** Backend paths: never answered from a cache, never given the app shell (/auth/v1 only: /auth/reset is an app route). */
export const API_PATHS = [/^\/rest\//, /^\/auth\/v1\//, /^\/functions\//, /^\/realtime\//, /^\/storage\//];

/**
 * Files of public/ (manifest screenshots, icons, robots.txt): opened in a tab they must be the file, not
 * the app shell. App routes never end in a file extension.
 */
export const STATIC_FILE_PATHS = [/^\/(?:screenshots|icons)\//, /\.(?:png|svg|webp|ico|txt|webmanifest)$/];

/** Navigations answered by the network instead of the shell. */
export const NAVIGATION_DENYLIST = [...API_PATHS, ...STATIC_FILE_PATHS];

/** Listing (property and room) photos: public, kept across sign-outs. */
export const PHOTO_CACHE = 'photos-v1';
export const PHOTO_CACHE_LIMITS = { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 };
/**
 * Profile photos: people's faces (housemates, hosts, whoever the user messaged), so a cache of its own
 * that a sign-out deletes with its expiration records (docs/decisions/sign-out-wipes-device-data.md).
 */
export const PROFILE_PHOTO_CACHE = 'profile-photos-v1';
export const PROFILE_PHOTO_CACHE_LIMITS = { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 };
export const OFFLINE_PHOTO_URL = '/offline-photo.svg';
/** The page asks the SW to drop the private caches and their expiration records (answered on the message's port). */
export const WIPE_PRIVATE_CACHES_MESSAGE = 'WIPE_PRIVATE_CACHES';

const photoPaths = ['/storage/v1/render/image/', '/storage/v1/object/public/'];
const profilePhotoPath = /^\/storage\/v1\/(?:object|render\/image)\/public\/profile-photos\//;

/** Property, room and profile photos from Storage (transformed or public originals). */
export function isPhotoRequest(destination: string, url: URL): boolean {
  return (destination === 'image' || destination === '') && photoPaths.some((prefix) => url.pathname.startsWith(prefix));
}

/** A photo of the profile-photos bucket (original or rendition). */
export function isProfilePhotoUrl(url: URL): boolean {
  return profilePhotoPath.test(url.pathname);
}

/**
 * Another rendition (width, quality) of the same stored photo that `cache` holds. Cards, the gallery and
 * placeholders ask for different widths of one photo, so offline a card would miss the rendition the
 * property page cached: this serves it instead of the placeholder, for every screen. The narrowest width
 * at or above the one asked for, else the widest; undefined when no rendition of the photo is cached.
 */
export async function cachedRendition(cache: Pick<Cache, 'keys' | 'match'>, url: URL): Promise<Response | undefined> {
  const original = renditionOriginal(url.href);
  const widthOf = (href: string) =>
    (original ? parseRenditionPath(new URL(href).pathname)?.width : Number(new URL(href).searchParams.get('width'))) || Number.POSITIVE_INFINITY;
  const wanted = widthOf(url.href);
  // Without transformations the renditions are files of their own, `<photo>.w<width>.webp` (docs/decisions/photo-renditions.md):
  // this photo's are those whose original is this one's (the original itself counts as the widest).
  const photoOf = (href: string) => new URL(renditionOriginal(href) ?? href).pathname;
  const keys = original
    ? (await cache.keys()).filter((request) => photoOf(request.url) === photoOf(original))
    : await cache.keys(url.href, { ignoreSearch: true, ignoreVary: true });
  const stored = keys.map((request) => ({ request, width: widthOf(request.url) }));
  if (stored.length === 0) return undefined;
  const wideEnough = stored.filter((entry) => entry.width >= wanted).sort((a, b) => a.width - b.width);
  const best = wideEnough[0] ?? stored.sort((a, b) => b.width - a.width)[0]!;
  return cache.match(best.request, { ignoreVary: true });
}

/**
 * Deletes what the caches hold of the user: the profile-photo cache, profile photos that an earlier build
 * kept in the listing-photo cache, and the screen snapshots (sw/screen-snapshots.ts). Runs in the page
 * (sign-out) and in the SW; `caches` is the origin's CacheStorage.
 */
export async function deletePrivateCaches(caches: CacheStorage): Promise<void> {
  await Promise.all([caches.delete(PROFILE_PHOTO_CACHE), caches.delete(SCREEN_SNAPSHOT_CACHE)]);
  if (!(await caches.has(PHOTO_CACHE))) return;
  const listingPhotos = await caches.open(PHOTO_CACHE);
  const requests = await listingPhotos.keys();
  await Promise.all(requests.filter((request) => isProfilePhotoUrl(new URL(request.url))).map((request) => listingPhotos.delete(request)));
}
