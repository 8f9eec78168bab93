import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eBackend } from './support/backend.ts';

// Issue 5: "the update prompt appearing when a new build is served". Two copies of this run's production build
// are served from one origin by a small server that can switch between them: build A, then build B, which
// differs only in its service worker (a new precache revision for index.html and a build marker), which is
// all a browser compares to decide that a new version exists. The shared preview server is left alone.

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** A static server with the SPA fallback (unknown paths get index.html); `serve` switches the folder it serves. */
function switchableServer(): Promise<{ origin: string; serve(dir: string): void; close(): Promise<void> }> {
  let root = '';
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root + sep) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    response.writeHead(200, {
      'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
      // Nothing from the HTTP cache: the service worker's own precache is what this test is about.
      'cache-control': 'no-cache',
    });
    response.end(readFileSync(file));
  });
  return new Promise((ready) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      ready({
        origin: `http://127.0.0.1:${port}`,
        serve: (dir) => {
          root = resolve(dir);
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

const newIndexRevision = 'e2e-build-b';

/** Adds a message handler that answers which build the worker belongs to (a MessageChannel reply). */
function markBuild(swPath: string, build: string, change: (source: string) => string = (source) => source): void {
  const marker = `\n;self.addEventListener('message',function(e){if(e.data&&e.data.type==='E2E_BUILD_ID'&&e.ports[0])e.ports[0].postMessage(${JSON.stringify(build)});});\n`;
  writeFileSync(swPath, change(readFileSync(swPath, 'utf8')) + marker);
}

/** The build of the worker controlling the page, or null when none controls it. */
function controllerBuild(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((answer) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return answer(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => answer(String(event.data));
        controller.postMessage({ type: 'E2E_BUILD_ID' }, [channel.port2]);
      }),
  );
}

/** URLs in the precache (workbox keys entries with a revision as `url?__WB_REVISION__=…`). */
function precachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test.describe('update prompt', () => {
  let buildA = '';
  let buildB = '';
  let server: Awaited<ReturnType<typeof switchableServer>>;

  test.beforeAll(async () => {
    const dist = resolve(e2eBackend.outDir);
    expect(existsSync(join(dist, 'sw.js')), `a production build in ${dist}`).toBe(true);
    const temp = mkdtempSync(join(tmpdir(), 'nomadnest-update-prompt-'));
    buildA = join(temp, 'a');
    buildB = join(temp, 'b');
    cpSync(dist, buildA, { recursive: true });
    cpSync(dist, buildB, { recursive: true });
    markBuild(join(buildA, 'sw.js'), 'A');
    markBuild(join(buildB, 'sw.js'), 'B', (source) => {
      const changed = source.replace(/("revision":")[^"]+(","url":"index\.html")/, `$1${newIndexRevision}$2`);
      expect(changed, 'the precache entry of index.html in sw.js').not.toBe(source);
      return changed;
    });
    server = await switchableServer();
  });

  test.afterAll(async () => {
    await server?.close();
    if (buildA) rmSync(resolve(buildA, '..'), { recursive: true, force: true });
  });

  test('a new build shows "New version available · Reload"; Reload restarts the app under the new worker', async ({ page }) => {
    test.setTimeout(90_000);
    server.serve(buildA);
    // /properties reads the stand-in from another port: CORS works for this origin too.
    await page.goto(`${server.origin}/properties`);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Villas' })).toBeVisible();
    await expect(page.getByText('Rice Terrace Coliving Villa').first()).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => controllerBuild(page)).toBe('A');
    await expect(toasts(page).getByText('New version available')).toHaveCount(0);

    // The new build is deployed; the app looks for it (as its hourly check would) and asks before switching.
    server.serve(buildB);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect(toasts(page).getByText('New version available')).toBeVisible({ timeout: 20_000 });
    const reload = toasts(page).getByRole('button', { name: 'Reload' });
    await expect(reload).toBeVisible();
    // Until the user chooses, the old worker keeps serving the page.
    expect(await controllerBuild(page)).toBe('A');

    // Reload: the waiting worker takes over and the page loads again under it.
    await page.evaluate(() => {
      (window as { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    await reload.click();
    await expect
      .poll(() => page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate ?? false).catch(() => true), { timeout: 20_000 })
      .toBe(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Villas' })).toBeVisible();
    await expect.poll(() => controllerBuild(page).catch(() => null), { timeout: 15_000 }).toBe('B');
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${server.origin}/sw.js`);
    await expect.poll(() => precachedUrls(page)).toContainEqual(`${server.origin}/index.html?__WB_REVISION__=${newIndexRevision}`);

    // Nothing is waiting any more, so the prompt does not come back.
    await expect
      .poll(() => page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { active: Boolean(registration?.active), waiting: Boolean(registration?.waiting), installing: Boolean(registration?.installing) };
      }))
      .toEqual({ active: true, waiting: false, installing: false });
    await expect(toasts(page).getByText('New version available')).toHaveCount(0);
  });
});
