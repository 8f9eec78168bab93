// Two copies of this run's production build served from one origin by a small server that can switch
// between them: build A, then build B, which differs only in its service worker (a new precache revision for
// index.html and a build marker), which is all a browser compares to decide that a new version exists. The
// shared preview server is left alone. Used by the update specs (update-prompt, update-with-queued-writes).
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { e2eBackend } from './backend.ts';

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

export interface SwitchableServer {
  origin: string;
  /** Serves this folder from now on. */
  serve(dir: string): void;
  close(): Promise<void>;
}

/** A static server with the SPA fallback (unknown paths get index.html); `serve` switches the folder it serves. */
function switchableServer(): Promise<SwitchableServer> {
  let root = '';
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root + sep) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    response.writeHead(200, {
      'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
      // Nothing from the HTTP cache: the service worker's own precache is what these tests are about.
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

/** The precache revision build B gives index.html. */
export const NEW_INDEX_REVISION = 'e2e-build-b';

/** Adds a message handler that answers which build the worker belongs to (a MessageChannel reply). */
function markBuild(swPath: string, build: string, change: (source: string) => string = (source) => source): void {
  const marker = `\n;self.addEventListener('message',function(e){if(e.data&&e.data.type==='E2E_BUILD_ID'&&e.ports[0])e.ports[0].postMessage(${JSON.stringify(build)});});\n`;
  writeFileSync(swPath, change(readFileSync(swPath, 'utf8')) + marker);
}

export interface TwoBuilds {
  buildA: string;
  buildB: string;
  server: SwitchableServer;
  /** Stops the server and deletes the copies. */
  dispose(): Promise<void>;
}

/** Copies the run's build twice (A and B, see above) and starts the server (serving nothing yet). */
export async function twoBuilds(): Promise<TwoBuilds> {
  const dist = resolve(e2eBackend.outDir);
  expect(existsSync(join(dist, 'sw.js')), `a production build in ${dist}`).toBe(true);
  const temp = mkdtempSync(join(tmpdir(), 'nomadnest-two-builds-'));
  const buildA = join(temp, 'a');
  const buildB = join(temp, 'b');
  cpSync(dist, buildA, { recursive: true });
  cpSync(dist, buildB, { recursive: true });
  markBuild(join(buildA, 'sw.js'), 'A');
  markBuild(join(buildB, 'sw.js'), 'B', (source) => {
    const changed = source.replace(/("revision":")[^"]+(","url":"index\.html")/, `$1${NEW_INDEX_REVISION}$2`);
    expect(changed, 'the precache entry of index.html in sw.js').not.toBe(source);
    return changed;
  });
  const server = await switchableServer();
  return {
    buildA,
    buildB,
    server,
    async dispose() {
      await server.close();
      rmSync(temp, { recursive: true, force: true });
    },
  };
}

/** The build of the worker controlling the page, or null when none controls it. */
export function controllerBuild(page: Page): Promise<string | null> {
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

/** The page looks for a new version now, as its hourly check would. */
export function checkForUpdate(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
}

/** Marks the current document, so a test can tell when the page has loaded again. */
export function markDocument(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as { isMarkedDocument?: boolean }).isMarkedDocument = true;
  });
}

/** Whether the page still shows the document markDocument marked (true while it is navigating away). */
export function isMarkedDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { isMarkedDocument?: boolean }).isMarkedDocument ?? false).catch(() => true);
}
