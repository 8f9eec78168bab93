// The demo photo set as SVG: designed placeholder scenes without text (gradient skies, sea, terraces,
// roofs, villas, rooms), varied per property and per room; avatars carry initials. generate-photos.ts
// encodes them; tests/unit/seed/demo-photos.test.ts checks them.
import type { DemoProperty, DemoRoom, DemoUser, SceneKind } from './demo-data.ts';

const width = 800;
const height = 600;

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

/** A pick from `options` by the seeded generator, so every run draws the same variant. */
function pick<T>(random: () => number, options: readonly T[]): T {
  return options[Math.floor(random() * options.length) % options.length] as T;
}

function lounger(x: number, y: number, colour: string): string {
  return `<path d="M${x} ${y} h 90 l 30 -34 h 14 l -30 40 h -104 z" fill="${colour}"/>
    <rect x="${x + 6}" y="${y + 6}" width="6" height="22" fill="#57534e"/><rect x="${x + 84}" y="${y + 6}" width="6" height="22" fill="#57534e"/>`;
}

function tree(x: number, baseY: number, scale: number, colour: string): string {
  return `<rect x="${x - 6 * scale}" y="${baseY - 90 * scale}" width="${12 * scale}" height="${90 * scale}" fill="#78350f"/>
    <circle cx="${x}" cy="${baseY - 120 * scale}" r="${60 * scale}" fill="${colour}"/>
    <circle cx="${x - 40 * scale}" cy="${baseY - 95 * scale}" r="${40 * scale}" fill="${colour}" opacity="0.9"/>
    <circle cx="${x + 42 * scale}" cy="${baseY - 98 * scale}" r="${42 * scale}" fill="${colour}" opacity="0.85"/>`;
}

