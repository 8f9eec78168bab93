// Queued messages sent when the signal returns, in Chromium against the production build, the stand-in in
// its own process (README "What the app guarantees": queued writes go at once, under 1 s). Per run: a new
// browser context signs in as a new guest with a chat of `--earlier` messages with Maya, goes offline, sends
// `--count` messages with Enter, goes online, and takes from the browser's network events when each batch
// (one POST /rest/v1/messages) was sent and answered, and from the page when the last bubble showed "sent".
// Prints, median and range over the runs:
//   - all acknowledged: from the page's `online` event to the last batch's answer, and to the last bubble sent;
//   - first request: from `online` to the first batch sent;
//   - gaps: from one batch's answer to the next batch's request (the client's own work between batches).
// --profile adds one CPU-profiled run and prints the functions that took most self time between `online` and
// the last bubble sent (CDP Profiler), by function and file; --trace one traced run and its main-thread tasks
// (with the batches' requests and answers) over the same time.
//
// Run: npx tsx tests/bench/queued-messages-push.ts [--reuse] [--runs N] [--count N] [--earlier N] [--slot N] [--cpu N] [--profile] [--trace]
//   Starts the stand-in (fresh demo data) and the production build on e2e slot 3's ports (as offline-boot.ts),
//   or with --reuse measures the app already served there; --app-url measures another build served against
//   the same stand-in (e.g. an older build with `vite preview --outDir <dir> --port <port>`), side by side.
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession, type Request } from '@playwright/test';
import { chromiumMissingMessage, findChromium } from '../tools/find-chromium.ts';
import { mainThreadTasks, recordTrace } from './support/main-thread-trace.ts';
import { isServing, previewSlot, startPreviewApp, stopProcessGroup } from './support/preview-app.ts';
import { benchApi, demoPassword, newOnboardedGuest, type BenchApi as Api } from './support/bench-backend.ts';
import { formatRange } from './support/quantile.ts';

const { values } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    count: { type: 'string', default: '200' },
    earlier: { type: 'string', default: '200' },
    slot: { type: 'string', default: process.env.E2E_SLOT ?? '3' },
    'app-url': { type: 'string' },
    cpu: { type: 'string', default: '1' },
    profile: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
});

const preview = previewSlot(Number(values.slot));
const appUrl = values['app-url'] ?? preview.baseUrl;
const count = Number(values.count);
const earlier = Number(values.earlier);
const cpuRate = Number(values.cpu);
const maya = 'a0000000-0000-4000-8000-000000000001'; // supabase/seed/demo-data.ts
const chromeArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const progress = (message: string) => process.stderr.write(`  ${message}\n`);

/** A new guest who finished onboarding, with `earlier` messages exchanged with Maya about one of her listings. */
async function newGuestWithChat(api: Api): Promise<{ id: string; email: string }> {
  const { id, email } = await newOnboardedGuest(api, 'push-bench');
  const [property] = (await api(`/rest/v1/properties?host_id=eq.${maya}&deleted_at=is.null&select=id&limit=1`, { useServiceKey: true })) as { id: string }[];
  const rows = Array.from({ length: earlier }, (_, index) => ({
    sender_id: index % 2 === 0 ? id : maya,
    receiver_id: index % 2 === 0 ? maya : id,
    property_id: property!.id,
    conversation_type: 'host_guest',
    text: `Earlier message ${index + 1}`,
  }));
  if (rows.length) await api('/rest/v1/messages', { method: 'POST', useServiceKey: true, body: JSON.stringify(rows) });
  return { id, email };
}

/**
 * In every page before its scripts: when `online` fired and when no bubble was pending any more (epoch ms).
 * A string: tsx would wrap a function's inner functions in a `__name` helper the page lacks.
 */
const observeQueue = `{
  window.__onlineAt = null;
  window.__allSentAt = null;
  const now = () => performance.timeOrigin + performance.now();
  addEventListener('online', () => {
    window.__onlineAt = now();
    performance.mark('bench:online');
    window.__allSentAt = null;
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-message-id][data-status="pending"]')) return;
      window.__allSentAt = now();
      performance.mark('bench:all-sent');
      observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  });
}`;

