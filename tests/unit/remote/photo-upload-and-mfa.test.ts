import { describe, expect, it } from 'vitest';
import { photoExtension, timestampedPhotoPath } from '../../../src/remote/photo-upload.ts';
import { qrCodeImageSource } from '../../../src/remote/mfa.ts';

describe('profile photo object paths', () => {
  it.each<[{ name?: string; type: string }, string]>([
    [{ name: 'Me.JPG', type: 'image/jpeg' }, 'jpg'],
    [{ name: 'photo.webp', type: '' }, 'webp'],
    [{ name: 'blob', type: 'image/jpeg' }, 'jpg'],
    [{ type: 'image/png' }, 'png'],
    [{ type: 'image/svg+xml' }, 'svg'],
    [{ name: 'noext', type: '' }, 'jpg'],
  ])('%j → .%s', (file, extension) => {
    expect(photoExtension(file)).toBe(extension);
  });

  it('is {folder}/{timestamp}.{extension}', () => {
    expect(timestampedPhotoPath('user-1', { name: 'a.png', type: 'image/png' }, 1_736_000_000_000)).toBe('user-1/1736000000000.png');
  });
});

describe('TOTP QR code image source', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#ffffff" d="M0 0h1"/></svg>';

  it('percent-encodes the SVG auth-js prefixes raw, so "#" does not cut the data URL', () => {
    const source = qrCodeImageSource(`data:image/svg+xml;utf-8,${svg}`);
    expect(source.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(source).not.toContain('#');
    expect(decodeURIComponent(source.slice(source.indexOf(',') + 1))).toBe(svg);
  });

  it('accepts a bare SVG and leaves other sources alone', () => {
    expect(qrCodeImageSource(svg)).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    expect(qrCodeImageSource('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});