/** The second photo of a property: one of a few outdoor views (pool, garden, roof terrace), mirrored or not. */
function outdoorSvg(property: DemoProperty, random: () => number): string {
  const [top, bottom, accent] = property.palette;
  const variant = pick(random, ['pool', 'garden', 'terrace'] as const);
  const villaX = 120 + random() * 260;
  const villaWidth = 300 + random() * 160;
  const body = (() => {
    switch (variant) {
      case 'pool':
        return `<path d="M0 360 Q 400 320 800 360 V 600 H 0 Z" fill="#15803d"/>
          ${villa(villaX, 430, villaWidth, accent)}
          <rect x="0" y="430" width="${width}" height="170" fill="#e7e5e4"/>
          <path d="M${80 + random() * 80} 450 H ${600 + random() * 100} L ${640 + random() * 100} 560 H ${40 + random() * 60} Z" fill="url(#pool)"/>
          ${lounger(620, 420, '#f8fafc')}${palm(60, 440, 1, '#14532d')}`;
      case 'garden':
        return `<path d="M0 380 Q 400 340 800 380 V 600 H 0 Z" fill="#4d7c0f"/>
          ${villa(villaX, 440, villaWidth, accent)}
          <path d="M0 440 H 800 V 600 H 0 Z" fill="#65a30d"/>
          <path d="M${villaX + villaWidth * 0.7} 440 L ${villaX + villaWidth * 0.5} 600 H ${villaX + villaWidth * 0.9} Z" fill="#d6d3d1"/>
          ${tree(70 + random() * 40, 470, 1, '#166534')}${tree(720 - random() * 40, 480, 0.8, '#15803d')}
          <path d="M180 520 q 60 30 120 0" stroke="#a16207" stroke-width="6" fill="none"/>`;
      case 'terrace':
        return `${landscape(property.scene, property.palette, random)}
          <rect x="0" y="440" width="${width}" height="160" fill="#a8a29e"/>
          <rect x="0" y="420" width="${width}" height="20" fill="#e7e5e4"/>
          ${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 70 + 10}" y="380" width="6" height="40" fill="#e7e5e4"/>`).join('')}
          <rect x="0" y="376" width="${width}" height="6" fill="#e7e5e4"/>
          ${lounger(140 + random() * 120, 520, '#f8fafc')}${lounger(430 + random() * 120, 530, accent)}
          <circle cx="${680 - random() * 40}" cy="470" r="30" fill="#16a34a"/><rect x="${662 - random() * 40}" y="490" width="36" height="40" fill="#a16207"/>`;
    }
  })();
  const flipped = random() < 0.5;
  return sky(bottom, top, flipped ? 180 : 620, 120) + (flipped ? `<g transform="translate(${width} 0) scale(-1 1)">${body}</g>` : body);
}

export function propertySvg(property: DemoProperty, n: number): string {
  const random = seededRandom(`${property.id}-${n}`);
  const [top, bottom] = property.palette;
  if (n === 1) return svg(sky(top, bottom, 200 + random() * 400, 140) + landscape(property.scene, property.palette, random));
  if (n === 2) return svg(outdoorSvg(property, random));
  return svg(workspaceInterior(property, random));
}

function workspaceInterior(property: DemoProperty, random: () => number): string {
  const [top, bottom, accent] = property.palette;
  const wall = pick(random, ['#f5f0e8', '#eef2f1', '#f1f5f9', '#fdf4e7']);
  const desk = pick(random, ['#92400e', '#a16207', '#57534e', '#f5f5f4']);
  const floor = pick(random, ['#d6c4a8', '#a8a29e', '#c8b28e', '#e7e5e4']);
  const screens = 1 + Math.floor(random() * 2);
  const deskX = 110 + random() * 90;
  return `${sky(top, bottom, 560, 160)}
    <path d="M0 0 H 800 V 600 H 0 Z M 120 70 V 360 H 680 V 70 Z" fill="${wall}" fill-rule="evenodd"/>
    <rect x="395" y="70" width="10" height="290" fill="#e7e5e4"/>
    <rect x="120" y="210" width="560" height="8" fill="#e7e5e4"/>
    <rect x="0" y="400" width="${width}" height="200" fill="${floor}"/>
    <rect x="${deskX}" y="380" width="520" height="22" rx="4" fill="${desk}"/>
    <rect x="${deskX + 30}" y="402" width="14" height="150" fill="#44403c"/><rect x="${deskX + 476}" y="402" width="14" height="150" fill="#44403c"/>
    ${Array.from({ length: screens }, (_, i) => {
      const x = deskX + 150 + i * 190;
      return `<rect x="${x}" y="290" width="170" height="90" rx="6" fill="#1e293b"/><rect x="${x + 8}" y="298" width="154" height="74" fill="${accent}" opacity="0.55"/><rect x="${x + 70}" y="380" width="30" height="6" fill="#334155"/>`;
    }).join('')}
    <path d="M${deskX + 430} 380 h 40 l -8 -40 h -24 z" fill="#15803d"/><circle cx="${deskX + 450}" cy="325" r="26" fill="#16a34a"/>
    <rect x="${deskX + 60}" y="355" width="60" height="25" rx="4" fill="#f8fafc"/>
    <path d="M${deskX + 200} 600 v -90 h 80 v 90" stroke="#1f2937" stroke-width="10" fill="none"/>`;
}

/** A room: window, bed, desk and art placed and coloured per room, so the rooms of one house differ. */
export function roomSvg(property: DemoProperty, room: DemoRoom): string {
  const random = seededRandom(room.id);
  const [top, bottom, accent] = property.palette;
  const wall = pick(random, ['#f5f0e8', '#eef2f1', '#f3ede4', '#f1f5f9', '#fdf2f8', '#ecfeff']);
  const linen = pick(random, ['#e0f2fe', '#fef3c7', '#fce7f3', '#ecfccb', '#ede9fe', '#f5f5f4']);
  const wood = pick(random, ['#78350f', '#a16207', '#57534e', '#1c1917']);
  const floor = pick(random, ['#c8b28e', '#d6c4a8', '#a8a29e', '#e7e5e4']);
  const bedOnRight = random() < 0.5;
  const twinBeds = random() < 0.35;
  const windowX = bedOnRight ? 60 + random() * 80 : 360 + random() * 80;
  const bedX = bedOnRight ? 360 : 60;
  const bed = (x: number, w: number): string => `
    <rect x="${x + 10}" y="300" width="${w - 20}" height="70" rx="10" fill="${wood}"/>
    <rect x="${x}" y="360" width="${w}" height="110" rx="12" fill="#ffffff"/>
    <rect x="${x}" y="400" width="${w}" height="70" rx="10" fill="${linen}"/>
    <rect x="${x + 30}" y="330" width="${Math.min(110, w - 60)}" height="48" rx="14" fill="#f8fafc"/>
    <rect x="${x}" y="470" width="14" height="40" fill="${wood}"/><rect x="${x + w - 14}" y="470" width="14" height="40" fill="${wood}"/>`;
  const beds = twinBeds ? bed(bedX, 170) + bed(bedX + 210, 170) : bed(bedX, 380);
  const deskX = bedOnRight ? 70 : 560;
  const art = random() < 0.6
    ? `<rect x="${bedX + 130}" y="${150 + random() * 40}" width="120" height="80" fill="${accent}" opacity="0.8" stroke="${wood}" stroke-width="6"/>`
    : `<circle cx="${bedX + 190}" cy="190" r="45" fill="${accent}" opacity="0.7" stroke="${wood}" stroke-width="5"/>`;
  const body = `${sky(top, bottom, windowX + 120, 140)}${landscape(property.scene, property.palette, random)}
    <path d="M0 0 H 800 V 600 H 0 Z M ${windowX} 60 V 330 H ${windowX + 260} V 60 Z" fill="${wall}" fill-rule="evenodd"/>
    <rect x="${windowX + 126}" y="60" width="8" height="270" fill="#e7e5e4"/>
    <rect x="0" y="430" width="${width}" height="170" fill="${floor}"/>
    <ellipse cx="${bedX + 190}" cy="540" rx="220" ry="34" fill="${accent}" opacity="0.35"/>
    ${art}${beds}
    <rect x="${deskX}" y="380" width="170" height="14" fill="${wood}"/><rect x="${deskX + 10}" y="394" width="10" height="110" fill="${wood}"/><rect x="${deskX + 150}" y="394" width="10" height="110" fill="${wood}"/>
    <path d="M${deskX + 90} 380 l 20 -60 h 30 l -20 60 z" fill="${accent}"/>
    <circle cx="${deskX + 50}" cy="350" r="22" fill="#16a34a"/><rect x="${deskX + 38}" y="360" width="24" height="20" fill="#a16207"/>`;
  return svg(body);
}

/** A hex colour mixed towards black by `amount` (0–1). */
function darker(hex: string, amount: number): string {
  const channel = (index: number) => Math.round(parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) * (1 - amount));
  return `#${[0, 1, 2].map((index) => channel(index).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The white initials sit only on the palette's dark colour and darker shades of it (the silhouette darkens,
 * never lightens), so they keep at least 4.5:1 (WCAG AA) wherever they fall; the light palette colour
 * made them about 3:1.
 */
export function avatarSvg(user: DemoUser): string {
  const initials = user.name.split(' ').filter(Boolean).map((w) => w[0]?.toUpperCase() ?? '').join('').slice(0, 2);
  const [from] = user.palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${darker(from, 0.35)}"/></linearGradient></defs>
    <rect width="256" height="256" fill="url(#g)"/>
    <circle cx="128" cy="104" r="46" fill="#000000" opacity="0.12"/>
    <path d="M40 256 q 88 -110 176 0 z" fill="#000000" opacity="0.12"/>
    <text x="128" y="150" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="84" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>
  </svg>`;
}

const svg = (body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