interface Batch {
  sentAt: number;
  answeredAt: number;
  rows: number;
  fromWorker: boolean;
}

interface Sample {
  onlineAt: number;
  batches: Batch[];
  allSentAt: number;
  profile?: string[];
  tasks?: string[];
}

/** The CPU profile's nodes with most self time, as "12% 140 ms name (file)" lines. */
function topSelfTime(profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] }, lines = 25): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const frame = byNode.get(id)!.callFrame;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    total += ms;
    const file = frame.url ? frame.url.split('/').pop()!.replace(/-[\w-]{8}\.js$/, '') : '';
    const key = `${frame.functionName || '(anonymous)'}${file ? ` (${file}:${frame.lineNumber + 1})` : ''}`;
    self.set(key, (self.get(key) ?? 0) + ms);
  });
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, lines).map(([key, ms]) => `${((ms / total) * 100).toFixed(0).padStart(3)}% ${ms.toFixed(0).padStart(5)} ms  ${key}`);
}

async function oneRun(browser: Browser, api: Api, mode: 'plain' | 'profiled' | 'traced' = 'plain'): Promise<Sample> {
  const profiled = mode === 'profiled';
  const guest = await newGuestWithChat(api);
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, baseURL: appUrl });
  try {
    await context.addInitScript({ content: observeQueue });
    const batches: Batch[] = [];
    const isBatch = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/rest/v1/messages';
    context.on('requestfinished', (request) => {
      if (!isBatch(request)) return;
      const timing = request.timing();
      batches.push({ sentAt: timing.startTime, answeredAt: timing.startTime + timing.responseEnd, rows: (JSON.parse(request.postData() ?? '[]') as unknown[]).length, fromWorker: request.serviceWorker() !== null });
    });
    const page = await context.newPage();
    await page.goto(`/messages?conversation=${maya}`);
    await page.waitForURL(/\/auth\?redirect=/);
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email').fill(guest.email);
    await form.getByLabel('Password').fill(demoPassword);
    await form.getByRole('button', { name: 'Sign In' }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    if (earlier) await log.getByText(`Earlier message ${earlier}`, { exact: true }).waitFor({ timeout: 60_000 });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    await context.setOffline(true);
    const box = page.getByRole('textbox', { name: 'Message' });
    for (let index = 0; index < count; index += 1) {
      await box.fill(`Queued message ${index + 1} of ${count}`);
      await box.press('Enter');
    }
    await log.getByText(`Queued message ${count} of ${count}`, { exact: true }).waitFor();
    const pending = page.locator('[data-message-id][data-status="pending"]');
    while ((await pending.count()) !== count) await page.waitForTimeout(100);
    batches.length = 0;

    let cdp: CDPSession | null = null;
    if (cpuRate !== 1 || profiled) {
      cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      if (profiled) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
    }
    const goOnline = async () => {
      await context.setOffline(false);
      await page.waitForFunction(() => (window as unknown as { __allSentAt: number | null }).__allSentAt !== null, undefined, { timeout: 120_000, polling: 100 }).catch(async (error: unknown) => {
        const state = await page.evaluate(() => ({ online: navigator.onLine, pending: document.querySelectorAll('[data-message-id][data-status="pending"]').length }));
        throw new Error(`not all sent: ${JSON.stringify(state)}, ${batches.length} batches answered`, { cause: error });
      });
    };
    const events = mode === 'traced' ? await recordTrace(browser, page, goOnline) : (await goOnline(), null);
    let profile: string[] | undefined;
    if (cdp && profiled) profile = topSelfTime((await cdp.send('Profiler.stop')).profile as never);
    const { onlineAt, allSentAt } = await page.evaluate(() => {
      const w = window as unknown as { __onlineAt: number; __allSentAt: number };
      return { onlineAt: w.__onlineAt, allSentAt: w.__allSentAt };
    });
    // every batch's requestfinished has arrived once the rows they carried add up
    while (batches.reduce((sum, batch) => sum + batch.rows, 0) < count) await page.waitForTimeout(50);
    batches.sort((a, b) => a.sentAt - b.sentAt);
    const sent = (await api(`/rest/v1/messages?sender_id=eq.${guest.id}&text=like.Queued*&select=text&order=created_at.asc`, { useServiceKey: true })) as { text: string }[];
    const expected = Array.from({ length: count }, (_, index) => `Queued message ${index + 1} of ${count}`);
    if (JSON.stringify(sent.map((row) => row.text)) !== JSON.stringify(expected)) throw new Error(`the server holds ${sent.length} queued messages, not the ${count} sent, once each and in order`);
    const tasks = events ? mainThreadTasks(events, allSentAt - onlineAt, 4, 'bench:online') : undefined;
    return { onlineAt, batches, allSentAt, profile, tasks };
  } finally {
    await context.close();
  }
}

