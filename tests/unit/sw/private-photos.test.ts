// Which caches a sign-out deletes (docs/decisions/sign-out-wipes-device-data.md): profile photos, in their
// own cache and any an earlier build left among the listing photos, and the screen snapshots
// (docs/decisions/screen-snapshots.md); listing photos and the app shell stay.
import { describe, expect, it } from 'vitest';
import { deletePrivateCaches, isPhotoRequest, isProfilePhotoUrl, PHOTO_CACHE, PROFILE_PHOTO_CACHE } from '../../../sw/routes.ts';
import { SCREEN_SNAPSHOT_CACHE } from '../../../sw/screen-snapshots.ts';

const api = 'http://127.0.0.1:54321';
const profileOriginal = `${api}/storage/v1/object/public/profile-photos/a0000000-0000-4000-8000-000000000011/avatar.webp`;
const profileRendition = `${api}/storage/v1/render/image/public/profile-photos/a0000000-0000-4000-8000-000000000011/avatar.webp?width=64&quality=70`;
const listingRendition = `${api}/storage/v1/render/image/public/property-photos/b0000000-0000-4000-8000-000000000001/1.webp?width=1200&quality=70`;
const roomOriginal = `${api}/storage/v1/object/public/room-photos/b0000000-0000-4000-8000-000000000001/room.webp`;

/** Just enough of CacheStorage for the wipe. */
function fakeCaches(initial: Record<string, string[]>) {
  const stores = new Map(Object.entries(initial).map(([name, urls]) => [name, new Set(urls)]));
  const storage = {
    async delete(name: string) {
      return stores.delete(name);
    },
    async has(name: string) {
      return stores.has(name);
    },
    async open(name: string) {
      const urls = stores.get(name) ?? stores.set(name, new Set()).get(name)!;
      return {
        keys: async () => [...urls].map((url) => ({ url })),
        delete: async (request: { url: string }) => urls.delete(request.url),
      };
    },
  };
  return { storage: storage as unknown as CacheStorage, stores };
}

describe('private photos', () => {
  it('tells profile photos (originals and renditions) from listing photos', () => {
    for (const url of [profileOriginal, profileRendition]) {
      expect(isPhotoRequest('image', new URL(url))).toBe(true);
      expect(isProfilePhotoUrl(new URL(url))).toBe(true);
    }
    for (const url of [listingRendition, roomOriginal]) {
      expect(isPhotoRequest('image', new URL(url))).toBe(true);
      expect(isProfilePhotoUrl(new URL(url))).toBe(false);
    }
    // A listing whose path merely mentions the bucket's name elsewhere is not a profile photo.
    expect(isProfilePhotoUrl(new URL(`${api}/storage/v1/object/public/property-photos/profile-photos/1.webp`))).toBe(false);
  });

  it('deletes the profile-photo cache, profile photos left among listing photos and the screen snapshots; listing photos stay', async () => {
    const { storage, stores } = fakeCaches({
      [PROFILE_PHOTO_CACHE]: [profileRendition],
      [SCREEN_SNAPSHOT_CACHE]: ['http://127.0.0.1:4173/__screen-snapshots__?path=%2Fdashboard'],
      [PHOTO_CACHE]: [listingRendition, roomOriginal, profileOriginal],
      'workbox-precache-v2': [`http://127.0.0.1:4173/index.html`],
    });
    await deletePrivateCaches(storage);
    expect(stores.has(PROFILE_PHOTO_CACHE)).toBe(false);
    expect(stores.has(SCREEN_SNAPSHOT_CACHE)).toBe(false);
    expect([...stores.get(PHOTO_CACHE)!]).toEqual([listingRendition, roomOriginal]);
    expect(stores.has('workbox-precache-v2')).toBe(true);
  });

  it('does nothing when nothing was cached', async () => {
    const { storage, stores } = fakeCaches({});
    await deletePrivateCaches(storage);
    expect(stores.size).toBe(0);
  });
});
