// upload-photo checks a rendition is no wider than its name says by reading the WebP header (no decoding).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { webpWidth } from '../../../supabase/functions/upload-photo/photo-bytes.ts';

const image = (width: number, channels: 3 | 4) => sharp({ create: { width, height: 7, channels, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } });

describe('webpWidth', () => {
  it.each<[string, () => Promise<Buffer>, number]>([
    ['lossy (VP8)', () => image(480, 3).webp().toBuffer(), 480],
    ['lossless (VP8L)', () => image(801, 3).webp({ lossless: true }).toBuffer(), 801],
    ['with alpha (VP8X)', () => image(1200, 4).webp().toBuffer(), 1200],
    ['with metadata (VP8X)', () => image(40, 3).webp().withExif({ IFD0: { Make: 'x' } }).toBuffer(), 40],
  ])('%s', async (_label, bytes, width) => {
    expect(webpWidth(new Uint8Array(await bytes()))).toBe(width);
  });

  it('is null for another type or truncated bytes', async () => {
    expect(webpWidth(new Uint8Array(await image(40, 3).png().toBuffer()))).toBeNull();
    expect(webpWidth(new Uint8Array((await image(40, 3).webp().toBuffer()).subarray(0, 20)))).toBeNull();
  });
});
