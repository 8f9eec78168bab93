import { describe, expect, it } from 'vitest';
import { placeholderImageUrl, transformedImageUrl, withCacheBust } from '../../../src/domain/image-url.ts';

const HOSTED = 'https://abc.supabase.co/storage/v1/object/public/property-photos/p1/a.jpg';
const LOCAL = 'http://127.0.0.1:54321';

describe('transformedImageUrl (width 1200, quality 70)', () => {
  it.each<[string, string | undefined, string]>([
    [HOSTED, undefined, 'https://abc.supabase.co/storage/v1/render/image/public/property-photos/p1/a.jpg?width=1200&quality=70'],
    ['/storage/v1/object/public/room-photos/x.png', LOCAL, `${LOCAL}/storage/v1/render/image/public/room-photos/x.png?width=1200&quality=70`],
    ['/storage/v1/object/public/room-photos/x.png', undefined, '/storage/v1/render/image/public/room-photos/x.png?width=1200&quality=70'],
    [`${LOCAL}/storage/v1/object/public/profile-photos/u1/17.jpeg?t=5`, undefined, `${LOCAL}/storage/v1/render/image/public/profile-photos/u1/17.jpeg?t=5&width=1200&quality=70`],
    ['https://abc.supabase.co/storage/v1/render/image/public/b/a.jpg?width=100&quality=20', undefined, 'https://abc.supabase.co/storage/v1/render/image/public/b/a.jpg?width=1200&quality=70'],
    ['https://abc.supabase.co/storage/v1/object/public/b/my%20villa.jpg', undefined, 'https://abc.supabase.co/storage/v1/render/image/public/b/my%20villa.jpg?width=1200&quality=70'],
    // not a storage public URL: unchanged
    ['https://images.unsplash.com/photo-1?w=800', undefined, 'https://images.unsplash.com/photo-1?w=800'],
    ['https://abc.supabase.co/storage/v1/object/sign/b/a.jpg?token=x', undefined, 'https://abc.supabase.co/storage/v1/object/sign/b/a.jpg?token=x'],
    ['/placeholder-photo.svg', LOCAL, '/placeholder-photo.svg'],
    ['data:image/png;base64,AAAA', undefined, 'data:image/png;base64,AAAA'],
    ['', undefined, ''],
  ])('%s (base %s)', (url, baseUrl, expected) => {
    expect(transformedImageUrl(url, baseUrl === undefined ? {} : { baseUrl })).toBe(expected);
  });

  it('takes another transform', () => {
    expect(transformedImageUrl(HOSTED, { transform: { width: 400, quality: 60 } })).toMatch(/\?width=400&quality=60$/);
  });
});

describe('placeholderImageUrl (width 40, quality 10)', () => {
  it.each<[string, string | undefined, string]>([
    [HOSTED, undefined, 'https://abc.supabase.co/storage/v1/render/image/public/property-photos/p1/a.jpg?width=40&quality=10'],
    ['/storage/v1/object/public/b/a.jpg', LOCAL, `${LOCAL}/storage/v1/render/image/public/b/a.jpg?width=40&quality=10`],
    ['https://example.com/a.jpg', undefined, 'https://example.com/a.jpg'],
  ])('%s', (url, baseUrl, expected) => {
    expect(placeholderImageUrl(url, baseUrl)).toBe(expected);
  });
});

describe('withCacheBust', () => {
  it.each<[string, string]>([
    [HOSTED, `${HOSTED}?t=1700000000000`],
    [`${HOSTED}?t=1`, `${HOSTED}?t=1700000000000`],
    ['/storage/v1/object/public/profile-photos/u/1.jpg', '/storage/v1/object/public/profile-photos/u/1.jpg?t=1700000000000'],
    ['', ''],
  ])('%s', (url, expected) => {
    expect(withCacheBust(url, 1_700_000_000_000)).toBe(expected);
  });

  it('survives the image transform', () => {
    expect(transformedImageUrl(withCacheBust(HOSTED, 9))).toBe(
      'https://abc.supabase.co/storage/v1/render/image/public/property-photos/p1/a.jpg?t=9&width=1200&quality=70');
  });
});
