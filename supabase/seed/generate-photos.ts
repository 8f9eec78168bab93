// Renders the demo photo set (demo-photo-scenes.ts) into seed/storage/<bucket>/<path>.webp with sharp,
// each with the renditions its bucket keeps (`<path>.w<width>.webp`, docs/decisions/photo-renditions.md),
// so the app shows every demo photo without Image Transformations. The files are committed (small webp,
// ~800x600 q60); the stand-in uploads the folder at seed time.
// Run: npx tsx supabase/seed/generate-photos.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { renditionPath, renditionQuality, renditionWidths } from '../functions/_shared/domain/photo-renditions.ts';
import { photoPaths, properties, propertyPhotoCount, users } from './demo-data.ts';
import { avatarSvg, propertySvg, roomSvg } from './demo-photo-scenes.ts';

const outputRoot = join(dirname(fileURLToPath(import.meta.url)), 'storage');

async function write(bucket: string, path: string, bytes: Buffer): Promise<number> {
  const target = join(outputRoot, bucket, path);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, bytes);
  return bytes.length;
}

/** The photo and its renditions (never wider than the photo); the sizes of the files written. */
async function render(bucket: string, path: string, source: string): Promise<number[]> {
  const sizes = [await write(bucket, path, await sharp(Buffer.from(source)).webp({ quality: 60, effort: 6 }).toBuffer())];
  for (const width of renditionWidths(bucket)) {
    const bytes = await sharp(Buffer.from(source)).resize({ width, withoutEnlargement: true }).webp({ quality: Math.round(renditionQuality(width) * 100), effort: 6 }).toBuffer();
    sizes.push(await write(bucket, renditionPath(path, width), bytes));
  }
  return sizes;
}

async function main(): Promise<void> {
  let count = 0;
  let total = 0;
  let largest = 0;
  const add = (sizes: number[]): void => {
    for (const size of sizes) {
      count += 1;
      total += size;
      largest = Math.max(largest, size);
    }
  };
  for (const property of properties) {
    for (let n = 1; n <= propertyPhotoCount; n += 1) add(await render('property-photos', photoPaths.property(property, n), propertySvg(property, n)));
    for (const room of property.rooms) add(await render('room-photos', photoPaths.room(property, room), roomSvg(property, room)));
  }
  for (const user of users) add(await render('profile-photos', photoPaths.avatar(user), avatarSvg(user)));
  console.log(`rendered ${count} photos, ${Math.round(total / 1024)} KiB total, largest ${Math.round(largest / 1024)} KiB`);
}

await main();
