// The one naming rule of photo renditions (docs/decisions/photo-renditions.md) and the app's fallback from a
// missing rendition to the stored photo.
import { describe, expect, it } from 'vitest';
import { isRenditionPath, parseRenditionPath, pickRenditionWidth, renditionPath, renditionQuality, renditionWidths, withRenditionPaths } from '../../../src/lib/photo-renditions.ts';
import { renditionOriginal } from '../../../src/lib/rendition-fallback.ts';

describe('photo renditions', () => {
  it.each<[string, number[]]>([
    ['property-photos', [40, 480, 800, 1200]],
    ['room-photos', [40, 480, 800, 1200]],
    ['profile-photos', [256]],
    ['scratch', []],
  ])('%s keeps %j', (bucket, widths) => {
    expect(renditionWidths(bucket)).toEqual(widths);
  });

  it('names a rendition `<path>.w<width>.webp` and reads the name back', () => {
    expect(renditionPath('p1/17-pool.jpg', 480)).toBe('p1/17-pool.jpg.w480.webp');
    expect(parseRenditionPath('p1/17-pool.jpg.w480.webp')).toEqual({ original: 'p1/17-pool.jpg', width: 480 });
    expect(parseRenditionPath('p1/17-pool.jpg')).toBeNull();
    expect(parseRenditionPath('p1/x.w0.webp')).toBeNull();
  });

  it.each<[string, string, boolean]>([
    ['property-photos', 'p1/a.jpg.w480.webp', true],
    ['property-photos', 'p1/a.jpg.w256.webp', false],
    ['profile-photos', 'u1/a.jpg.w256.webp', true],
    ['profile-photos', 'u1/a.jpg.w480.webp', false],
    ['property-photos', 'p1/a.jpg', false],
  ])('%s: %s is a rendition: %s', (bucket, path, expected) => {
    expect(isRenditionPath(bucket, path)).toBe(expected);
  });

  it('picks the narrowest width at or above the one asked for, else the widest; none for a bucket without', () => {
    expect([1, 40, 41, 480, 481, 1200, 9999].map((width) => pickRenditionWidth('property-photos', width))).toEqual([40, 40, 480, 480, 800, 1200, 1200]);
    expect(pickRenditionWidth('profile-photos', 64)).toBe(256);
    expect(pickRenditionWidth('scratch', 480)).toBeNull();
  });

  it('encodes the placeholder at the renderer’s placeholder quality, the rest at the display quality', () => {
    expect(renditionQuality(40)).toBe(0.1);
    expect(renditionQuality(800)).toBe(0.7);
  });

  it('lists what removing photos must remove: each photo and its renditions', () => {
    expect(withRenditionPaths('profile-photos', ['u1/a.jpg', 'u1/b.png'])).toEqual(['u1/a.jpg', 'u1/a.jpg.w256.webp', 'u1/b.png', 'u1/b.png.w256.webp']);
    expect(withRenditionPaths('scratch', ['x/a.jpg'])).toEqual(['x/a.jpg']);
  });
});

describe('renditionOriginal: the stored photo behind a rendition URL', () => {
  it.each<[string, string | null]>([
    ['https://abc.supabase.co/storage/v1/object/public/property-photos/p1/a.jpg.w480.webp', 'https://abc.supabase.co/storage/v1/object/public/property-photos/p1/a.jpg'],
    ['http://127.0.0.1:54321/storage/v1/object/public/profile-photos/u1/17.jpeg.w256.webp?t=5', 'http://127.0.0.1:54321/storage/v1/object/public/profile-photos/u1/17.jpeg?t=5'],
    // the original itself, a renderer URL, a width the bucket does not keep, another site: nothing to fall back to
    ['https://abc.supabase.co/storage/v1/object/public/property-photos/p1/a.jpg', null],
    ['https://abc.supabase.co/storage/v1/render/image/public/property-photos/p1/a.jpg?width=480', null],
    ['https://abc.supabase.co/storage/v1/object/public/property-photos/p1/a.jpg.w256.webp', null],
    ['https://images.example.com/a.jpg.w480.webp', null],
    ['not a url', null],
  ])('%s', (href, expected) => {
    expect(renditionOriginal(href)).toBe(expected);
  });
});
