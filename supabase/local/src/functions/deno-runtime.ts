// Functions on Deno, as hosted Supabase runs them: one long-lived `deno run <name>/index.ts` per function,
// started on its first request, listening on a free loopback port; the stand-in proxies each request to it.
// The entry runs unchanged: deno-serve-shim.ts (preloaded) redirects its Deno.serve to that port.
// A process that dies is started again by the next request (so a fixed function boots after an edit).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listeningMarker, originalUrlHeader } from './deno-serve-shim.ts';
import { functionName, type FunctionRuntime } from './function-runtime.ts';
import { fileExists } from './handler-loader.ts';
import { FunctionBootError, bootError, workerError, workerLimit } from './runtime-errors.ts';

export interface DenoRuntimeOptions {
  deno: string;
  projectDir: string;
  env: Readonly<Record<string, string>>;
  /** the function's import map / deno.json (config.toml `import_map`, else its own deno.json), if any */
  importMapOf(name: string): string | undefined;
  /** first boot may download npm packages into the Deno cache */
  bootTimeoutMs?: number;
  /** wall-clock limit of one request (hosted: 150 s on the free plan) */
  requestTimeoutMs?: number;
}

interface Worker {
  port: number;
  child: ChildProcess;
}

const shim = fileURLToPath(new URL('./deno-serve-shim.ts', import.meta.url));
// Hop-by-hop or recomputed by fetch; accept-encoding so Deno.serve does not compress what fetch would decode.
const droppedRequestHeaders = ['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'accept-encoding'];
const droppedResponseHeaders = ['connection', 'keep-alive', 'transfer-encoding'];

export function denoRuntime(opts: DenoRuntimeOptions): FunctionRuntime {
  const functionsDir = join(opts.projectDir, 'functions');
  const bootTimeoutMs = opts.bootTimeoutMs ?? 120_000;
  const requestTimeoutMs = opts.requestTimeoutMs ?? 150_000;
  const workers = new Map<string, Promise<Worker>>();
  const children = new Set<ChildProcess>();
  let closed = false;

  const entry = (name: string): string | null => (functionName.test(name) ? join(functionsDir, name, 'index.ts') : null);

  function boot(name: string, file: string): Promise<Worker> {
    const importMap = opts.importMapOf(name);
    const args = [
      'run', '--no-prompt', '--allow-net', '--allow-env', `--allow-read=${functionsDir}`, '--allow-sys',
      '--preload', shim,
      ...(importMap ? ['--config', importMap] : ['--no-config']),
      file,
    ];
    const child = spawn(opts.deno, args, { cwd: functionsDir, env: { ...opts.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const stderrTail: string[] = [];
    createInterface({ input: child.stderr }).on('line', (line) => {
      stderrTail.push(line);
      if (stderrTail.length > 30) stderrTail.shift();
      console.error(`[functions:${name}] ${line}`);
    });
    return new Promise<Worker>((resolve, reject) => {
      let listening = false;
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new FunctionBootError(`${name} did not listen within ${bootTimeoutMs} ms`));
      }, bootTimeoutMs);
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (!listening && line.startsWith(listeningMarker)) {
          listening = true;
          clearTimeout(timer);
          resolve({ port: Number(line.slice(listeningMarker.length).trim()), child });
        } else console.log(`[functions:${name}] ${line}`);
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new FunctionBootError(`${name}: ${error.message}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        children.delete(child);
        if (!listening) reject(new FunctionBootError(`${name} exited (${signal ?? code}) before listening:\n${stderrTail.join('\n')}`));
        else if (!closed) console.error(`[functions:${name}] worker exited (${signal ?? code}); the next request starts it again`);
      });
    });
  }

  function worker(name: string, file: string): Promise<Worker> {
    let started = workers.get(name);
    if (!started) {
      const booting = boot(name, file);
      const forget = (): void => {
        if (workers.get(name) === booting) workers.delete(name);
      };
      booting.then((ready) => ready.child.once('exit', forget), forget);
      workers.set(name, booting);
      started = booting;
    }
    return started;
  }

  return {
    kind: 'deno',
    exists: (name) => fileExists(entry(name)),
    async invoke(name, request) {
      const file = entry(name);
      if (!file) return bootError();
      let target: Worker;
      try {
        target = await worker(name, file);
      } catch (error) {
        console.error(`[functions] ${name} failed to boot: ${error instanceof Error ? error.message : String(error)}`);
        return bootError();
      }

      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      for (const header of droppedRequestHeaders) headers.delete(header);
      headers.set(originalUrlHeader, request.url);
      const timeout = AbortSignal.timeout(requestTimeoutMs);
      let response: Response;
      try {
        response = await fetch(`http://127.0.0.1:${target.port}${url.pathname}${url.search}`, {
          method: request.method,
          headers,
          body: request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer(),
          signal: AbortSignal.any([request.signal, timeout]),
          redirect: 'manual',
        });
      } catch (error) {
        if (timeout.aborted) {
          console.error(`[functions] ${name} exceeded ${requestTimeoutMs} ms; stopping its worker`);
          workers.delete(name);
          target.child.kill('SIGKILL');
          return workerLimit();
        }
        console.error(`[functions] ${name} did not answer:`, error);
        return workerError();
      }
      const responseHeaders = new Headers(response.headers);
      for (const header of droppedResponseHeaders) responseHeaders.delete(header);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers: responseHeaders });
    },
    async close() {
      closed = true;
      workers.clear();
      await Promise.all(
        [...children].map(
          (child) =>
            new Promise<void>((resolve) => {
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
