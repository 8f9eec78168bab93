// Query latency over 10,000 cached properties (G5 in research/perf-and-reliability.md: filtered list,
// city + price range, limit 50 ≤ 10 ms p95; detail by primary key ≤ 5 ms p95). fake-indexeddb in
// Node; a browser's IndexedDB is usually faster. Prints p50/p95 per query case, and the same cases
// through the pre-index full scan ("scan" rows, fewer runs) for comparison.
// Run: npx tsx tests/bench/db-query.ts [--runs N] [--no-baseline]
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { AppDb, deleteAppDb } from '../../src/db/db.ts';
import { listExploreCards } from '../../src/db/queries/explore-cards.ts';
import { getProperty, listCachedProperties, listHostProperties, listPropertiesInPlace } from '../../src/db/queries/properties.ts';
import type { PropertyRow, RoomRow } from '../../src/db/tables.ts';
import { matchesPropertyFilters, type PropertyFilters } from '../../src/domain/filters.ts';

const COUNT = 10_000;
const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 200;
const BASELINE_RUNS = Math.max(5, Math.round(RUNS / 10));
const withBaseline = !args.includes('--no-baseline');
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

function rooms(owner: PropertyRow, index: number): RoomRow[] {
  return Array.from({ length: 1 + (index % 3) }, (_, n) => ({
    id: randomUUID(), property_id: owner.id, name: `Room ${n + 1}`, description: null, photos: [], price_per_week: owner.price_per_week + n * 40,
    price_per_month: null, is_available: true, wifi_speed_mbps: owner.wifi_speed_mbps, capacity: 1, min_stay_weeks: 4, max_stay_weeks: 24,
    created_at: owner.created_at, updated_at: owner.updated_at, version: 1, deleted_at: null, _v: 1,
  }));
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(label: string, query: () => Promise<unknown>, runs = RUNS): Promise<void> {
  const count = (result: unknown) => (Array.isArray(result) ? result.length : result && typeof result === 'object' && 'cards' in result ? (result.cards as unknown[]).length : result ? 1 : 0);
  await query();
  const samples: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    rows = count(await query());
    samples.push(performance.now() - start);
  }
  console.log(`${label.padEnd(62)} rows ${String(rows).padStart(3)}  p50 ${percentile(samples, 50).toFixed(2).padStart(7)} ms  p95 ${percentile(samples, 95).toFixed(2).padStart(7)} ms  (${runs} runs)`);
}

/** The query before the location index: a cursor over created_at with the filter in JavaScript. */
function scan(db: AppDb, filters: PropertyFilters, limit: number): Promise<PropertyRow[]> {
  return db.properties.orderBy('created_at').reverse()
    .filter((row) => row.deleted_at === null && matchesPropertyFilters(row, filters)).limit(limit).toArray();
}

const filters = (overrides: Partial<PropertyFilters>): PropertyFilters => ({ location: '', maxPrice: 3000, minWifi: 0, ...overrides });
const cases: Array<[label: string, filters: PropertyFilters]> = [
  ['no filter', filters({})],
  ['city "lisbon" + price ≤ 2000 (G5 case)', filters({ location: 'lisbon', maxPrice: 2000 })],
  ['country "portugal" + price ≤ 2000 + wifi ≥ 100', filters({ location: 'portugal', maxPrice: 2000, minWifi: 100 })],
  ['prefix "indo" (country)', filters({ location: 'indo' })],
  ['mid-word substring "bon" (Lisbon)', filters({ location: 'bon' })],
  ['one letter "o" (5 places)', filters({ location: 'o' })],
  ['rare match "tbilisi" + wifi ≥ 290', filters({ location: 'tbilisi', minWifi: 290 })],
  ['no match "atlantis"', filters({ location: 'atlantis' })],
  ['no location, price ≤ 1000 + wifi ≥ 200', filters({ maxPrice: 1000, minWifi: 200 })],
];

const name = `bench-${randomUUID()}`;
const db = new AppDb('bench-user', { name });
await db.open();
const hosts = Array.from({ length: 200 }, () => randomUUID());
const fixture = Array.from({ length: COUNT }, (_, i) => property(i, hosts));
let start = performance.now();
await db.properties.bulkPut(fixture);
const hydrateMs = performance.now() - start;
start = performance.now();
await db.rooms.bulkPut(fixture.flatMap((row, i) => rooms(row, i)));
console.log(`${COUNT} cached properties (bulkPut ${hydrateMs.toFixed(0)} ms incl. derived keys), ${await db.rooms.count()} rooms (${(performance.now() - start).toFixed(0)} ms); fake-indexeddb, Node ${process.version}`);

console.log('\n-- Explore list (listExploreCards, offline: whole cache), limit 50, rooms included');
for (const [label, f] of cases) await measure(`explore 50: ${label}`, () => listExploreCards(db, { filters: f, onlyIds: null, limit: 50 }));
console.log('\n-- Explore list online (onlyIds = 200 newest server ids), limit 120 (the app default)');
const serverIds = new Set(fixture.slice(-200).map((row) => row.id));
await measure('explore 120 online: no filter', () => listExploreCards(db, { filters: filters({}), onlyIds: serverIds }));
await measure('explore 120 online: "portugal" + price ≤ 2000', () => listExploreCards(db, { filters: filters({ location: 'portugal', maxPrice: 2000 }), onlyIds: serverIds }));

console.log('\n-- Listings only (listCachedProperties), limit 50');
for (const [label, f] of cases) await measure(`properties 50: ${label}`, () => listCachedProperties(db, { filters: f, limit: 50 }));
console.log('\n-- Other reads');
await measure('newest 50, no filter (listCachedProperties)', () => listCachedProperties(db, { limit: 50 }));
await measure('detail by primary key (getProperty)', () => getProperty(db, fixture[4321]!.id));
await measure('city = "lisbon" (index, any case)', () => listPropertiesInPlace(db, { city: 'lisbon' }));
await measure("one host's listings (compound index)", () => listHostProperties(db, hosts[7]!));

if (withBaseline) {
  console.log('\n-- Before: cursor scan over created_at with the filter in JavaScript, limit 50 (listings only)');
  for (const [label, f] of cases) await measure(`scan 50: ${label}`, () => scan(db, f, 50), BASELINE_RUNS);
}
db.close();
await deleteAppDb(name);
