// Display URLs of stored photos in both modes of VITE_IMAGE_TRANSFORMATIONS (docs/decisions/photo-renditions.md):
// on, the storage image renderer; off, the WebP renditions uploaded beside each photo.
import { describe, expect, it } from 'vitest';
import { originalImageUrl, placeholderImageUrl, profilePhotoUrl, responsiveSrcSet, transformedImageUrl, withCacheBust } from '../../../src/domain/image-url.ts';

const HOSTED = 'https://abc.supabase.co/storage/v1/object/public/property-photos/p1/a.jpg';
const LOCAL = 'http://127.0.0.1:54321';
const on = (baseUrl?: string) => ({ transformations: true, baseUrl });
const off = (baseUrl?: string) => ({ transformations: false, baseUrl });

describe('transformedImageUrl, transformations on (width 1200, quality 70)', () => {
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
    expect(transformedImageUrl(url, on(baseUrl))).toBe(expected);
  });

  it('takes another transform', () => {
    expect(transformedImageUrl(HOSTED, { ...on(), transform: { width: 400, quality: 60 } })).toMatch(/\?width=400&quality=60$/);
  });
});

describe('transformedImageUrl, transformations off: the uploaded rendition', () => {
  it.each<[string, string | undefined, number | undefined, string]>([
    [HOSTED, undefined, undefined, `${HOSTED}.w1200.webp`],
    ['/storage/v1/object/public/room-photos/p1/x.png', LOCAL, undefined, `${LOCAL}/storage/v1/object/public/room-photos/p1/x.png.w1200.webp`],
    ['/storage/v1/object/public/room-photos/p1/x.png', undefined, undefined, '/storage/v1/object/public/room-photos/p1/x.png.w1200.webp'],
    // the narrowest stored width at or above the one asked for, else the widest
    [HOSTED, undefined, 400, `${HOSTED}.w480.webp`],
    [HOSTED, undefined, 481, `${HOSTED}.w800.webp`],
    [HOSTED, undefined, 40, `${HOSTED}.w40.webp`],
    [HOSTED, undefined, 2000, `${HOSTED}.w1200.webp`],
    // profile photos keep one avatar size; the cache-buster stays
    [`${LOCAL}/storage/v1/object/public/profile-photos/u1/17.jpeg?t=5`, undefined, 64, `${LOCAL}/storage/v1/object/public/profile-photos/u1/17.jpeg.w256.webp?t=5`],
    // a render URL (an older app's) becomes the rendition of its photo, without the renderer's parameters
    ['https://abc.supabase.co/storage/v1/render/image/public/property-photos/p1/a.jpg?width=100&quality=20', undefined, undefined, `${HOSTED}.w1200.webp`],
    // already a rendition: the rendition of the width asked for, not a rendition of the rendition
    [`${HOSTED}.w480.webp`, undefined, 800, `${HOSTED}.w800.webp`],
    ['https://abc.supabase.co/storage/v1/object/public/property-photos/p1/my%20villa.jpg', undefined, undefined, 'https://abc.supabase.co/storage/v1/object/public/property-photos/p1/my%20villa.jpg.w1200.webp'],
    // a bucket that keeps no renditions: the original
    ['https://abc.supabase.co/storage/v1/object/public/scratch/a.jpg', undefined, undefined, 'https://abc.supabase.co/storage/v1/object/public/scratch/a.jpg'],
    // not a storage public URL: unchanged
    ['https://images.unsplash.com/photo-1?w=800', undefined, undefined, 'https://images.unsplash.com/photo-1?w=800'],
    ['/placeholder-photo.svg', LOCAL, undefined, '/placeholder-photo.svg'],
    ['data:image/png;base64,AAAA', undefined, undefined, 'data:image/png;base64,AAAA'],
    ['', undefined, undefined, ''],
  ])('%s (base %s, width %s)', (url, baseUrl, width, expected) => {
    expect(transformedImageUrl(url, { ...off(baseUrl), ...(width === undefined ? {} : { transform: { width, quality: 70 } }) })).toBe(expected);
  });

  it('never asks for the renderer', () => {
    for (const width of [1, 40, 100, 480, 640, 960, 1200, 5000]) {
      expect(transformedImageUrl(HOSTED, { ...off(), transform: { width, quality: 70 } })).not.toContain('/render/image/');
    }
  });
});

