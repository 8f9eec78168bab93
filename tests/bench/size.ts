// `npm run size`: JavaScript shipped per route, gzip, from the production build's manifest.
// Budgets (docs/architecture.md §5): landing route ≤ 100 KiB, whole app ≤ 350 KiB.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const budgets = { landing: 100, app: 350 };

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Manifest;
const gzipKiB = (file: string) => gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length / 1024;

/** A chunk plus everything it imports statically (what the browser must load before it runs). */
function staticClosure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    staticClosure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const sumKiB = (keys: Iterable<string>) => [...keys].map((key) => manifest[key]).filter((chunk) => chunk?.file.endsWith('.js')).reduce((total, chunk) => total + gzipKiB(chunk!.file), 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the build manifest');

const routeKeys = (manifest[entryKey]?.dynamicImports ?? []).concat(
  ...Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []),
);
const pages = [...new Set(routeKeys)].filter((key) => key.endsWith('-page.tsx'));

const rows = pages.map((key) => ({ route: key.replace(/^src\/features\//, ''), kib: sumKiB(staticClosure([entryKey, key])) }));
rows.sort((a, b) => a.route.localeCompare(b.route));
const appKiB = sumKiB(Object.keys(manifest));

console.log('Initial JS per route (entry + route chunk + static imports), gzip:');
for (const row of rows) console.log(`  ${row.route.padEnd(48)} ${row.kib.toFixed(1).padStart(7)} KiB`);
console.log(`Whole app (every JS chunk), gzip: ${appKiB.toFixed(1)} KiB (budget ${budgets.app} KiB)`);

const landing = rows.find((row) => row.route.startsWith('landing/'));
if (!landing) throw new Error('landing page chunk not found in the manifest');
console.log(`Landing route: ${landing.kib.toFixed(1)} KiB (budget ${budgets.landing} KiB)`);
if (landing.kib > budgets.landing || appKiB > budgets.app) {
  console.error('Over budget.');
  process.exit(1);
}
