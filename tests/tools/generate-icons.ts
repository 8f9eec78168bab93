// Renders the PWA icons in public/icons from public/favicon.svg (run: npx tsx tests/tools/generate-icons.ts).
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';

const svg = await readFile('public/favicon.svg');
const brand = '#0f766e';

for (const size of [192, 512]) {
  await sharp(svg, { density: 600 }).resize(size, size).png().toFile(`public/icons/icon-${size}.png`);
}
await sharp(svg, { density: 600 }).resize(180, 180).flatten({ background: brand }).png().toFile('public/icons/apple-touch-icon.png');

// Maskable: the mark inside the 80% safe zone on a full-bleed brand background.
const inner = await sharp(svg, { density: 600 }).resize(360, 360).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: brand } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile('public/icons/icon-maskable-512.png');
console.log('icons written to public/icons');
