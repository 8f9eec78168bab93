// Benchmark (not a test): cold start and warm latency of a function served by the stand-in on Deno (one
// `deno run` worker per function, proxied) vs the in-process Node fallback, through the full gateway.
// Functions of tests/fixtures/functions-project: `public-echo` (no packages) and `stripe-webhook` (GET: the
// stripe SDK loaded through the import map). Run (needs deno: devDependency, DENO_BIN or PATH):
//   npx tsx tests/bench/functions-runtime.ts [--requests 200]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FunctionRuntimeKind } from '../../supabase/local/src/functions/function-runtime.ts';
import { startLocalServer } from '../../supabase/local/src/server.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '200' } } });
const requests = Number(values.requests);
const projectDir = fileURLToPath(new URL('../fixtures/functions-project', import.meta.url));
const calls = [
  { name: 'public-echo', init: { method: 'POST', body: '{"hello":"bench"}' } },
  { name: 'stripe-webhook', init: { method: 'GET' } },
];

async function timed(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const rows: string[] = [];
for (const runtime of ['deno', 'node'] as FunctionRuntimeKind[]) {
  const dataDir = await mkdtemp(join(tmpdir(), 'functions-bench-'));
  const server = await startLocalServer({ projectDir, dataDir, port: 0, seed: false, functionsRuntime: runtime, authRateLimits: 'off' });
  try {
    for (const { name, init } of calls) {
      const url = `${server.url}/functions/v1/${name}`;
      const cold = await timed(url, init);
      const warm: number[] = [];
      for (let i = 0; i < requests; i += 1) warm.push(await timed(url, init));
      warm.sort((a, b) => a - b);
      rows.push(`${runtime.padEnd(5)} ${name.padEnd(15)} cold ${cold.toFixed(0).padStart(6)} ms   warm p50 ${percentile(warm, 50).toFixed(2).padStart(6)} ms  p95 ${percentile(warm, 95).toFixed(2).padStart(6)} ms  (${requests} sequential)`);
    }
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
console.log(rows.join('\n'));
