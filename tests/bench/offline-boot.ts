// Offline boot of the installed app (docs/performance.md): cold service worker,
// no network, no HTTP cache, CPU slowed 4× (and 1×). Per run: a new tab, then LCP (PerformanceObserver)
// and the app's own marks: 'bookings-rendered' (dashboard shows bookings from the local mirror) and
// 'listings-rendered' (Explore shows cached listings). When the service worker draws the screen's kept
// snapshot (docs/decisions/screen-snapshots.md) and it shows that content, the content is painted at the
// first contentful paint, before any script: the bench prints both "content painted" and the app's own
// screen ("live"). --no-snapshots keeps the app from writing any (the app without them, in the
// same run). Prints median and p90 of 9 runs per case, and
// where the time goes: the navigation's phases, the app's boot marks (src/lib/boot-marks.ts: entry
// evaluated, first render, session known, auth client loaded, route chunk in, database open, first
// mirror query answered), when each script fetched before the content arrived, and the main thread's
// busy time until then (CDP Performance.getMetrics).
//
// --trace adds one traced run per case and prints its main-thread tasks until the content was painted.
//
// Run: npx tsx tests/bench/offline-boot.ts [--reuse] [--runs N] [--slot N] [--no-snapshots] [--trace]
//   Starts the stand-in (fresh demo data) and the production build on e2e slot 3's ports
//   (E2E_SLOT, default 3: API 54424, app 4176, data .data/e2e-3), and stops them at the end.
//   --reuse measures an app already served on that slot's port instead (e.g. one left by this
//   script's `--keep`, or `node --import tsx supabase/local/src/run-with-app.ts --preview --data .data/e2e-3
//   --out-dir .data/e2e-3/dist --api-port 54424 --app-port 4176`).
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { chromiumMissingMessage, findChromium } from '../tools/find-chromium.ts';
import { mainThreadTasks, recordTrace } from './support/main-thread-trace.ts';
import { isServing, previewSlot, startPreviewApp, stopProcessGroup } from './support/preview-app.ts';
import { quantile } from './support/quantile.ts';

const { values } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    runs: { type: 'string', default: '9' },
    slot: { type: 'string', default: process.env.E2E_SLOT ?? '3' },
    email: { type: 'string', default: 'leo.guest@nomadnest.test' },
    'no-snapshots': { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
});

const slot = Number(values.slot);
const runs = Number(values.runs);
const preview = previewSlot(slot);
const { baseUrl } = preview;
const demoPassword = 'nomadnest-demo'; // tests/e2e/support/backend.ts, supabase/seed/README.md
const chromeArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** Installed in every page before its scripts: the latest LCP candidate and a promise per app mark. */
function observePaint() {
  const w = window as unknown as { __lcp: number | null; __marks: Record<string, Promise<number>>; __snapshotContent: string | null };
  w.__lcp = null;
  // The content of the snapshot the service worker drew. Read when the document is parsed: the app's
  // scripts run after the first frame and take it down no sooner (a subtree MutationObserver would cost
  // the parser time of its own at 4× CPU).
  w.__snapshotContent = null;
  document.addEventListener('DOMContentLoaded', () => {
    w.__snapshotContent = document.getElementById('screen-snapshot')?.dataset.content ?? null;
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const waiters = new Map<string, (time: number) => void>();
  w.__marks = {};
  for (const name of ['bookings-rendered', 'listings-rendered']) w.__marks[name] = new Promise((resolve) => waiters.set(name, resolve));
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) waiters.get(entry.name)?.(entry.startTime);
  }).observe({ type: 'mark', buffered: true });
}

/**
 * --no-snapshots, in every page before its scripts: the app's writes to the snapshot cache go nowhere, so
 * none is ever kept. A string: tsx would wrap a function's inner functions in a `__name` helper the page lacks.
 */
