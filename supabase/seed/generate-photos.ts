// Renders the demo photo set into seed/storage/<bucket>/<path>.webp: designed placeholder scenes
// (gradient skies, sea, terraces, roofs, villas, rooms, avatars) drawn as SVG and encoded by sharp.
// The files are committed (small webp, ~800x600 q60); the stand-in uploads the folder at seed time.
// Run: npx tsx supabase/seed/generate-photos.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { photoPaths, properties, propertyPhotoCount, users } from './demo-data.ts';
import type { DemoProperty, DemoRoom, DemoUser, SceneKind } from './demo-data.ts';

const width = 800;
const height = 600;
const outputRoot = join(dirname(fileURLToPath(import.meta.url)), 'storage');

/** Small deterministic generator so every run draws the same pictures. */
function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function sky(top: string, bottom: string, sunX: number, sunY: number): string {
  return `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fffbeb"/><stop offset="0.6" stop-color="#fef3c7" stop-opacity="0.9"/><stop offset="1" stop-color="#fef3c7" stop-opacity="0"/></radialGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#38bdf8"/><stop offset="1" stop-color="#0c4a6e"/></linearGradient>
    <linearGradient id="pool" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#67e8f9"/><stop offset="1" stop-color="#0891b2"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${sunY}" r="110" fill="url(#sun)"/>`;
}

function palm(x: number, baseY: number, scale: number, colour: string): string {
  const top = baseY - 230 * scale;
  const leaves = [-70, -35, 0, 35, 70, 110, -110]
    .map((angle) => `<path d="M0 0 q ${60 * scale} ${-25 * scale} ${120 * scale} ${20 * scale} q ${-60 * scale} ${-5 * scale} ${-120 * scale} ${-20 * scale}z" fill="${colour}" transform="rotate(${angle})"/>`)
    .join('');
  return `<path d="M${x} ${baseY} q ${18 * scale} ${-120 * scale} ${-6 * scale} ${-230 * scale}" stroke="${colour}" stroke-width="${9 * scale}" fill="none" stroke-linecap="round"/>
  <g transform="translate(${x - 6 * scale} ${top})">${leaves}</g>`;
}

function villa(x: number, baseY: number, w: number, accent: string): string {
  const h = w * 0.42;
  return `<g>
    <rect x="${x}" y="${baseY - h}" width="${w}" height="${h}" fill="#f8fafc"/>
    <rect x="${x + w * 0.55}" y="${baseY - h * 1.55}" width="${w * 0.45}" height="${h * 0.55}" fill="#f1f5f9"/>
    <path d="M${x - 12} ${baseY - h} h ${w * 0.62} l -14 -16 h ${-(w * 0.62) + 28} z" fill="${accent}" opacity="0.85"/>
    ${[0.08, 0.3].map((f) => `<rect x="${x + w * f}" y="${baseY - h * 0.75}" width="${w * 0.16}" height="${h * 0.5}" fill="#0f172a" opacity="0.75"/>`).join('')}
    <rect x="${x + w * 0.62}" y="${baseY - h * 1.38}" width="${w * 0.3}" height="${h * 0.3}" fill="#0f172a" opacity="0.7"/>
    <rect x="${x + w * 0.58}" y="${baseY - h * 0.78}" width="${w * 0.36}" height="${h * 0.78}" fill="#1e293b" opacity="0.7"/>
  </g>`;
}

