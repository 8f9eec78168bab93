// Issue 18 item 8: the demo photos the seed ships are small webp files, one picture per room (not one
// per house) and different covers per villa. generate-photos.ts draws them; this checks its output.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { photoPaths, properties, propertyPhotoCount } from '../../../supabase/seed/demo-data.ts';
import { propertySvg, roomSvg } from '../../../supabase/seed/demo-photo-scenes.ts';

const storage = join(__dirname, '../../../supabase/seed/storage');
const read = (bucket: string, path: string) => readFileSync(join(storage, bucket, path));
const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const MAX_PHOTO_BYTES = 16 * 1024;

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
});
