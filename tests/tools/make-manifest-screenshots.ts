// Captures the web manifest's screenshots (public/screenshots/{wide,narrow}.png) from the production build
// with demo data: Explore Villas at exactly the declared sizes (viewport, not full page).
// Run: npx tsx tests/tools/make-manifest-screenshots.ts [--api-port N] [--app-port N]
// It starts its own fresh stand-in + `vite preview` (in .data/manifest-screenshots) and stops them after.
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { chromiumMissingMessage, findChromium } from './find-chromium.ts';

// Ports of their own, so this can run beside `npm start` and the e2e slots (not 4190: fetch and Chromium block it).
const { values } = parseArgs({ options: { 'api-port': { type: 'string', default: '54380' }, 'app-port': { type: 'string', default: '4180' } } });
const dataDir = '.data/manifest-screenshots';
const appUrl = `http://127.0.0.1:${values['app-port']}`;

/** The sizes vite.config.ts declares in the manifest's `screenshots`. */
const shots = [
  // Wide: scrolled to the results (the filter panel would fill the picture); narrow: the top of the page.
  { file: 'public/screenshots/wide.png', width: 1280, height: 800, scrollToResults: true },
  { file: 'public/screenshots/narrow.png', width: 390, height: 844, scrollToResults: false },
] as const;

const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error(chromiumMissingMessage);
  process.exit(1);
}

const server = spawn(
  process.execPath,
  ['--import', 'tsx', 'supabase/local/src/run-with-app.ts', '--preview', '--fresh', '--data', dataDir, '--out-dir', `${dataDir}/dist`, '--api-port', values['api-port'], '--app-port', values['app-port']],
  // Its own process group, so the stand-in and `vite preview` stop with it.
  { stdio: ['ignore', 'ignore', 'inherit'], detached: true },
);
const stopServer = () => {
  if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
};
process.on('exit', stopServer);

async function waitForApp(): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app server exited with ${server.exitCode}`);
    const isUp = await fetch(appUrl).then((response) => response.ok, () => false);
    if (isUp) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`the app did not answer on ${appUrl} within 240 s`);
}

try {
  await waitForApp();
  await mkdir('public/screenshots', { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  for (const shot of shots) {
    // No service worker: an update toast or install button would end up in the picture.
    const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${appUrl}/properties`);
    await page.getByRole('heading', { level: 1, name: 'Explore Villas' }).waitFor();
    await page.getByRole('list', { name: 'Properties' }).getByRole('listitem').first().waitFor();
    if (shot.scrollToResults) {
      // The results count just below the sticky header.
      const count = page.getByText(/^\d+ villas?$/);
      const headerHeight = await page.locator('header').first().evaluate((header) => header.getBoundingClientRect().height);
      await count.evaluate((element, offset) => scrollTo(0, element.getBoundingClientRect().top + scrollY - offset), headerHeight + 16);
    }
    // Every photo in view decoded, so no grey placeholders in the picture.
    await page.waitForFunction(() =>
      [...document.images]
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
        })
        .every((img) => img.complete && img.naturalWidth > 0),
    );
    const png = await page.screenshot({ fullPage: false, animations: 'disabled', caret: 'hide' });
    // A 256-colour palette keeps each file a few hundred KiB instead of ~1 MiB (the manifest requires PNG).
    await sharp(png).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toFile(shot.file);
    const { width, height } = await sharp(shot.file).metadata();
    console.log(`${shot.file}: ${width}x${height}`);
    await context.close();
  }
  await browser.close();
} finally {
  stopServer();
}