function landscape(kind: SceneKind, palette: DemoProperty['palette'], random: () => number): string {
  const [, , accent] = palette;
  switch (kind) {
    case 'rice-terraces':
      return Array.from({ length: 7 }, (_, i) => {
        const y = 300 + i * 48;
        const wobble = 30 + random() * 40;
        const shade = ['#365314', '#3f6212', '#4d7c0f', '#65a30d', '#84cc16', '#4d7c0f', '#365314'][i];
        return `<path d="M0 ${y} C 200 ${y - wobble}, 420 ${y + wobble}, 800 ${y - wobble / 2} V 600 H 0 Z" fill="${shade}"/>`;
      }).join('') + palm(660, 330, 0.9, '#14532d');
    case 'surf-beach':
      return `<rect y="330" width="${width}" height="170" fill="url(#sea)"/>
        ${Array.from({ length: 5 }, (_, i) => `<path d="M0 ${360 + i * 28} q 100 -12 200 0 t 200 0 t 200 0 t 200 0" stroke="#e0f2fe" stroke-opacity="${0.5 - i * 0.07}" stroke-width="3" fill="none"/>`).join('')}
        <path d="M0 480 Q 400 440 800 470 V 600 H 0 Z" fill="#fde68a"/>
        ${palm(110, 520, 1, '#1f2937')}${palm(200, 540, 0.7, '#1f2937')}`;
    case 'city-roofs':
      return Array.from({ length: 9 }, (_, i) => {
        const w = 90 + random() * 40;
        const x = i * 92 - 20;
        const h = 140 + random() * 140;
        const wall = ['#fde68a', '#fecaca', '#bfdbfe', '#f5f5f4', '#fed7aa'][i % 5];
        const windows = Array.from({ length: 3 }, (_, r) =>
          `<rect x="${x + 18}" y="${600 - h + 40 + r * 50}" width="16" height="26" fill="#334155" opacity="0.7"/><rect x="${x + w - 40}" y="${600 - h + 40 + r * 50}" width="16" height="26" fill="#334155" opacity="0.7"/>`).join('');
        return `<rect x="${x}" y="${600 - h}" width="${w}" height="${h}" fill="${wall}"/><path d="M${x - 6} ${600 - h} l ${w / 2 + 6} -40 l ${w / 2 + 6} 40 z" fill="${accent}"/>${windows}`;
      }).join('');
    case 'cliff-sea':
      return `<rect y="340" width="${width}" height="260" fill="url(#sea)"/>
        <path d="M430 600 L 470 330 Q 600 300 800 310 V 600 Z" fill="#57534e"/>
        <path d="M460 340 Q 600 300 800 312 V 340 Z" fill="#65a30d"/>
        ${villa(560, 322, 150, accent)}
        ${Array.from({ length: 4 }, (_, i) => `<path d="M0 ${380 + i * 40} q 80 -10 160 0 t 160 0 t 160 0" stroke="#e0f2fe" stroke-opacity="0.35" stroke-width="3" fill="none"/>`).join('')}`;
    case 'jungle-pool':
      return `<path d="M0 330 Q 200 250 400 320 T 800 300 V 600 H 0 Z" fill="#166534"/>
        ${villa(420, 440, 300, accent)}
        <rect x="60" y="450" width="680" height="150" fill="#e7e5e4"/>
        <path d="M110 470 H 690 L 740 590 H 60 Z" fill="url(#pool)"/>
        ${Array.from({ length: 3 }, (_, i) => `<path d="M${160 + i * 150} ${510 + i * 20} q 40 -8 80 0" stroke="#ecfeff" stroke-width="3" fill="none" opacity="0.7"/>`).join('')}
        ${palm(90, 470, 1.1, '#14532d')}${palm(730, 460, 0.9, '#14532d')}`;
    case 'mountain-city':
      return `<path d="M0 380 L 160 210 L 300 340 L 470 170 L 640 330 L 800 240 V 600 H 0 Z" fill="#475569"/>
        <path d="M0 420 L 210 300 L 380 400 L 560 290 L 800 410 V 600 H 0 Z" fill="#334155"/>
        ${Array.from({ length: 14 }, (_, i) => {
          const h = 50 + random() * 90;
          return `<rect x="${i * 58}" y="${600 - h}" width="50" height="${h}" fill="${['#e2e8f0', '#fef3c7', '#fde2e4'][i % 3]}"/><rect x="${i * 58 + 10}" y="${600 - h + 14}" width="10" height="14" fill="#1e293b" opacity="0.6"/>`;
        }).join('')}`;
  }
}

function caption(title: string, subtitle: string): string {
  return `<rect y="430" width="${width}" height="170" fill="url(#shade)"/>
    <text x="40" y="540" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="44" font-weight="700" fill="#ffffff">${escapeXml(title)}</text>
    <text x="42" y="574" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="20" fill="#f1f5f9" opacity="0.9">${escapeXml(subtitle)}</text>`;
}

function propertySvg(property: DemoProperty, n: number): string {
  const random = seededRandom(`${property.id}-${n}`);
  const [top, bottom, accent] = property.palette;
  let body: string;
  if (n === 1) {
    body = sky(top, bottom, 200 + random() * 400, 140) + landscape(property.scene, property.palette, random);
  } else if (n === 2) {
    body = `${sky(bottom, top, 620, 120)}
      <path d="M0 360 Q 400 320 800 360 V 600 H 0 Z" fill="#15803d"/>
      ${villa(170, 430, 460, accent)}
      <rect x="0" y="430" width="${width}" height="170" fill="#e7e5e4"/>
      <path d="M120 450 H 680 L 720 560 H 80 Z" fill="url(#pool)"/>
      ${palm(70, 440, 1, '#14532d')}${palm(740, 430, 0.85, '#14532d')}`;
  } else {
    body = workspaceInterior(top, bottom, accent);
  }
  const subtitle = n === 3 ? `Workspace · ${property.wifiSpeedMbps} Mbps Wi-Fi` : `${property.name}`;
  return svg(body + caption(property.city, subtitle));
}

