// Offline, a photo asked for at one width is served from another cached rendition of the same stored photo
// (sw/routes.ts cachedRendition): Explore's cards show the photo the property page cached.
import { describe, expect, it } from 'vitest';
import { cachedRendition } from '../../../sw/routes.ts';

const photo = 'http://127.0.0.1:54321/storage/v1/render/image/public/property-photos/b0000000-0000-4000-8000-000000000001/1.webp';
const at = (width: number) => `${photo}?width=${width}&quality=70`;

/** Cache.keys/match over stored URLs, honouring ignoreSearch as the Cache API does. */
function fakeCache(urls: string[]) {
  const strip = (url: string) => url.split('?')[0];
  return {
    keys: async (url?: string, options: { ignoreSearch?: boolean } = {}) =>
      urls.filter((stored) => url === undefined || (options.ignoreSearch ? strip(stored) === strip(url) : stored === url)).map((stored) => ({ url: stored }) as Request),
    match: async (request: Request) => new Response(request.url),
  } as unknown as Pick<Cache, 'keys' | 'match'>;
}

const served = async (urls: string[], asked: string) => (await cachedRendition(fakeCache(urls), new URL(asked)))?.text();

describe('cachedRendition', () => {
  it("serves a card's width from the gallery's cached rendition of the same photo", async () => {
    expect(await served([at(960)], at(480))).toBe(at(960));
  });

  it('picks the narrowest rendition at least as wide as asked, else the widest', async () => {
    expect(await served([at(40), at(640), at(1200), at(960)], at(800))).toBe(at(960));
    expect(await served([at(40), at(640)], at(1200))).toBe(at(640));
  });

  it('never serves another photo, and nothing when none of this one is cached', async () => {
    expect(await served([at(960).replace('/1.webp', '/2.webp')], at(480))).toBeUndefined();
    expect(await served([], at(480))).toBeUndefined();
  });
});

// Without transformations (docs/decisions/photo-renditions.md) the renditions are files beside the photo.
describe('cachedRendition of uploaded renditions', () => {
  const stored = 'http://127.0.0.1:54321/storage/v1/object/public/property-photos/b0000000-0000-4000-8000-000000000001/1.webp';
  const rendition = (width: number) => `${stored}.w${width}.webp`;

  it("serves a card's width from another cached rendition of the same photo: the narrowest wide enough, else the widest", async () => {
    expect(await served([rendition(40), rendition(1200), rendition(800)], rendition(480))).toBe(rendition(800));
    expect(await served([rendition(40), rendition(480)], rendition(1200))).toBe(rendition(480));
    expect(await served([stored, rendition(40)], rendition(480))).toBe(stored);
  });

  it('never serves another photo', async () => {
    expect(await served([rendition(800).replace('/1.webp', '/2.webp')], rendition(480))).toBeUndefined();
  });
});
