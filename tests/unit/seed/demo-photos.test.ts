// The demo photos the seed ships are small webp files, one picture per room (not one
// per house) and different covers per villa. generate-photos.ts draws them; this checks its output.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { photoPaths, properties, propertyPhotoCount, users } from '../../../supabase/seed/demo-data.ts';
import { avatarSvg, propertySvg, roomSvg } from '../../../supabase/seed/demo-photo-scenes.ts';
import { renditionPath, renditionWidths } from '../../../src/lib/photo-renditions.ts';
import { webpWidth } from '../../../supabase/functions/upload-photo/photo-bytes.ts';

const storage = join(__dirname, '../../../supabase/seed/storage');
const read = (bucket: string, path: string) => readFileSync(join(storage, bucket, path));
const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const MAX_PHOTO_BYTES = 16 * 1024;

/** WCAG contrast ratio of white text on a #rrggbb background. */
function contrastWithWhite(hex: string): number {
  const linear = (index: number) => {
    const value = parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(0) + 0.7152 * linear(1) + 0.0722 * linear(2);
  return 1.05 / (luminance + 0.05);
}

describe('demo photos', () => {
  // Captions baked into a picture get covered by carousel dots and cut by crops ("udio Nook").
  it('villa and room scenes carry no text', () => {
    for (const property of properties) {
      for (let n = 1; n <= propertyPhotoCount; n += 1) expect(propertySvg(property, n)).not.toMatch(/<text/);
      for (const room of property.rooms) expect(roomSvg(property, room)).not.toMatch(/<text/);
    }
  });

  it.each(properties.map((property) => [property.name, property] as const))('%s: every room has its own picture', (_name, property) => {
    const rooms = property.rooms.map((room) => digest(read('room-photos', photoPaths.room(property, room))));
    expect(new Set(rooms).size).toBe(rooms.length);
  });

  it('every villa has its own covers', () => {
    const covers = properties.flatMap((property) =>
      Array.from({ length: propertyPhotoCount }, (_, index) => digest(read('property-photos', photoPaths.property(property, index + 1)))),
    );
    expect(new Set(covers).size).toBe(covers.length);
  });

  // The avatars are the nav's and cards' faces: their white initials need 4.5:1 (WCAG AA) on every colour
  // they can fall on. Translucent shapes may only darken (black), never lighten the background.
  it.each(users.map((user) => [user.name, user] as const))('%s: white initials keep 4.5:1 on the avatar', (_name, user) => {
    const svg = avatarSvg(user);
    expect(svg).toMatch(/<text[^>]*fill="#ffffff"/);
    const stops = [...svg.matchAll(/stop-color="(#[0-9a-f]{6})"/gi)].map((match) => match[1]!);
    expect(stops.length).toBeGreaterThan(0);
    for (const colour of stops) expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5);
    const overlays = [...svg.matchAll(/<(?:circle|path|rect)[^>]*fill="(#[0-9a-f]{6})"[^>]*opacity=/gi)].map((match) => match[1]!.toLowerCase());
    for (const colour of overlays) expect(colour).toBe('#000000');
  });

  it('every photo is a small webp', () => {
    for (const property of properties) {
      const files = [
        ...property.rooms.map((room) => read('room-photos', photoPaths.room(property, room))),
        ...Array.from({ length: propertyPhotoCount }, (_, index) => read('property-photos', photoPaths.property(property, index + 1))),
      ];
      for (const bytes of files) {
        expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
        expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
        expect(bytes.length).toBeLessThan(MAX_PHOTO_BYTES);
      }
    }
  });

  // Without Image Transformations the app shows these (docs/decisions/photo-renditions.md): every demo photo
  // carries each rendition its bucket keeps, a WebP no wider than its name says.
  it('every photo carries its renditions', () => {
    const photos = [
      ...properties.flatMap((property) => [
        ...property.rooms.map((room) => ['room-photos', photoPaths.room(property, room)] as const),
        ...Array.from({ length: propertyPhotoCount }, (_, index) => ['property-photos', photoPaths.property(property, index + 1)] as const),
      ]),
      ...users.map((user) => ['profile-photos', photoPaths.avatar(user)] as const),
    ];
    for (const [bucket, path] of photos) {
      expect(renditionWidths(bucket).length).toBeGreaterThan(0);
      for (const width of renditionWidths(bucket)) {
        const bytes = read(bucket, renditionPath(path, width));
        expect(webpWidth(new Uint8Array(bytes)), `${bucket}/${path} w${width}`).toBeLessThanOrEqual(width);
      }
    }
  });
});