function workspaceInterior(top: string, bottom: string, accent: string): string {
  return `${sky(top, bottom, 560, 160)}
    <rect width="${width}" height="${height}" fill="#f5f5f4" opacity="0"/>
    <path d="M0 0 H 800 V 600 H 0 Z M 120 70 V 360 H 680 V 70 Z" fill="#f5f0e8" fill-rule="evenodd"/>
    <rect x="395" y="70" width="10" height="290" fill="#e7e5e4"/>
    <rect x="120" y="210" width="560" height="8" fill="#e7e5e4"/>
    <rect x="0" y="400" width="${width}" height="200" fill="#d6c4a8"/>
    <rect x="150" y="380" width="500" height="22" rx="4" fill="#92400e"/>
    <rect x="180" y="402" width="14" height="150" fill="#78350f"/><rect x="606" y="402" width="14" height="150" fill="#78350f"/>
    <rect x="300" y="290" width="170" height="90" rx="6" fill="#1e293b"/><rect x="308" y="298" width="154" height="74" fill="${accent}" opacity="0.55"/>
    <rect x="370" y="380" width="30" height="6" fill="#334155"/>
    <path d="M520 380 h 40 l -8 -40 h -24 z" fill="#15803d"/><circle cx="540" cy="325" r="26" fill="#16a34a"/>
    <rect x="210" y="355" width="60" height="25" rx="4" fill="#f8fafc"/>`;
}

function roomSvg(property: DemoProperty, room: DemoRoom): string {
  const random = seededRandom(room.id);
  const [top, bottom, accent] = property.palette;
  const wall = ['#f5f0e8', '#eef2f1', '#f3ede4', '#f1f5f9'][Math.floor(random() * 4)] ?? '#f5f0e8';
  const linen = ['#e0f2fe', '#fef3c7', '#fce7f3', '#ecfccb'][Math.floor(random() * 4)] ?? '#e0f2fe';
  const body = `${sky(top, bottom, 250, 140)}${landscape(property.scene, property.palette, random)}
    <path d="M0 0 H 800 V 600 H 0 Z M 90 60 V 330 H 470 V 60 Z" fill="${wall}" fill-rule="evenodd"/>
    <rect x="275" y="60" width="8" height="270" fill="#e7e5e4"/>
    <rect x="0" y="430" width="${width}" height="170" fill="#c8b28e"/>
    <rect x="360" y="300" width="380" height="70" rx="10" fill="#78350f"/>
    <rect x="350" y="360" width="400" height="110" rx="12" fill="#ffffff"/>
    <rect x="350" y="400" width="400" height="70" rx="10" fill="${linen}"/>
    <rect x="380" y="330" width="110" height="48" rx="14" fill="#f8fafc"/><rect x="510" y="330" width="110" height="48" rx="14" fill="#f8fafc"/>
    <rect x="350" y="470" width="14" height="40" fill="#78350f"/><rect x="736" y="470" width="14" height="40" fill="#78350f"/>
    <rect x="60" y="380" width="180" height="14" fill="#92400e"/><rect x="70" y="394" width="10" height="110" fill="#78350f"/><rect x="220" y="394" width="10" height="110" fill="#78350f"/>
    <path d="M150 380 l 20 -60 h 30 l -20 60 z" fill="${accent}"/>
    <circle cx="120" cy="350" r="22" fill="#16a34a"/><rect x="108" y="360" width="24" height="20" fill="#a16207"/>`;
  return svg(body + caption(room.name, `${property.city} · $${room.pricePerWeek}/week`));
}

function avatarSvg(user: DemoUser): string {
  const initials = user.name.split(' ').filter(Boolean).map((w) => w[0]?.toUpperCase() ?? '').join('').slice(0, 2);
  const [from, to] = user.palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="256" height="256" fill="url(#g)"/>
    <circle cx="128" cy="104" r="46" fill="#ffffff" opacity="0.25"/>
    <path d="M40 256 q 88 -110 176 0 z" fill="#ffffff" opacity="0.25"/>
    <text x="128" y="150" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="84" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>
  </svg>`;
}

const svg = (body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

async function render(bucket: string, path: string, source: string): Promise<number> {
  const target = join(outputRoot, bucket, path);
  await mkdir(dirname(target), { recursive: true });
  const bytes = await sharp(Buffer.from(source)).webp({ quality: 60, effort: 6 }).toBuffer();
  await writeFile(target, bytes);
  return bytes.length;
}

async function main(): Promise<void> {
  let count = 0;
  let total = 0;
  let largest = 0;
  const add = (size: number): void => {
    count += 1;
    total += size;
    largest = Math.max(largest, size);
  };
  for (const property of properties) {
    for (let n = 1; n <= propertyPhotoCount; n += 1) add(await render('property-photos', photoPaths.property(property, n), propertySvg(property, n)));
    for (const room of property.rooms) add(await render('room-photos', photoPaths.room(property, room), roomSvg(property, room)));
  }
  for (const user of users) add(await render('profile-photos', photoPaths.avatar(user), avatarSvg(user)));
  console.log(`rendered ${count} photos, ${Math.round(total / 1024)} KiB total, largest ${Math.round(largest / 1024)} KiB`);
}

await main();
