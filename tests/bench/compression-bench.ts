// Benchmark (not a test): what the stand-in's response compression (supabase/local/src/http/compression.ts)
// costs its HTTP layer, in process (no database, no sockets), so a busy machine moves it less than rest-bench:
// CPU µs per request through Hono with the CORS middleware, without and with compression, for a one-row REST
// answer (rest-bench's) and a catalogue-sized one, with and without Accept-Encoding. Minimum of 7 rounds each.
// Run: npx tsx tests/bench/compression-bench.ts
import { Hono } from 'hono';
import { compressResponses } from '../../supabase/local/src/http/compression.ts';
import { corsMiddleware } from '../../supabase/local/src/http/cors.ts';

const row = (i: number) => ({ id: 2 * i, owner_id: '7d0f3c1e-2b7a-4f54-9a43-1f7f9f3f6f10', title: `item ${i}`, is_public: false, created_at: '2026-11-28T20:00:00.000+00:00' });
const villa = (i: number) => ({
  id: `5b1c${String(i).padStart(4, '0')}-1f2e-4c3d-9a8b-7c6d5e4f3a2b`, title: `Villa ${i} with sea view`, city: ['Canggu', 'Lisbon', 'Chiang Mai', 'Tbilisi'][i % 4],
  monthly_price: 1200 + i * 13, wifi_mbps: 100 + i, photos: [`properties/${i}/1.webp`, `properties/${i}/2.webp`],
  created_at: new Date(1.7e12 + i * 1e7).toISOString(), description: 'Quiet street, fast fibre, a desk in every room and a shared pool.',
});
const answers: Record<string, unknown[]> = { 'one row': [row(1)], 'catalogue (150 rows, 47 KB)': Array.from({ length: 150 }, (_, i) => villa(i)) };

function app(withCompression: boolean): Hono {
  const hono = new Hono();
  if (withCompression) hono.use('/rest/*', compressResponses);
  hono.use('/rest/*', corsMiddleware);
  hono.get('/rest/v1/:name', (c) => c.json(answers[decodeURIComponent(c.req.param('name'))]));
  return hono;
}

/** CPU µs per request for `n` requests, ten at a time, each body read to the end. */
async function cpuPerRequest(hono: Hono, name: string, acceptEncoding: string | null, n: number): Promise<number> {
  const url = `http://bench/rest/v1/${encodeURIComponent(name)}`;
  const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i += 10) {
    await Promise.all(Array.from({ length: 10 }, async () => (await hono.fetch(new Request(url, { headers }))).arrayBuffer()));
  }
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / n;
}

const [plain, compressing] = [app(false), app(true)];
for (const name of Object.keys(answers)) {
  for (const acceptEncoding of [null, 'gzip, deflate, br']) {
    const without: number[] = [];
    const withCompression: number[] = [];
    for (let round = 0; round < 7; round++) {
      without.push(await cpuPerRequest(plain, name, acceptEncoding, 2000));
      withCompression.push(await cpuPerRequest(compressing, name, acceptEncoding, 2000));
    }
    const best = (values: number[]) => Math.min(...values).toFixed(0);
    console.log(`${name}, Accept-Encoding ${acceptEncoding ?? '(none)'}: ${best(without)} → ${best(withCompression)} CPU µs/request`);
  }
}
