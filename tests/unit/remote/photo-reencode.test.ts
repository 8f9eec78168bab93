import { describe, expect, it } from 'vitest';
import { fitWidth, fitWithin, MAX_PHOTO_EDGE, pathForType, reencodeType } from '../../../src/remote/photo-reencode.ts';

describe('photo re-encoding plan', () => {
  it('keeps a photo within the longest edge, keeping its proportions, and never enlarges it', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: MAX_PHOTO_EDGE, height: 1920 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1920, height: MAX_PHOTO_EDGE });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10000, 3, 1000)).toEqual({ width: 1000, height: 1 });
  });

  it('draws a rendition at the width it is named by, keeping proportions, never wider than the photo', () => {
    expect(fitWidth(2560, 1920, 480)).toEqual({ width: 480, height: 360 });
    expect(fitWidth(1920, 2560, 40)).toEqual({ width: 40, height: 53 });
    expect(fitWidth(600, 400, 1200)).toEqual({ width: 600, height: 400 });
  });

  it('encodes JPEG, PNG and WebP as themselves, anything else as JPEG', () => {
    expect(reencodeType('image/jpeg')).toBe('image/jpeg');
    expect(reencodeType('image/png')).toBe('image/png');
    expect(reencodeType('image/webp')).toBe('image/webp');
    expect(reencodeType('image/avif')).toBe('image/jpeg');
    expect(reencodeType('')).toBe('image/jpeg');
  });

  it('gives the object path the extension of the type it was encoded to', () => {
    expect(pathForType('u/1718000000000.avif', 'image/jpeg')).toBe('u/1718000000000.jpg');
    expect(pathForType('p/17-terrace.png', 'image/webp')).toBe('p/17-terrace.webp');
    expect(pathForType('p/17-photo', 'image/jpeg')).toBe('p/17-photo.jpg');
    expect(pathForType('p.d/17-photo', 'image/png')).toBe('p.d/17-photo.png');
  });
});
