// Renders the landing page's hero photo into public/images from the demo listing it shows (the Tulum
// villa's first photo, supabase/seed/demo-photo-scenes.ts), at the two widths the page asks for
// (src/features/landing/landing-photo.ts). Run: npx tsx tests/tools/generate-landing-photo.ts
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import { properties } from '../../supabase/seed/demo-data.ts';
import { propertySvg } from '../../supabase/seed/demo-photo-scenes.ts';
import { LANDING_PHOTO } from '../../src/features/landing/landing-photo.ts';

const property = properties.find((candidate) => candidate.id === LANDING_PHOTO.propertyId);
if (!property) throw new Error(`no demo property ${LANDING_PHOTO.propertyId}`);
const source = Buffer.from(propertySvg(property, 1));

await mkdir('public/images', { recursive: true });
for (const width of LANDING_PHOTO.widths) {
  const target = `public${LANDING_PHOTO.src(width)}`;
  const { size } = await sharp(source, { density: 72 * (width / LANDING_PHOTO.width) * 1.5 })
    .resize(width, Math.round((width * LANDING_PHOTO.height) / LANDING_PHOTO.width))
    .webp({ quality: 72, effort: 6 })
    .toFile(target);
  console.log(`${target}: ${Math.round(size / 1024)} KiB`);
}
