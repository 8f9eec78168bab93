// The app as the benches measure it: the stand-in with fresh demo data and the production build
// (`vite preview`, service worker on) on an e2e slot's ports, started by run-with-app.
import { spawn, type ChildProcess } from 'node:child_process';

export interface PreviewSlot {
  slot: number;
  apiPort: number;
  appPort: number;
  /** the stand-in's data dir; the build goes to `${dataDir}/dist` */
  dataDir: string;
  baseUrl: string;
}

/** The ports and data dir of e2e slot N (as tests/e2e/support/backend.ts gives E2E_SLOT=N). */
export function previewSlot(slot: number): PreviewSlot {
  const appPort = 4173 + slot;
  return { slot, apiPort: 54421 + slot, appPort, dataDir: `.data/e2e-${slot}`, baseUrl: `http://127.0.0.1:${appPort}` };
}

export async function isServing(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** Starts the stand-in (fresh demo data) and the production build on the slot, and waits until the app answers. */
export async function startPreviewApp({ baseUrl, dataDir, apiPort, appPort }: PreviewSlot): Promise<ChildProcess> {
  if (await isServing(baseUrl)) throw new Error(`${baseUrl} already serves something: stop it, or pass --reuse to measure it`);
  // node --import tsx, not npx: the pid is run-with-app's own, and SIGTERM to it stops the stand-in and preview.
  const child = spawn(process.execPath, [
    '--import', 'tsx', 'supabase/local/src/run-with-app.ts', '--preview', '--fresh',
    '--data', dataDir, '--out-dir', `${dataDir}/dist`, '--api-port', String(apiPort), '--app-port', String(appPort),
  ], { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  await waitUntilServing(baseUrl, child, 300_000);
  return child;
}

/** Waits until `url` answers; stops the child's process group and throws if it exits or times out first. */
export async function waitUntilServing(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} exited with ${child.exitCode}`);
    if (await isServing(url)) return;
    await new Promise((done) => setTimeout(done, 1_000));
  }
  await stopProcessGroup(child);
  throw new Error(`${url} did not come up within ${timeoutMs / 1000} s`);
}

/** Stops a detached child's process group (e.g. run-with-app, the stand-in and the preview server: all started here). */
export function stopProcessGroup(child: ChildProcess | null): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return Promise.resolve();
  const group = -child.pid;
  return new Promise((done) => {
    const timer = setTimeout(() => {
      try {
        process.kill(group, 'SIGKILL');
      } catch {
        // already gone
      }
      done();
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    process.kill(group, 'SIGTERM');
  });
}