const keepNoSnapshots = (snapshotCache: string) => `{
  const open = CacheStorage.prototype.open;
  const nowhere = { put: async () => undefined };
  CacheStorage.prototype.open = function (name) { return name === ${JSON.stringify(snapshotCache)} ? Promise.resolve(nowhere) : open.call(this, name); };
}`;

/** The time of an app mark in this page (its startTime), waiting at most `timeoutMs` for it. */
async function markTime(page: Page, name: string, timeoutMs = 60_000): Promise<number> {
  const time = await Promise.race([
    page.evaluate((mark) => (window as unknown as { __marks: Record<string, Promise<number>> }).__marks[mark], name),
    new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`no '${name}' mark within ${timeoutMs} ms on ${page.url()}`)), timeoutMs)),
  ]);
  if (typeof time !== 'number') throw new Error(`'${name}' is not a mark this script observes`);
  return time;
}

const progress = (message: string) => process.stderr.write(`  ${message}\n`);

/**
 * Waits until the page has kept its screen's snapshot (when idle after the content shows), as a user's visit
 * would. Polled from here: `waitForFunction` takes an async predicate's promise as a truthy answer.
 */
async function snapshotKept(page: Page, path: string, timeoutMs = 30_000): Promise<void> {
  if (values['no-snapshots']) return;
  const deadline = Date.now() + timeoutMs;
  const isKept = () =>
    page.evaluate(
      async ([cacheName, kept]) => (await (await caches.open(cacheName)).keys()).some((request) => new URL(request.url).searchParams.get('path') === kept),
      ['screen-snapshots-v1', path] as const, // sw/screen-snapshots.ts
    );
  while (!(await isKept())) {
    if (Date.now() > deadline) throw new Error(`no snapshot of ${path} kept within ${timeoutMs} ms`);
    await page.waitForTimeout(100);
  }
}

