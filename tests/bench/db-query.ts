// Query latency over 10,000 cached properties (fake-indexeddb in Node; a browser's IndexedDB is
// usually faster). Run: npx tsx tests/bench/db-query.ts
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { AppDb, deleteAppDb } from '../../src/db/db.ts';
import { listCachedProperties, listHostProperties, listPropertiesInPlace } from '../../src/db/queries/properties.ts';
import type { PropertyRow } from '../../src/db/tables.ts';

const COUNT = 10_000;
const RUNS = 200;
const places = [['Ubud', 'Indonesia'], ['Lisbon', 'Portugal'], ['Chiang Mai', 'Thailand'], ['Tulum', 'Mexico'], ['Medellín', 'Colombia'], ['Canggu', 'Indonesia'], ['Porto', 'Portugal'], ['Tbilisi', 'Georgia']] as const;

function property(index: number, hosts: string[]): PropertyRow {
  const [city, country] = places[index % places.length]!;
  const created = new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString();
  return {
    id: randomUUID(), host_id: hosts[index % hosts.length]!, name: `Villa ${index}`, city, country, google_maps_url: null,
    description: 'A quiet villa with fibre.', workspace_details: null, amenities: ['wifi', 'pool'], photos: [],
    price_per_week: 150 + (index * 37) % 900, capacity: 4, current_occupancy: 0, min_stay_weeks: 4, max_stay_weeks: 24,
    wifi_speed_mbps: (index * 13) % 300, created_at: created, updated_at: created, version: 1, deleted_at: null,
    _v: 1, _search: `${city} ${country}`.toLowerCase(), _cachedAt: Date.now(),
  };
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(label: string, query: () => Promise<unknown[]>): Promise<void> {
  await query();
  const samples: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    rows = (await query()).length;
    samples.push(performance.now() - start);
  }
  console.log(`${label.padEnd(52)} rows ${String(rows).padStart(3)}  p50 ${percentile(samples, 50).toFixed(2)} ms  p95 ${percentile(samples, 95).toFixed(2)} ms`);
}

const name = `bench-${randomUUID()}`;
const db = new AppDb('bench-user', { name });
await db.open();
const hosts = Array.from({ length: 200 }, () => randomUUID());
await db.properties.bulkPut(Array.from({ length: COUNT }, (_, i) => property(i, hosts)));
console.log(`${COUNT} cached properties, ${RUNS} runs per query (fake-indexeddb, Node ${process.version})`);
await measure('newest 60, no filter', () => listCachedProperties(db));
await measure('newest 60, location "indo" (substring)', () => listCachedProperties(db, { filters: { location: 'indo', maxPrice: 3000, minWifi: 0 } }));
await measure('newest 60, location+maxPrice 2000+minWifi 100', () => listCachedProperties(db, { filters: { location: 'portugal', maxPrice: 2000, minWifi: 100 } }));
await measure('newest 60, rare match (location "tbilisi", wifi 290)', () => listCachedProperties(db, { filters: { location: 'tbilisi', maxPrice: 3000, minWifi: 290 } }));
await measure('city = "lisbon" (index, any case)', () => listPropertiesInPlace(db, { city: 'lisbon' }));
await measure("one host's listings (compound index)", () => listHostProperties(db, hosts[7]!));
db.close();
await deleteAppDb(name);
