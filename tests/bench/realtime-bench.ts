// Benchmark (not a test): insert → postgres_changes callback latency through the stand-in's Realtime,
// with 1 and then 50 signed-in supabase-js subscribers, on PGlite and (when TEST_DATABASE_URL is set)
// native Postgres. Each subscriber is a guest staying at one villa and listens as the app does
// (messages and bookings, every event); the host writes N house-chat messages, paced, which the
// house's RLS (`is_house_member`) lets every guest read. Latency runs from issuing the insert to
// each subscriber's callback, all in this process on one clock. Run:
//   npx tsx tests/bench/realtime-bench.ts [--messages 200] [--interval 50] [--subscribers 1,50] [--warmup 10]
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { signAccessToken } from '../../supabase/local/src/keys.ts';
import { createBooking, createProperty, createRoom, createUser } from '../../supabase/tests/support/fixtures.ts';
import { clientOptions, startTestServer, testEngines, type TestEngine } from '../integration/local/support/start.ts';
import { subscribed } from '../integration/local/support/wait.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '200' },
    interval: { type: 'string', default: '50' },
    subscribers: { type: 'string', default: '1,50' },
    warmup: { type: 'string', default: '10' },
  },
});
const messageCount = Number(values.messages);
const intervalMs = Number(values.interval);
const subscriberCounts = values.subscribers.split(',').map(Number);
/** Inserts sent first and not counted (metadata caches, JIT). */
const warmupCount = Number(values.warmup);
/** How long to wait for stragglers after the last insert before counting them lost. */
const settleTimeoutMs = 10_000;

interface CaseResult {
  engine: TestEngine;
  subscribers: number;
  expected: number;
  delivered: number;
  p50: number;
  p95: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function bench(engine: TestEngine): Promise<CaseResult[]> {
  const t = await startTestServer({ engine });
  const db = t.server.ctx.db;
  const clients: SupabaseClient[] = [];
  try {
    const hostId = await createUser(db, { role: 'host' });
    const propertyId = await createProperty(db, hostId);
    const maxSubscribers = Math.max(...subscriberCounts);
    // One room per guest: a room takes one accepted stay at a time.
    const guests: string[] = [];
    for (let i = 0; i < maxSubscribers; i++) {
      const guestId = await createUser(db);
      const roomId = await createRoom(db, propertyId);
      await createBooking(db, { guestId, propertyId, roomId, checkIn: 0, nights: 60, status: 'accepted' });
      guests.push(guestId);
    }

    const results: CaseResult[] = [];
    for (const count of subscriberCounts) {
      const total = warmupCount + messageCount;
      const received: number[][] = Array.from({ length: total }, () => []);
      const sentAt: number[] = [];
      const ids = Array.from({ length: total }, () => randomUUID());
      const indexOf = new Map<string, number>(ids.map((id, i) => [id, i]));
      let deliveredCount = 0;
      const channels: { client: SupabaseClient; channel: RealtimeChannel }[] = [];
      for (const guestId of guests.slice(0, count)) {
        const token = await signAccessToken(t.server.keys, { sub: guestId, role: 'authenticated', aud: 'authenticated', aal: 'aal1', session_id: randomUUID(), is_anonymous: false }, 3600);
        const client = createClient(t.url, t.server.keys.anonKey, { ...clientOptions, accessToken: async () => token });
        clients.push(client);
        // Fetches the token from the callback now, so the join carries it rather than the anon key.
        await client.realtime.setAuth();
        const onRow = (payload: { new: Record<string, unknown> }): void => {
          const index = indexOf.get(payload.new.id as string);
          if (index === undefined || index < warmupCount) return;
          received[index]!.push(performance.now() - sentAt[index]!);
          deliveredCount += 1;
        };
        const channel = client.channel(`bench-${randomUUID()}`)
          .on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, onRow)
          .on('postgres_changes', { event: '*', schema: 'public', table: 'bookings' }, onRow);
        await subscribed(channel);
        channels.push({ client, channel });
      }

      for (let i = 0; i < total; i++) {
        const started = performance.now();
        sentAt[i] = started;
        await db.query(
          `insert into public.messages (id, sender_id, property_id, conversation_type, text) values ($1, $2, $3, 'house', $4)`,
          [ids[i], hostId, propertyId, `Dinner on the roof at 8? (${i})`],
        );
        const wait = intervalMs - (performance.now() - started);
        if (wait > 0) await sleep(wait);
      }
      const expected = messageCount * count;
      const settleStart = performance.now();
      while (deliveredCount < expected && performance.now() - settleStart < settleTimeoutMs) await sleep(10);

      const latencies = received.slice(warmupCount).flat().sort((a, b) => a - b);
      results.push({
        engine,
        subscribers: count,
        expected,
        delivered: deliveredCount,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        max: latencies.at(-1) ?? Number.NaN,
      });
      for (const { client, channel } of channels) await client.removeChannel(channel);
    }
    return results;
  } finally {
    for (const client of clients) await client.removeAllChannels().catch(() => {});
    await t.close();
  }
}

const results: CaseResult[] = [];
for (const engine of testEngines) {
  console.log(`benchmarking ${engine}: ${messageCount} house-chat inserts every ${intervalMs} ms, ${subscriberCounts.join(' then ')} subscribers …`);
  results.push(...(await bench(engine)));
}
console.log('\ninsert → postgres_changes callback (house chat, subscriber RLS on)');
console.table(results.map((r) => ({
  engine: r.engine,
  subscribers: r.subscribers,
  'p50 ms': r.p50.toFixed(1),
  'p95 ms': r.p95.toFixed(1),
  'max ms': r.max.toFixed(1),
  delivered: `${((100 * r.delivered) / r.expected).toFixed(1)}% (${r.delivered}/${r.expected})`,
})));
if (!process.env.TEST_DATABASE_URL) console.log('(set TEST_DATABASE_URL to a Postgres server to also measure native Postgres)');