async function warmUp(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/dashboard`);
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(values.email);
  await form.getByLabel('Password').fill(demoPassword);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await markTime(page, 'bookings-rendered');
  progress(`warm-up: signed in as ${values.email}, bookings shown, service worker active`);
  // Explore online once, so its listings are in this user's mirror too.
  await page.goto(`${baseUrl}/properties`);
  await markTime(page, 'listings-rendered');
  await snapshotKept(page, '/properties');
  // Reload once so the service worker controls the page and has precached the whole shell.
  await page.reload();
  const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
  if (!controlled) throw new Error('the service worker does not control the page');
  await snapshotKept(page, '/dashboard');
  progress('warm-up: listings cached, the service worker controls the page');
  await page.close();
}

interface Sample {
  lcp: number | null;
  /** the app's own screen shows the content (its mark) */
  mark: number;
  /** the content is on screen: the first contentful paint when the drawn snapshot shows it, else `mark` */
  contentPainted: number;
  /** where the time goes: service worker started, shell HTML served, DOMContentLoaded, first contentful paint */
  phases: Record<'workerStart' | 'htmlServed' | 'domContentLoaded' | 'fcp', number | null>;
  /** the app's boot marks (src/lib/boot-marks.ts), 'boot:<step>' → startTime */
  boot: Record<string, number>;
  /** scripts fetched before the content mark: file name without its hash → when its response ended */
  scripts: Record<string, number>;
  /** main-thread time until the content mark (CDP Performance.getMetrics), ms */
  busy: Record<'task' | 'script' | 'layout' | 'style', number>;
  /** with --trace, one extra run's main-thread tasks until the content was painted */
  tasks?: string[];
}

/** CDP's cumulative main-thread durations of the page (seconds), as ms. */
async function mainThreadBusy(cdp: CDPSession): Promise<Sample['busy']> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const ms = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
  return { task: ms('TaskDuration'), script: ms('ScriptDuration'), layout: ms('LayoutDuration'), style: ms('RecalcStyleDuration') };
}

/** Stops every service worker and waits until none runs (the next navigation starts it cold). */
async function stopServiceWorkers(cdp: CDPSession): Promise<void> {
  const running = new Map<string, string>();
  let settle: (() => void) | null = null;
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) running.set(version.versionId, version.runningStatus);
    if (settle && [...running.values()].every((status) => status === 'stopped')) settle();
  });
  await cdp.send('ServiceWorker.enable');
  // workerVersionUpdated reports the registered workers right after enable
  await new Promise((done) => setTimeout(done, 100));
  const stopped = new Promise<void>((done) => {
    settle = done;
    setTimeout(done, 5_000);
  });
  await cdp.send('ServiceWorker.stopAllWorkers');
  if ([...running.values()].some((status) => status !== 'stopped')) await stopped;
  if ([...running.values()].some((status) => status !== 'stopped')) throw new Error(`service workers still running: ${JSON.stringify([...running])}`);
}

async function offlineRun(context: BrowserContext, path: string, mark: string, cpuRate: number, traced = false): Promise<Sample> {
  const page: Page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await stopServiceWorkers(cdp);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // Offline on the page: navigator.onLine false and every request of the page fails, as on a device
    // without network. (The service worker's own fetches are cut by the context route in main.)
    // Emulating offline while a worker was still stopping crashed Chromium 156 ("Render process
    // gone"), hence the wait above; Playwright's context.setOffline did too, and it did not reach a
    // worker that restarted, nor did it keep navigator.onLine false.
    await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    await cdp.send('Performance.enable');
    let rendered = Infinity;
    const load = async () => {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
      // generous: on a shared, loaded machine a 4× run has taken over 30 s
      rendered = await markTime(page, mark, 120_000);
    };
    const events = traced ? await recordTrace(browser, page, load) : (await load(), null);
    const busy = await mainThreadBusy(cdp);
    // LCP candidates can follow the mark (a photo decoding): give them a moment, then take the last one.
    await page.waitForTimeout(500);
    const { lcp, online, phases, boot, scripts, snapshotContent } = await page.evaluate((contentMark) => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        lcp: (window as unknown as { __lcp: number | null }).__lcp,
        snapshotContent: (window as unknown as { __snapshotContent: string | null }).__snapshotContent,
        online: navigator.onLine,
        phases: {
          workerStart: navigation?.workerStart ?? null,
          htmlServed: navigation?.responseEnd ?? null,
          domContentLoaded: navigation?.domContentLoadedEventEnd ?? null,
          fcp: fcp?.startTime ?? null,
        },
        boot: Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('boot:')).map((m) => [m.name.slice('boot:'.length), m.startTime])),
        scripts: Object.fromEntries(
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'))
            .filter((r) => r.responseEnd <= (performance.getEntriesByName(contentMark, 'mark')[0]?.startTime ?? Infinity))
            .map((r) => [new URL(r.name).pathname.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''), r.responseEnd]),
        ),
      };
    }, mark);
    if (online) throw new Error('navigator.onLine is true during an offline run: the emulation did not apply');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const contentPainted = snapshotContent === mark && phases.fcp !== null ? Math.min(phases.fcp, rendered) : rendered;
    return { lcp, mark: rendered, contentPainted, phases, boot, scripts, busy, tasks: events ? mainThreadTasks(events, contentPainted) : undefined };
  } finally {
    await page.close().catch(() => undefined);
  }
}

function summary(label: string, samples: number[]): string {
  if (samples.length === 0) return `${label} n/a`;
  return `${label} median ${quantile(samples, 0.5).toFixed(0).padStart(5)} ms  p90 ${quantile(samples, 0.9).toFixed(0).padStart(5)} ms`;
}

/** Each name's median time over the runs that have it, in time order: "entry 120, session-known 180, …". */
function medianTimeline(runs: Array<Record<string, number>>): string {
  const names = [...new Set(runs.flatMap((run) => Object.keys(run)))];
  const medians = names
    .map((name) => ({ name, times: runs.map((run) => run[name]).filter((v): v is number => v !== undefined) }))
    .filter(({ times }) => times.length * 2 >= runs.length)
    .map(({ name, times }) => ({ name, median: quantile(times, 0.5) }))
    .sort((a, b) => a.median - b.median);
  return medians.length ? medians.map(({ name, median }) => `${name} ${median.toFixed(0)}`).join(', ') : 'n/a';
}

const executablePath = findChromium();
if (!executablePath) {
  console.error(chromiumMissingMessage);
  process.exit(1);
}

let app: ChildProcess | null = null;
const browser = await chromium.launch({ executablePath, args: chromeArgs });
try {
  if (values.reuse) {
    if (!(await isServing(baseUrl))) throw new Error(`--reuse: nothing serves ${baseUrl}`);
  } else {
    console.log(`starting the stand-in and the production build on ${baseUrl} (slot ${slot}) …`);
    app = await startPreviewApp(preview);
  }
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 1 });
  await context.addInitScript(observePaint);
  if (values['no-snapshots']) await context.addInitScript({ content: keepNoSnapshots('screen-snapshots-v1') }); // sw/screen-snapshots.ts
  await warmUp(context);
  // From here on nothing reaches a server: the service worker's fetches (photos it has not cached,
  // its update check) fail like a request without network; the pages are offline through CDP.
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  console.log(`offline boot, ${runs} runs per case: new tab, service worker stopped, HTTP cache off, offline (${values.email}, ${executablePath})`);
  for (const cpuRate of [4, 1]) {
    for (const [path, mark] of [['/dashboard', 'bookings-rendered'], ['/properties', 'listings-rendered']] as const) {
      const samples: Sample[] = [];
      for (let run = 0; run < runs; run += 1) samples.push(await offlineRun(context, path, mark, cpuRate));
      const lcps = samples.map((s) => s.lcp).filter((v): v is number => v !== null);
      const marks = samples.map((s) => s.mark).filter((v) => Number.isFinite(v));
      const painted = samples.map((s) => s.contentPainted).filter((v) => Number.isFinite(v));
      const fromSnapshot = samples.filter((s) => s.contentPainted < s.mark).length;
      console.log(`${`${cpuRate}× CPU ${path}`.padEnd(20)} ${summary('content painted', painted)}   (from the snapshot in ${fromSnapshot} of ${samples.length} runs)`);
      console.log(`${''.padEnd(20)} ${summary('LCP', lcps)}   ${summary(`live ${mark}`, marks)}`);
      const phase = (key: keyof Sample['phases']) => {
        const values = samples.map((s) => s.phases[key]).filter((v): v is number => v !== null && v > 0);
        return values.length ? `${key} ${quantile(values, 0.5).toFixed(0)}` : `${key} n/a`;
      };
      console.log(`${''.padEnd(20)} medians (ms): ${(['workerStart', 'htmlServed', 'domContentLoaded', 'fcp'] as const).map(phase).join(', ')}`);
      console.log(`${''.padEnd(20)} boot trace: ${medianTimeline(samples.map((s) => s.boot))}`);
      console.log(`${''.padEnd(20)} scripts in: ${medianTimeline(samples.map((s) => s.scripts))}`);
      const busy = (key: keyof Sample['busy']) => `${key} ${quantile(samples.map((s) => s.busy[key]), 0.5).toFixed(0)}`;
      console.log(`${''.padEnd(20)} main thread until content (ms, median): ${(['task', 'script', 'style', 'layout'] as const).map(busy).join(', ')}`);
      if (values.trace) {
        // one more run, traced (tracing slows it, so it is not among the samples)
        const traced = await offlineRun(context, path, mark, cpuRate, true);
        console.log(`${''.padEnd(20)} traced run: content painted ${traced.contentPainted.toFixed(0)} ms; main-thread tasks until then:`);
        for (const line of traced.tasks ?? []) console.log(`${''.padEnd(22)}${line}`);
      }
    }
  }
  await context.close();
} finally {
  await browser.close();
  if (values.keep && app) {
    console.log(`--keep: the app stays up on ${baseUrl}; measure again with --reuse, stop it with kill -- -${app.pid}`);
    app.unref();
  } else {
    await stopProcessGroup(app);
  }
}
