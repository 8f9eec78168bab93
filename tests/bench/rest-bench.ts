// Benchmark (not a test): GET-by-primary-key through /rest/v1 with RLS on, as an authenticated
// user, on PGlite and (when TEST_DATABASE_URL is set) native Postgres. In the same run it replays the
// request's transaction straight on the engine (begin; the request settings; read only; the select the
// stand-in built; commit) with the same concurrency, so the REST/direct ratio is the HTTP layer's cost.
// Run:
//   npx tsx tests/bench/rest-bench.ts [--duration 10] [--connections 10] [--accept-encoding 'gzip, deflate, br']
// (--accept-encoding: sent with every REST request, as a browser does, so answers come compressed.)
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { requestSettings, type Database, type QueryOptions, type QueryResult, type RequestAuth, type RequestInfo, type RequestQueryable, type RequestStatement, type RequestTransactionOptions } from '../../supabase/local/src/db/database.ts';
import { signAccessToken } from '../../supabase/local/src/keys.ts';
import { startLocalServer } from '../../supabase/local/src/server.ts';
import { createFreshDatabase } from '../integration/local/support/start.ts';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' }, rows: { type: 'string', default: '10000' }, 'accept-encoding': { type: 'string' } } });
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
-- No automatic API grants on new tables, as hosted (docs/decisions/hosted-defaults.md).
grant select on public.bench_items to authenticated;
`;

interface Figures {
  requestsPerSecond: number;
  /** this process's CPU time per request (server and load generator): steadier than req/s on a shared machine */
  cpuMicrosPerRequest: number;
  p50: number;
  p95: number;
  p99: number;
}

interface BenchResult extends Figures {
  engine: string;
  /** begin; request settings; set transaction read only; select; commit: one statement per round trip */
  direct: Figures;
  /** the engine's own request transaction (db.asRequest) around the select: everything but HTTP, parse and plan */
  engineRequest: Figures;
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

/** What the stand-in sent for one request: its auth, request info and the statements inside the transaction. */
interface CapturedRequest {
  auth: RequestAuth;
  info: RequestInfo | null;
  options: RequestTransactionOptions | undefined;
  statements: { sql: string; params: unknown[]; options?: QueryOptions }[];
}

/** Runs one REST request while recording the transaction the stand-in opens for it. */
async function captureRequest(db: Database, send: () => Promise<void>): Promise<CapturedRequest> {
  const original = db.asRequest;
  const run = original.bind(db);
  let captured: CapturedRequest | undefined;
  db.asRequest = <T>(auth: RequestAuth, info: RequestInfo | null, fn: (tx: RequestQueryable) => Promise<T>, options?: RequestTransactionOptions): Promise<T> => {
    const request: CapturedRequest = { auth, info, options, statements: [] };
    captured = request;
    return run(auth, info, (tx) => fn({
      query: (sql, params, queryOptions) => {
        request.statements.push({ sql, params: params ?? [], options: queryOptions });
        return tx.query(sql, params, queryOptions);
      },
    }), options);
  };
  // A plain table read goes through requestStatement (the whole transaction at once): record it the same way.
  const originalStatement = db.requestStatement;
  const runStatement = originalStatement.bind(db);
  db.requestStatement = <T>(auth: RequestAuth, info: RequestInfo | null, statement: RequestStatement): Promise<QueryResult<T>> => {
    captured = { auth, info, options: { readOnly: statement.readOnly }, statements: [{ sql: statement.sql, params: statement.params, options: { reuse: statement.reuse } }] };
    return runStatement(auth, info, statement);
  };
  try {
    await send();
  } finally {
    db.asRequest = original;
    db.requestStatement = originalStatement;
  }
  if (!captured) throw new Error('the request did not open a request transaction');
  return captured;
}

/** `connections` workers issuing `once` back to back for `seconds`. */
async function closedLoop(connections: number, seconds: number, once: () => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      await once();
      latencies.push(performance.now() - t0);
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  return { requestsPerSecond: latencies.length / elapsed, cpuMicrosPerRequest: (used.user + used.system) / latencies.length, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

/** The captured select with a new id each time; it must answer one row. */
function selectRunner(captured: CapturedRequest, sanityId: number, nextId: () => number): (tx: RequestQueryable) => Promise<void> {
  const select = captured.statements.at(-1);
  if (!select) throw new Error('the request ran no statement');
  const idIndex = select.params.findIndex((value) => String(value) === String(sanityId));
  if (idIndex < 0) throw new Error('the captured select does not carry the requested id as a parameter');
  return async (tx) => {
    const params = [...select.params];
    params[idIndex] = String(nextId());
    const result = await tx.query<{ page_count: string }>(select.sql, params, select.options);
    if (result.rows[0]?.page_count !== '1') throw new Error('direct select did not return one row');
  };
}

/** The request's select inside the engine's own request transaction, without HTTP, parsing or planning. */
async function benchEngineRequest(db: Database, captured: CapturedRequest, sanityId: number, nextId: () => number): Promise<Figures> {
  const select = selectRunner(captured, sanityId, nextId);
  const once = (): Promise<void> => db.asRequest(captured.auth, captured.info, select, captured.options ?? { readOnly: true });
  await closedLoop(connections, 2, once);
  return closedLoop(connections, duration, once);
}

/**
 * The request's select straight on the engine (pg for native Postgres) in PostgREST's stepwise shape:
 * begin; request settings; set transaction read only; the select; commit.
 */
async function benchDirect(db: Database, dbUrl: string | undefined, captured: CapturedRequest, sanityId: number, nextId: () => number): Promise<Figures> {
  const select = selectRunner(captured, sanityId, nextId);
  const settings = requestSettings(captured.auth, captured.info);
  const body = async (tx: RequestQueryable): Promise<void> => {
    await tx.query(settings.sql, settings.params);
    await tx.query('set transaction read only');
    await select(tx);
  };
  if (!dbUrl) {
    const once = (): Promise<void> => db.transaction(body);
    await closedLoop(connections, 2, once);
    return closedLoop(connections, duration, once);
  }
  const pool = new pg.Pool({ connectionString: dbUrl, max: connections });
  try {
    const once = async (): Promise<void> => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        // A statement the stand-in keeps prepared is prepared here too (same name per text), so the
        // ratio compares like with like.
        await body({
          query: async <T,>(sql: string, params?: unknown[], options?: QueryOptions) => (await client.query(options?.reuse
            ? { name: `bench_${createHash('sha1').update(sql).digest('base64url')}`, text: sql, values: params }
            : { text: sql, values: params })) as unknown as QueryResult<T>,
        });
        await client.query('commit');
      } finally {
        client.release();
      }
    };
    await closedLoop(connections, 2, once);
    return await closedLoop(connections, duration, once);
  } finally {
    await pool.end();
  }
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
    const acceptEncoding = values['accept-encoding'];
    const headers = { apikey: server.keys.anonKey, authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) };
    // Visible rows only (even ids are the user's own), so every answer carries one row.
    const nextId = (): number => 2 * (1 + Math.floor(Math.random() * (rows / 2 - 1)));
    const path = (): string => `/rest/v1/bench_items?select=*&id=eq.${nextId()}`;
    const sanityId = nextId();
    const captured = await captureRequest(server.ctx.db, async () => {
      const check = await fetch(`${server.url}/rest/v1/bench_items?select=*&id=eq.${sanityId}`, { headers });
      if (!check.ok || ((await check.json()) as unknown[]).length !== 1) throw new Error(`sanity request failed: ${check.status}`);
    });

    await autocannon({ url: server.url, connections, duration: 2, headers, requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }] });
    const latencies: number[] = [];
    const cpu = process.cpuUsage();
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url: server.url, connections, duration, headers, requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }] },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    });
    const used = process.cpuUsage(cpu);
    latencies.sort((a, b) => a - b);
    const direct = await benchDirect(server.ctx.db, fresh?.url, captured, sanityId, nextId);
    const engineRequest = await benchEngineRequest(server.ctx.db, captured, sanityId, nextId);
    return {
      engine: server.ctx.db.engine,
      direct,
      engineRequest,
      requestsPerSecond: result.requests.average,
      cpuMicrosPerRequest: (used.user + used.system) / result.requests.total,
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
console.log(`\nGET /rest/v1/bench_items?id=eq.N (authenticated, RLS on${values['accept-encoding'] ? `, Accept-Encoding: ${values['accept-encoding']}` : ''})`);
const row = (engine: string, path: string, f: Figures): Record<string, string | number> => ({
  engine,
  path,
  'req/s': Math.round(f.requestsPerSecond),
  'CPU µs/req': Math.round(f.cpuMicrosPerRequest),
  'p50 ms': f.p50.toFixed(1),
  'p95 ms': f.p95.toFixed(1),
  'p99 ms': f.p99.toFixed(1),
});
console.table(results.flatMap((r) => [
  { ...row(r.engine, 'REST', r), errors: r.errors, non2xx: r.non2xx },
  row(r.engine, 'direct, stepwise', r.direct),
  row(r.engine, 'db.asRequest', r.engineRequest),
]));
const ratio = (rest: Figures, direct: Figures): string => `${(direct.requestsPerSecond / rest.requestsPerSecond).toFixed(2)}×`;
for (const r of results) {
  const cpuRatio = (direct: Figures): string => `${(r.cpuMicrosPerRequest / direct.cpuMicrosPerRequest).toFixed(2)}×`;
  console.log(`${r.engine}: REST costs ${ratio(r, r.direct)} a stepwise direct transaction (CPU ${cpuRatio(r.direct)}), ${ratio(r, r.engineRequest)} the engine's request transaction (CPU ${cpuRatio(r.engineRequest)})`);
}
if (!process.env.TEST_DATABASE_URL) console.log('(set TEST_DATABASE_URL to a Postgres server to also measure native Postgres)');
