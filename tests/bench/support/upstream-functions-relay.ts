// Serves functions-js's test/relay/container.ts to its specs in the upstream-suites bench: where upstream starts
// a docker deno-relay per spec (the function on Deno behind a JWT check with the spec's secret), this starts the
// stand-in with that secret as its JWT secret and the spec's function in a throwaway project, behind a path proxy
// that maps `/<name>` to `/functions/v1/<name>` (the relay serves functions at the root).
import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signAccessToken, type LocalKeys } from '../../../supabase/local/src/keys.ts';
import { startLocalServer, type LocalServer } from '../../../supabase/local/src/server.ts';
import { pgliteTemplate } from '../../integration/local/support/start.ts';

/** The upstream functions import std's `serve` from deno.land; the bench has no network, so it maps that to Deno.serve. */
const stdServe = 'https://deno.land/std/http/server.ts';
const stdServeShim = `// std/http's serve, which hands its handler to Deno.serve (written by tests/bench/upstream-suites.ts)
export function serve(handler: (request: Request) => Response | Promise<Response>): unknown {
  return Deno.serve(handler);
}
`;

async function keysWithSecret(jwtSecret: string): Promise<LocalKeys> {
  const partial = { jwtSecret, anonKey: '', serviceRoleKey: '', publishableKey: '', secretKey: '' };
  const tenYears = 10 * 365 * 24 * 3600;
  return {
    ...partial,
    anonKey: await signAccessToken(partial, { role: 'anon' }, tenYears),
    serviceRoleKey: await signAccessToken(partial, { role: 'service_role' }, tenYears),
    publishableKey: `sb_publishable_${randomBytes(12).toString('hex')}`,
    secretKey: `sb_secret_${randomBytes(12).toString('hex')}`,
  };
}

function pathProxy(target: string): Promise<Server> {
  const proxy = createServer((incoming, outgoing) => {
    const forward = request(new URL(`/functions/v1${incoming.url ?? '/'}`, target), { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forward.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forward);
  });
  return new Promise((resolve) => proxy.listen(0, 'localhost', () => resolve(proxy)));
}

export class Relay {
  constructor(
    readonly container: { getMappedPort(port: number): number },
    readonly id: string,
    private readonly release: () => Promise<void>,
  ) {}

  stop(): Promise<void> {
    return this.release();
  }
}

export async function runRelay(slug: string, jwtSecret: string): Promise<Relay> {
  const functionsDir = process.env.UPSTREAM_FUNCTIONS_DIR;
  if (!functionsDir) throw new Error('UPSTREAM_FUNCTIONS_DIR is not set (run through tests/bench/upstream-suites.ts)');
  const projectDir = await mkdtemp(join(tmpdir(), 'upstream-functions-project-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'upstream-functions-data-'));
  await writeFile(join(projectDir, 'config.toml'), 'project_id = "upstream-functions"\n');
  await cp(join(functionsDir, slug), join(projectDir, 'functions', slug), { recursive: true });
  await mkdir(join(projectDir, 'functions', '_bench'));
  await writeFile(join(projectDir, 'functions', '_bench', 'std-http-server.ts'), stdServeShim);
  await writeFile(join(projectDir, 'functions', 'import_map.json'), `${JSON.stringify({ imports: { [stdServe]: './_bench/std-http-server.ts' } })}\n`);
  await cp(await pgliteTemplate(), join(dataDir, 'pgdata'), { recursive: true });
  await writeFile(join(dataDir, 'keys.json'), JSON.stringify(await keysWithSecret(jwtSecret)));
  // @hono/node-server swaps in its own global Response when a server starts; the specs check
  // `toBeInstanceOf(Response)` against what fetch returns, so the test worker keeps the native one.
  const nativeResponse = globalThis.Response;
  const server: LocalServer = await startLocalServer({ dataDir, projectDir, port: 0, seed: false, functionsRuntime: 'deno' });
  Object.defineProperty(globalThis, 'Response', { value: nativeResponse, writable: true, configurable: true });
  const proxy = await pathProxy(server.url);
  const port = (proxy.address() as AddressInfo).port;
  return new Relay({ getMappedPort: () => port }, slug, async () => {
    proxy.closeAllConnections();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    await server.close();
    await rm(projectDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });
}