describe('responsiveSrcSet', () => {
  it.each<[string, boolean, string]>([
    ['on: one renderer URL per width', true, 'https://abc.supabase.co/storage/v1/render/image/public/property-photos/p1/a.jpg?width=480&quality=70 480w, https://abc.supabase.co/storage/v1/render/image/public/property-photos/p1/a.jpg?width=800&quality=70 800w'],
    ['off: the stored renditions, each once', false, `${HOSTED}.w480.webp 480w, ${HOSTED}.w800.webp 800w`],
  ])('%s', (_label, transformations, expected) => {
    expect(responsiveSrcSet(HOSTED, [480, 800], { transformations })).toBe(expected);
    if (!transformations) expect(responsiveSrcSet(HOSTED, [400, 480, 640, 800], { transformations })).toBe(expected);
  });

  it('off, for a bucket that keeps no renditions: empty (the src alone)', () => {
    expect(responsiveSrcSet('https://abc.supabase.co/storage/v1/object/public/scratch/a.jpg', [480, 800], off())).toBe('');
  });
});

describe('placeholderImageUrl (width 40, quality 10)', () => {
  it.each<[string, string | undefined, boolean, string]>([
    [HOSTED, undefined, true, 'https://abc.supabase.co/storage/v1/render/image/public/property-photos/p1/a.jpg?width=40&quality=10'],
    ['/storage/v1/object/public/b/a.jpg', LOCAL, true, `${LOCAL}/storage/v1/render/image/public/b/a.jpg?width=40&quality=10`],
    ['https://example.com/a.jpg', undefined, true, 'https://example.com/a.jpg'],
    [HOSTED, undefined, false, `${HOSTED}.w40.webp`],
    ['https://example.com/a.jpg', undefined, false, 'https://example.com/a.jpg'],
  ])('%s (base %s, transformations %s)', (url, baseUrl, transformations, expected) => {
    expect(placeholderImageUrl(url, { transformations, baseUrl })).toBe(expected);
  });
});

describe('originalImageUrl: what a missing rendition falls back to', () => {
  it.each<[string, string | undefined, string]>([
    [`${HOSTED}.w480.webp`, undefined, HOSTED],
    ['https://abc.supabase.co/storage/v1/render/image/public/property-photos/p1/a.jpg?width=1200&quality=70', undefined, HOSTED],
    ['/storage/v1/object/public/profile-photos/u1/17.jpeg.w256.webp?t=5', LOCAL, `${LOCAL}/storage/v1/object/public/profile-photos/u1/17.jpeg?t=5`],
    [HOSTED, undefined, HOSTED],
    ['https://images.unsplash.com/photo-1?w=800', undefined, 'https://images.unsplash.com/photo-1?w=800'],
  ])('%s', (url, baseUrl, expected) => {
    expect(originalImageUrl(url, baseUrl)).toBe(expected);
  });
});

describe('profilePhotoUrl', () => {
  it.each<[boolean, string]>([
    [true, `${LOCAL}/storage/v1/render/image/public/profile-photos/u1/17.jpeg?t=3&width=256&quality=70`],
    [false, `${LOCAL}/storage/v1/object/public/profile-photos/u1/17.jpeg.w256.webp?t=3`],
  ])('transformations %s', (transformations, expected) => {
    expect(profilePhotoUrl('/storage/v1/object/public/profile-photos/u1/17.jpeg', 3, { transformations, baseUrl: LOCAL })).toBe(expected);
    expect(profilePhotoUrl(null, 3, { transformations, baseUrl: LOCAL })).toBe('');
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
    expect(transformedImageUrl(withCacheBust(HOSTED, 9), on())).toBe(
      'https://abc.supabase.co/storage/v1/render/image/public/property-photos/p1/a.jpg?t=9&width=1200&quality=70');
  });
});
