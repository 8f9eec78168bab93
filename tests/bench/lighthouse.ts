// Lighthouse mobile (docs/performance.md) on the production build: /, /properties and the
// first seeded /property/{id}, beside a bare Vite + React page with one webp, built and measured in the same run.
// Lighthouse's default config: mobile, simulated Slow 4G and 4× CPU; performance category only; a fresh
// headless Chromium per run (as `npx lighthouse` does). Runs go round-robin over the pages so the load of
// a shared machine falls on all of them alike. Prints per page the median and min–max of score, LCP, FCP,
// SI, TBT and CLS, the median benchmarkIndex (the machine's speed, to compare runs across machines), and
// for the app's pages, from Lighthouse's median run, the LCP element and its phases, the longest tasks and
// the main-thread breakdown. The median runs' reports are saved under .data/lighthouse/.
//
// Run: npx tsx tests/bench/lighthouse.ts [--runs N] [--reuse] [--slot N] [--chromium PATH]
//   Starts the stand-in (fresh demo data) and the production build on e2e slot 6's ports (E2E_SLOT,
//   default 6: API 54427, app 4179, data .data/e2e-6) and stops them at the end; --reuse measures an app
//   already served on that slot (see tests/bench/offline-boot.ts for how to start one).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import sharp from 'sharp';
import { build } from 'vite';
import { transformedImageUrl } from '../../src/domain/image-url.ts';
import { readRunningState } from '../../supabase/local/src/local-state.ts';
import { isServing, previewSlot, startPreviewApp, stopProcessGroup, waitUntilServing } from './support/preview-app.ts';
import { quantile } from './support/quantile.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    reuse: { type: 'boolean', default: false },
    slot: { type: 'string', default: process.env.E2E_SLOT ?? '6' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
  },
});

const runs = Number(values.runs);
const preview = previewSlot(Number(values.slot));
const reportDir = '.data/lighthouse';
// As the research runs: `--chrome-flags="--headless=new --no-sandbox"` (no sandbox: the bench may run as root).
const chromeFlags = ['--headless=new', '--no-sandbox'];

interface PageUnderTest {
  label: string;
  url: string;
  /** the median run's report goes to ${reportDir}/${name}.json */
  name: string;
  baseline: boolean;
}

const progress = (message: string) => process.stderr.write(`  ${message}\n`);

/** One Lighthouse run in a fresh Chromium; fails on a run Lighthouse itself marks broken. */
async function audit(url: string): Promise<Result> {
  const chrome = await launch({ chromePath: values.chromium, chromeFlags });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** The first seeded property and its first photo as the app shows it (a webp at the app's width). */
async function firstProperty(): Promise<{ id: string; photo: Buffer }> {
  const status = await readRunningState(preview.dataDir);
  if (!status) throw new Error(`no stand-in runs on ${preview.dataDir}`);
  const headers = { apikey: status.anon_key, authorization: `Bearer ${status.anon_key}` };
  const response = await fetch(`${status.api_url}/rest/v1/properties?select=id,photos&order=created_at.asc,id.asc&limit=1`, { headers });
  const [property] = (await response.json()) as { id: string; photos: string[] }[];
  if (!property?.photos[0]) throw new Error(`no seeded property with a photo (${response.status})`);
  // As the app built from this environment shows it: the renderer's or the uploaded rendition (src/config/env.ts).
  const photoUrl = transformedImageUrl(property.photos[0], { baseUrl: status.api_url, transformations: process.env.VITE_IMAGE_TRANSFORMATIONS === 'on' });
  const photo = await fetch(photoUrl, { headers: { accept: 'image/webp,*/*' } });
  if (photo.headers.get('content-type') !== 'image/webp') throw new Error(`${photoUrl} is not served as webp (${photo.status} ${photo.headers.get('content-type')})`);
  return { id: property.id, photo: Buffer.from(await photo.arrayBuffer()) };
}

/** A bare Vite + React page: a heading, a paragraph and the photo, rendered on the client as the app is. */
async function buildBaseline(photo: Buffer): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'lighthouse-baseline-'));
  await symlink(resolve('node_modules'), join(root, 'node_modules'));
  await mkdir(join(root, 'public'));
  await writeFile(join(root, 'public', 'photo.webp'), photo);
  const { width, height } = await sharp(photo).metadata();
  await writeFile(join(root, 'index.html'), `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A bare Vite and React page with one photo." />
    <title>Baseline</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.tsx"></script>
  </body>
</html>
`);
  await writeFile(join(root, 'main.tsx'), `import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 1200, margin: '0 auto', padding: 16 }}>
    <h1>Long stays in villas with fast Wi-Fi</h1>
    <p>Rooms for one to six months, with the people you will live with, in one place.</p>
    <img src="/photo.webp" alt="A villa" width={${width}} height={${height}} style={{ width: '100%', height: 'auto' }} />
  </main>,
);
`);
  await build({ root, configFile: false, logLevel: 'warn', plugins: [react()], build: { target: 'es2022' } });
  return root;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** `vite preview` of the baseline in its own process, as run-with-app serves the app (gzip included). */
