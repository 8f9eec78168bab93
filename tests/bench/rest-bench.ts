// Benchmark (not a test): GET-by-primary-key through /rest/v1 with RLS on, as an authenticated
// user, on PGlite and (when TEST_DATABASE_URL is set) native Postgres. Run:
//   npx tsx tests/bench/rest-bench.ts [--duration 10] [--connections 10]
import { randomUUID } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { signAccessToken } from '../../supabase/local/src/keys.ts';
import { startLocalServer } from '../../supabase/local/src/server.ts';
import { createFreshDatabase } from '../integration/local/support/start.ts';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' }, rows: { type: 'string', default: '10000' } } });
const duration = Number(values.duration);
const connections = Number(values.connections);
const rows = Number(values.rows);

const migration = `
create table public.bench_items (
  id int primary key,
  owner_id uuid not null,
  title text not null,
  is_public boolean not null default false,
  created_at timestamptz not null default now()
);
alter table public.bench_items enable row level security;
create policy "public or own rows" on public.bench_items for select using (is_public or owner_id = auth.uid());
`;

interface BenchResult {
  engine: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function bench(engine: 'pglite' | 'postgres'): Promise<BenchResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rest-bench-'));
  const project = join(dataDir, 'project');
  await mkdir(join(project, 'migrations'), { recursive: true });
  await writeFile(join(project, 'migrations', '0001_bench.sql'), migration);
  const fresh = engine === 'postgres' ? await createFreshDatabase() : undefined;
  const server = await startLocalServer({ dataDir, projectDir: project, port: 0, dbUrl: fresh?.url, seed: false });
  try {
    const owner = randomUUID();
    await server.ctx.db.query(
      `insert into public.bench_items (id, owner_id, title, is_public)
       select i, case when i % 2 = 0 then $1::uuid else gen_random_uuid() end, 'item ' || i, i % 10 = 0 from generate_series(1, $2::int) i`,
      [owner, rows],
    );
    await server.ctx.db.query('analyze public.bench_items');
    const token = await signAccessToken(server.keys, { sub: owner, role: 'authenticated', aud: 'authenticated' }, 3600);
    const headers = { apikey: server.keys.anonKey, authorization: `Bearer ${token}` };
    // Visible rows only (even ids are the user's own), so every answer carries one row.
    const path = (): string => `/rest/v1/bench_items?select=*&id=eq.${2 * (1 + Math.floor(Math.random() * (rows / 2 - 1)))}`;
    const check = await fetch(`${server.url}${path()}`, { headers });
    if (!check.ok || ((await check.json()) as unknown[]).length !== 1) throw new Error(`sanity request failed: ${check.status}`);

    await autocannon({ url: server.url, connections, duration: 2, headers, requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }] });
    const latencies: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url: server.url, connections, duration, headers, requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }] },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    });
    latencies.sort((a, b) => a - b);
    return {
      engine: server.ctx.db.engine,
      requestsPerSecond: result.requests.average,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      errors: result.errors,
      non2xx: result.non2xx,
    };
  } finally {
    await server.close();
    await fresh?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const engines: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const results: BenchResult[] = [];
for (const engine of engines) {
  console.log(`benchmarking ${engine}: ${connections} connections, ${duration}s, ${rows} rows, RLS on …`);
  results.push(await bench(engine));
}
console.log('\nGET /rest/v1/bench_items?id=eq.N (authenticated, RLS on)');
console.table(results.map((r) => ({
  engine: r.engine,
  'req/s': Math.round(r.requestsPerSecond),
  'p50 ms': r.p50.toFixed(1),
  'p95 ms': r.p95.toFixed(1),
  'p99 ms': r.p99.toFixed(1),
  errors: r.errors,
  non2xx: r.non2xx,
})));
if (!process.env.TEST_DATABASE_URL) console.log('(set TEST_DATABASE_URL to a Postgres server to also measure native Postgres)');