const range = (samples: number[]) => formatRange(samples);

const executablePath = findChromium();
if (!executablePath) {
  console.error(chromiumMissingMessage);
  process.exit(1);
}
let app: ChildProcess | null = null;
const browser = await chromium.launch({ executablePath, args: chromeArgs });
try {
  if (values.reuse || values['app-url']) {
    if (!(await isServing(appUrl))) throw new Error(`nothing serves ${appUrl}`);
  } else {
    console.log(`starting the stand-in and the production build on ${appUrl} (slot ${preview.slot}) …`);
    app = await startPreviewApp(preview);
  }
  const api = await benchApi(preview.dataDir);
  const runs = Number(values.runs);
  console.log(`${count} messages queued offline in a chat of ${earlier}, then online: ${runs} runs, CPU ${cpuRate}×, ${appUrl} (${executablePath})`);
  const samples: Sample[] = [];
  for (let run = 0; run < runs; run += 1) {
    const sample = await oneRun(browser, api);
    samples.push(sample);
    const gaps = sample.batches.slice(1).map((batch, index) => batch.sentAt - sample.batches[index]!.answeredAt);
    progress(`run ${run + 1}: ${sample.batches.length} batches (${sample.batches.map((b) => `${b.rows}${b.fromWorker ? ' by the worker' : ''}`).join(', ')}), last answer ${(sample.batches.at(-1)!.answeredAt - sample.onlineAt).toFixed(0)} ms, all sent ${(sample.allSentAt - sample.onlineAt).toFixed(0)} ms, requests ${sample.batches.map((b) => `+${(b.sentAt - sample.onlineAt).toFixed(0)}…${(b.answeredAt - sample.onlineAt).toFixed(0)}`).join(' ')}, gaps ${gaps.map((g) => g.toFixed(0)).join(', ')}`);
  }
  console.log(`all acknowledged (last answer) ${range(samples.map((s) => s.batches.at(-1)!.answeredAt - s.onlineAt))}`);
  console.log(`all bubbles sent              ${range(samples.map((s) => s.allSentAt - s.onlineAt))}`);
  console.log(`first request                 ${range(samples.map((s) => s.batches[0]!.sentAt - s.onlineAt))}`);
  console.log(`request → answer (each batch) ${range(samples.flatMap((s) => s.batches.map((b) => b.answeredAt - b.sentAt)))}`);
  console.log(`answer → next request (gaps)  ${range(samples.flatMap((s) => s.batches.slice(1).map((b, i) => b.sentAt - s.batches[i]!.answeredAt)))}`);
  if (values.profile) {
    const profiled = await oneRun(browser, api, 'profiled');
    console.log(`profiled run: all sent ${(profiled.allSentAt - profiled.onlineAt).toFixed(0)} ms; self time from online to all sent:`);
    for (const line of profiled.profile ?? []) console.log(`  ${line}`);
  }
  if (values.trace) {
    const traced = await oneRun(browser, api, 'traced');
    const at = (time: number) => (time - traced.onlineAt).toFixed(0);
    console.log(`traced run: all sent ${at(traced.allSentAt)} ms; batches ${traced.batches.map((b) => `sent ${at(b.sentAt)}, answered ${at(b.answeredAt)}`).join('; ')}; main-thread tasks from online:`);
    for (const line of traced.tasks ?? []) console.log(`  ${line}`);
  }
} finally {
  await browser.close();
  await stopProcessGroup(app);
}