async function serveBaseline(root: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const child = spawn(process.execPath, [resolve('node_modules/vite/bin/vite.js'), 'preview', root, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  await waitUntilServing(url, child, 60_000);
  return { child, url };
}

type Metric = { label: string; read: (lhr: Result) => number; format: (value: number) => string };

const auditValue = (id: string) => (lhr: Result) => lhr.audits[id]?.numericValue ?? Number.NaN;
const ms = (value: number) => Math.round(value).toLocaleString('en-US');
const metrics: Metric[] = [
  { label: 'score', read: (lhr) => Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100), format: String },
  { label: 'LCP ms', read: auditValue('largest-contentful-paint'), format: ms },
  { label: 'FCP ms', read: auditValue('first-contentful-paint'), format: ms },
  { label: 'SI ms', read: auditValue('speed-index'), format: ms },
  { label: 'TBT ms', read: auditValue('total-blocking-time'), format: ms },
  { label: 'CLS', read: auditValue('cumulative-layout-shift'), format: (value) => value.toFixed(3) },
];

function spread(samples: number[], format: (value: number) => string): string {
  return `${format(quantile(samples, 0.5))} (${format(Math.min(...samples))}–${format(Math.max(...samples))})`;
}

/** One line per page: each metric's median (min–max), then the median LCP as a multiple of the baseline's. */
function table(pages: PageUnderTest[], reports: Map<PageUnderTest, Result[]>): string[] {
  const lcp = auditValue('largest-contentful-paint');
  const baselineLcp = quantile(reports.get(pages.find((page) => page.baseline)!)!.map(lcp), 0.5);
  const rows = [
    ['page', ...metrics.map((metric) => metric.label), 'LCP ÷ baseline'],
    ...pages.map((page) => {
      const samples = reports.get(page)!;
      return [page.label, ...metrics.map((metric) => spread(samples.map(metric.read), metric.format)), `${(quantile(samples.map(lcp), 0.5) / baselineLcp).toFixed(2)}×`];
    }),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd());
}

type TableItems = Record<string, unknown>[];

function tableItems(lhr: Result, id: string): TableItems {
  const details = lhr.audits[id]?.details;
  return details?.type === 'table' ? (details.items as TableItems) : [];
}

/** Where the page's time goes, from one report: the LCP element and phases, the longest tasks, the main-thread breakdown. */
function diagnosis(lhr: Result): string[] {
  const lines: string[] = [];
  const lcp = lhr.audits['largest-contentful-paint-element']?.details;
  if (lcp?.type === 'list') {
    const [element, phases] = lcp.items.map((item) => (item.type === 'table' ? (item.items as TableItems) : []));
    const node = element?.[0]?.node as { nodeLabel?: string; snippet?: string } | undefined;
    lines.push(`LCP element: ${node?.snippet ?? 'n/a'}${node?.nodeLabel ? `  "${node.nodeLabel.slice(0, 60)}"` : ''}`);
    if (phases?.length) lines.push(`LCP phases (ms): ${phases.map((row) => `${String(row.phase)} ${ms(Number(row.timing))}`).join(', ')}`);
  }
  const longTasks = tableItems(lhr, 'long-tasks').sort((a, b) => Number(b.duration) - Number(a.duration)).slice(0, 3);
  lines.push(`longest tasks: ${longTasks.map((task) => `${ms(Number(task.duration))} ms at ${ms(Number(task.startTime))} ms (${String(task.url).replace(/^https?:\/\/[^/]+/, '')})`).join('; ') || 'none'}`);
  const groups = tableItems(lhr, 'mainthread-work-breakdown').slice(0, 3);
  lines.push(`main thread: ${groups.map((group) => `${String(group.groupLabel)} ${ms(Number(group.duration))} ms`).join(', ')} (of ${ms(lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0)} ms)`);
  return lines;
}

let app: ChildProcess | null = null;
let baselineServer: ChildProcess | null = null;
let baselineRoot: string | null = null;
try {
  if (values.reuse) {
    if (!(await isServing(preview.baseUrl))) throw new Error(`--reuse: nothing serves ${preview.baseUrl}`);
  } else {
    console.log(`starting the stand-in and the production build on ${preview.baseUrl} (slot ${preview.slot}) …`);
    app = await startPreviewApp(preview);
  }
  const property = await firstProperty();
  baselineRoot = await buildBaseline(property.photo);
  const baseline = await serveBaseline(baselineRoot);
  baselineServer = baseline.child;
  progress(`baseline built in ${baselineRoot} with a ${(property.photo.length / 1024).toFixed(1)} KiB webp (the app's first property photo), served on ${baseline.url}`);

  const pages: PageUnderTest[] = [
    { label: 'baseline', url: baseline.url, name: 'baseline', baseline: true },
    { label: '/', url: `${preview.baseUrl}/`, name: 'landing', baseline: false },
    { label: '/properties', url: `${preview.baseUrl}/properties`, name: 'properties', baseline: false },
    { label: '/property/{id}', url: `${preview.baseUrl}/property/${property.id}`, name: 'property', baseline: false },
  ];
  const reports = new Map<PageUnderTest, Result[]>(pages.map((page) => [page, []]));
  for (let run = 1; run <= runs; run += 1) {
    for (const page of pages) {
      const lhr = await audit(page.url);
      reports.get(page)!.push(lhr);
      progress(`run ${run}/${runs} ${page.label}: score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, LCP ${ms(auditValue('largest-contentful-paint')(lhr))} ms`);
    }
  }

  const all = [...reports.values()].flat();
  const first = all[0]!;
  console.log(`\nLighthouse ${first.lighthouseVersion} mobile defaults (simulated Slow 4G, 4× CPU), performance only, ${runs} runs per page, ${values.chromium}`);
  console.log(`${first.environment.hostUserAgent}`);
  console.log(`benchmarkIndex ${spread(all.map((lhr) => lhr.environment.benchmarkIndex), ms)} (median, min–max over all runs; higher is a faster machine)`);
  console.log(`/property/{id} = /property/${property.id}; medians with (min–max)\n`);
  for (const line of table(pages, reports)) console.log(line);

  await mkdir(reportDir, { recursive: true });
  for (const page of pages) {
    const median = computeMedianRun(reports.get(page)!);
    const file = join(reportDir, `${page.name}.json`);
    await writeFile(file, JSON.stringify(median));
    if (page.baseline) continue;
    console.log(`\n${page.label} (Lighthouse's median run, report in ${file}):`);
    for (const line of diagnosis(median)) console.log(`  ${line}`);
  }
} finally {
  await stopProcessGroup(baselineServer);
  if (baselineRoot) await rm(baselineRoot, { recursive: true, force: true });
  await stopProcessGroup(app);
}
