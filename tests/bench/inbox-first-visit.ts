// A signed-in first visit to Messages with a large history, in Chromium against the production build, the
// stand-in in its own process (docs/decisions/inbox-before-mirror.md). Per run: a new guest with `--messages`
// messages over `--chats` conversations (interleaved, so every chat's latest message is among the last ones
// the mirror receives), signed in from /auth?redirect=/messages in a new browser context under Slow 4G and
// `--cpu`× CPU (CDP). Prints, median and range over the runs, from the Sign In click:
//   - inbox visible: the first conversation row on screen;
//   - chat visible: from the click on the newest conversation to its latest message on screen;
//   - first full sync: every message in the local mirror (IndexedDB, polled every 250 ms);
//   - long tasks (PerformanceObserver `longtask`) from the click to the full sync: count, total, longest.
//
// Run: npx tsx tests/bench/inbox-first-visit.ts [--reuse] [--runs N] [--messages N] [--chats N] [--slot N]
//        [--cpu N] [--network slow4g|none] [--app-url URL]
//   Starts the stand-in (fresh demo data) and the production build on e2e slot 4's ports (as offline-boot.ts),
//   or with --reuse measures the app already served there; --app-url another build against the same stand-in.
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { chromiumMissingMessage, findChromium } from '../tools/find-chromium.ts';
import { isServing, previewSlot, startPreviewApp, stopProcessGroup } from './support/preview-app.ts';
import { benchApi, demoPassword, newOnboardedGuest, type BenchApi as Api } from './support/bench-backend.ts';
import { formatRange, quantile } from './support/quantile.ts';

const { values } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    messages: { type: 'string', default: '5000' },
    chats: { type: 'string', default: '50' },
    slot: { type: 'string', default: process.env.E2E_SLOT ?? '4' },
    'app-url': { type: 'string' },
    cpu: { type: 'string', default: '4' },
    network: { type: 'string', default: 'slow4g' },
  },
});

const preview = previewSlot(Number(values.slot));
const appUrl = values['app-url'] ?? preview.baseUrl;
const messageCount = Number(values.messages);
const chatCount = Number(values.chats);
const cpuRate = Number(values.cpu);
// Lighthouse's "Slow 4G" (DevTools throttling): 150 ms RTT × 3.75, 1.6 Mbit/s down and 750 kbit/s up, × 0.9.
const slow4g = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };
const chromeArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const progress = (message: string) => process.stderr.write(`  ${message}\n`);

/** The guest's history: message k (1-based) in chat k mod `chats`, a third of them the guest's; the last text per chat. */
async function seedHistory(api: Api, guestId: string, others: readonly { id: string }[]): Promise<Map<string, string>> {
  const rows = Array.from({ length: messageCount }, (_, index) => {
    const other = others[index % others.length]!.id;
    const mine = index % 3 === 0;
    return { sender_id: mine ? guestId : other, receiver_id: mine ? other : guestId, conversation_type: 'guest_guest', text: `Bench message ${index + 1}: are you around the villa this weekend?` };
  });
  for (let start = 0; start < rows.length; start += 1000) {
    await api('/rest/v1/messages', { method: 'POST', useServiceKey: true, headers: { prefer: 'return=minimal' }, body: JSON.stringify(rows.slice(start, start + 1000)) });
  }
  return new Map(rows.map((row) => [row.sender_id === guestId ? row.receiver_id : row.sender_id, row.text]));
}

/**
 * In every page before its scripts: when the first conversation row showed, when the chat's text showed after a
 * click on a conversation, and the long tasks (epoch ms). A string: tsx would wrap inner functions in `__name`.
 */
const observePage = `{
  const now = () => performance.timeOrigin + performance.now();
  window.__inboxAt = null; window.__chatClickAt = null; window.__chatAt = null; window.__chatText = null; window.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ at: performance.timeOrigin + e.startTime, ms: e.duration }); }).observe({ type: 'longtask', buffered: true });
  addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a[href^="/messages?"]')) window.__chatClickAt = now();
  }, true);
  const check = () => {
    if (window.__inboxAt === null && document.querySelector('section[aria-labelledby="conversations-title"] a[href^="/messages?"]')) window.__inboxAt = now();
    if (window.__chatAt === null && window.__chatClickAt !== null && window.__chatText) {
      const log = document.querySelector('[role="log"][aria-label="Messages"]');
      if (log && log.textContent.includes(window.__chatText)) window.__chatAt = now();
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
}`;

/** How many messages a user's mirror holds (0 before it exists), as a page expression (a string, as observePage). */
const mirroredMessages = (userId: string) => `new Promise((resolve) => {
  const open = indexedDB.open(${JSON.stringify(`nomadnest-${userId}`)});
  open.onupgradeneeded = () => open.transaction.abort();
  open.onerror = () => resolve(0);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('messages')) { db.close(); resolve(0); return; }
    const request = db.transaction('messages').objectStore('messages').count();
    request.onsuccess = () => { db.close(); resolve(request.result); };
    request.onerror = () => { db.close(); resolve(0); };
  };
})`;

