// Explore's filter combinations (docs/product.md §9: location, max price, min Wi-Fi; one order, newest first)
// and the listings they run over: tests/bench/db-query.ts measures them over 10,000 listings and
// tests/unit/db/property-search.test.ts proves the indexed answer equals the full scan's for each.
import { randomUUID } from 'node:crypto';
import type { PropertyRow, RoomRow } from '../../src/db/tables.ts';
import { DEFAULT_PROPERTY_FILTERS, type PropertyFilters } from '../../src/domain/filters.ts';

// Bench data: Tbilisi is every 8th listing, Wi-Fi (index × 13) mod 300 (0 = unknown, every 300th),
// weekly price 150 + (index × 37) mod 900, so 150 (× 4 = 600) is every 900th listing.
const places = [['Ubud', 'Indonesia'], ['Lisbon', 'Portugal'], ['Chiang Mai', 'Thailand'], ['Tulum', 'Mexico'], ['Medellín', 'Colombia'], ['Canggu', 'Indonesia'], ['Porto', 'Portugal'], ['Tbilisi', 'Georgia']] as const;

export function benchListing(index: number, hosts: string[]): PropertyRow {
  const [city, country] = places[index % places.length]!;
  const created = new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString();
  return {
    id: randomUUID(), host_id: hosts[index % hosts.length]!, name: `Villa ${index}`, city, country, google_maps_url: null,
    description: 'A quiet villa with fibre.', workspace_details: null, amenities: ['wifi', 'pool'], photos: [],
    price_per_week: 150 + (index * 37) % 900, capacity: 4, current_occupancy: 0, min_stay_weeks: 4, max_stay_weeks: 24,
    wifi_speed_mbps: (index * 13) % 300, created_at: created, updated_at: created, version: 1, deleted_at: null,
    _v: 1, _search: `${city} ${country}`.toLowerCase(),
  };
}

export function benchRooms(owner: PropertyRow, index: number): RoomRow[] {
  return Array.from({ length: 1 + (index % 3) }, (_, n) => ({
    id: randomUUID(), property_id: owner.id, name: `Room ${n + 1}`, description: null, photos: [], price_per_week: owner.price_per_week + n * 40,
    price_per_month: null, is_available: true, wifi_speed_mbps: owner.wifi_speed_mbps, capacity: 1, min_stay_weeks: 4, max_stay_weeks: 24,
    created_at: owner.created_at, updated_at: owner.updated_at, version: 1, deleted_at: null, _v: 1,
  }));
}

const filters = (overrides: Partial<PropertyFilters>): PropertyFilters => ({ ...DEFAULT_PROPERTY_FILTERS, ...overrides });
/** Explore's filter combinations: each filter alone, pairs, all three, rare matches, no match, boundaries. */
export const exploreFilterCases: Array<[label: string, filters: PropertyFilters]> = [
  ['no filter (newest first, the only order)', filters({})],
  ['location: city "lisbon"', filters({ location: 'lisbon' })],
  ['location: country "portugal"', filters({ location: 'portugal' })],
  ['location: prefix "indo"', filters({ location: 'indo' })],
  ['location: mid-word "bon"', filters({ location: 'bon' })],
  ['location: one letter "o" (many places)', filters({ location: 'o' })],
  ['price ≤ 2000', filters({ maxPrice: 2000 })],
  ['price ≤ 1000', filters({ maxPrice: 1000 })],
  ['price ≤ 600 (rare: = cheapest listing × 4)', filters({ maxPrice: 600 })],
  ['wifi ≥ 100', filters({ minWifi: 100 })],
  ['wifi ≥ 200', filters({ minWifi: 200 })],
  ['wifi ≥ 299 (rare: = fastest listing)', filters({ minWifi: 299 })],
  ['"lisbon" + price ≤ 2000', filters({ location: 'lisbon', maxPrice: 2000 })],
  ['"portugal" + wifi ≥ 100', filters({ location: 'portugal', minWifi: 100 })],
  ['price ≤ 2000 + wifi ≥ 100', filters({ maxPrice: 2000, minWifi: 100 })],
  ['"portugal" + price ≤ 2000 + wifi ≥ 100', filters({ location: 'portugal', maxPrice: 2000, minWifi: 100 })],
  ['rare: "tbilisi" + wifi ≥ 290', filters({ location: 'tbilisi', minWifi: 290 })],
  ['rare: "lisbon" + price ≤ 700', filters({ location: 'lisbon', maxPrice: 700 })],
  ['rare: price ≤ 1000 + wifi ≥ 200', filters({ maxPrice: 1000, minWifi: 200 })],
  ['rare: "o" + price ≤ 700 + wifi ≥ 250', filters({ location: 'o', maxPrice: 700, minWifi: 250 })],
  ['no match: "atlantis"', filters({ location: 'atlantis' })],
  ['no match: "tbilisi" + wifi ≥ 1000', filters({ location: 'tbilisi', minWifi: 1000 })],
  ['no match: price ≤ 550 + wifi ≥ 1000', filters({ maxPrice: 550, minWifi: 1000 })],
];