interface Sample {
  inboxMs: number;
  chatMs: number;
  syncMs: number;
  longTasks: number[];
}

async function oneRun(browser: Browser, api: Api, others: readonly { id: string }[]): Promise<Sample> {
  const guest = await newOnboardedGuest(api, 'inbox-bench-visitor');
  const lastTexts = await seedHistory(api, guest.id, others);
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, baseURL: appUrl });
  try {
    await context.addInitScript({ content: observePage });
    const page = await context.newPage();
    await page.goto('/messages');
    await page.waitForURL(/\/auth\?redirect=/);
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email').fill(guest.email);
    await form.getByLabel('Password').fill(demoPassword);
    const cdp = await context.newCDPSession(page);
    if (cpuRate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    if (values.network === 'slow4g') await cdp.send('Network.emulateNetworkConditions', slow4g);
    const startAt = Date.now();
    await form.getByRole('button', { name: 'Sign In' }).click();

    let syncAt: number | null = null;
    // Polled beside the steps below; a failed step closes the page, which ends the polling too.
    const pollSync = (async () => {
      while (syncAt === null && !page.isClosed()) {
        if (((await page.evaluate(mirroredMessages(guest.id))) as number) >= messageCount) syncAt = Date.now();
        else await new Promise((done) => setTimeout(done, 250));
      }
    })().catch((error: unknown) => {
      if (!page.isClosed()) throw error;
    });
    const inbox = page.locator('section[aria-labelledby="conversations-title"] a[href^="/messages?"]');
    await inbox.first().waitFor({ timeout: 180_000 });
    const href = (await inbox.first().getAttribute('href'))!;
    const other = new URL(href, appUrl).searchParams.get('conversation')!;
    const lastText = lastTexts.get(other)!;
    await page.evaluate(`window.__chatText = ${JSON.stringify(lastText)}`);
    // By its address: rows with equal times may swap places when the mirror's inbox replaces the server's.
    await page.locator(`section[aria-labelledby="conversations-title"] a[href="${href}"]`).click();
    await page.getByRole('log', { name: 'Messages' }).getByText(lastText, { exact: true }).waitFor({ timeout: 180_000 });
    await pollSync;
    const marks = await page.evaluate(() => {
      const w = window as unknown as { __inboxAt: number; __chatClickAt: number; __chatAt: number; __longTasks: { at: number; ms: number }[] };
      return { inboxAt: w.__inboxAt, chatClickAt: w.__chatClickAt, chatAt: w.__chatAt, longTasks: w.__longTasks };
    });
    const endAt = syncAt ?? Date.now();
    return {
      inboxMs: marks.inboxAt - startAt,
      chatMs: marks.chatAt - marks.chatClickAt,
      syncMs: endAt - startAt,
      longTasks: marks.longTasks.filter((task) => task.at >= startAt && task.at <= endAt).map((task) => task.ms),
    };
  } finally {
    await context.close();
  }
}

const range = (samples: number[]) => formatRange(samples, 6);

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
  const others = await Promise.all(Array.from({ length: chatCount }, (_, index) => newOnboardedGuest(api, `inbox-bench-other${index}`)));
  const runs = Number(values.runs);
  console.log(`first visit to Messages with ${messageCount} messages over ${chatCount} chats: ${runs} runs, CPU ${cpuRate}×, network ${values.network}, ${appUrl}`);
  const samples: Sample[] = [];
  for (let run = 0; run < runs; run += 1) {
    const sample = await oneRun(browser, api, others);
    samples.push(sample);
    const total = sample.longTasks.reduce((sum, ms) => sum + ms, 0);
    progress(`run ${run + 1}: inbox ${sample.inboxMs.toFixed(0)} ms, chat ${sample.chatMs.toFixed(0)} ms, full sync ${sample.syncMs.toFixed(0)} ms, ${sample.longTasks.length} long tasks (${total.toFixed(0)} ms, longest ${Math.max(0, ...sample.longTasks).toFixed(0)})`);
  }
  console.log(`inbox visible (from Sign In)     ${range(samples.map((s) => s.inboxMs))}`);
  console.log(`chat visible (from its click)    ${range(samples.map((s) => s.chatMs))}`);
  console.log(`first full sync (from Sign In)   ${range(samples.map((s) => s.syncMs))}`);
  console.log(`long tasks during it: count      median ${quantile(samples.map((s) => s.longTasks.length), 0.5)}; total ${range(samples.map((s) => s.longTasks.reduce((sum, ms) => sum + ms, 0)))}; longest ${range(samples.map((s) => Math.max(0, ...s.longTasks)))}`);
} finally {
  await browser.close();
  await stopProcessGroup(app);
}
