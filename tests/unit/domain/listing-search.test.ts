// Explore's server search (docs/decisions/explore-server-search.md) states the device's filter rules as
// query bounds (domain/listing-search.ts) that remote/explore-properties.ts puts into PostgREST's URL.
// Each bound is held here to the local rule it states, over the filter cases of the device's own search
// (tests/bench/explore-filter-cases.ts) and their edges; tests/integration/explore/explore-server-search.test.ts
// runs the same cases on a database.
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { benchListing, exploreFilterCases } from '../../bench/explore-filter-cases.ts';
import { MAX_PRICE_SLIDER } from '../../../src/domain/constants.ts';
import { DEFAULT_PROPERTY_FILTERS, matchesLocation, matchesMaxPrice, matchesMinWifi, type PropertyFilters } from '../../../src/domain/filters.ts';
import { isOpenSearch, listingSearchOf } from '../../../src/domain/listing-search.ts';
import { DEFAULT_STAY_FILTERS, type ExploreSearch } from '../../../src/domain/stay-filters.ts';
import { literalRegex, listingsSearchQuery } from '../../../src/remote/explore-properties.ts';
import type { AppClient } from '../../../src/remote/client.ts';

const search = (filters: PropertyFilters, stay: Partial<ExploreSearch> = {}): ExploreSearch => ({ ...filters, ...DEFAULT_STAY_FILTERS, ...stay });

/** The URL supabase-js asks for a search's page. */
async function askedUrl(query: ExploreSearch, offset = 0): Promise<URL> {
  let asked = '';
  const supabase = createClient('https://abc.supabase.co', 'public-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: {
      fetch: async (input: RequestInfo | URL) => {
        asked = String(input instanceof Request ? input.url : input);
        return Response.json([]);
      },
    },
  });
  await listingsSearchQuery(supabase as unknown as AppClient, listingSearchOf(query), offset);
  return new URL(asked);
}

// Rows the rules tell apart: the bench's prices and speeds, and the edges (unknown price or speed, boundaries).
const rows = [
  ...Array.from({ length: 900 }, (_, index) => benchListing(index, ['host'])),
  ...[0, 149.99, 150, 150.01, 500, 750, 750.25].flatMap((price) => [null, 0, 99, 100, 299, 1000].map((wifi) => ({ ...benchListing(0, ['host']), price_per_week: price, wifi_speed_mbps: wifi }))),
];

describe('Explore server search: the query bounds state the device rules', () => {
  it.each(exploreFilterCases)('%s', async (_label, filters) => {
    const query = listingSearchOf(search(filters));
    // max price: weekly ≤ bound exactly when the device rule passes
    for (const row of rows) {
      const serverPasses = query.maxWeeklyPrice === null || row.price_per_week <= query.maxWeeklyPrice;
      expect({ price: row.price_per_week, serverPasses }).toEqual({ price: row.price_per_week, serverPasses: matchesMaxPrice(row, filters.maxPrice) });
      const wifi = row.wifi_speed_mbps;
      const wifiPasses = query.minWifi === null || wifi === null || wifi === 0 || wifi >= query.minWifi;
      expect({ wifi, wifiPasses }).toEqual({ wifi, wifiPasses: matchesMinWifi(row, filters.minWifi) });
    }
    // and the URL carries them: the location in both fields, the bounds, newest first, a page with its exact count
    const url = await askedUrl(search(filters));
    const ors = url.searchParams.getAll('or');
    expect(ors.some((tree) => tree.startsWith('(city.imatch.'))).toBe(query.location !== '');
    expect(ors.some((tree) => tree.startsWith('(wifi_speed_mbps.is.null,wifi_speed_mbps.eq.0,wifi_speed_mbps.gte.'))).toBe(query.minWifi !== null);
    expect(url.searchParams.get('price_per_week')).toBe(query.maxWeeklyPrice === null ? null : `lte.${query.maxWeeklyPrice}`);
    expect(url.searchParams.get('deleted_at')).toBe('is.null');
    expect(url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect([url.searchParams.get('offset'), url.searchParams.get('limit')]).toEqual(['0', '24']);
    expect(isOpenSearch(query)).toBe(ors.length === 0 && !url.searchParams.has('price_per_week'));
  });

  it.each(['lisbon', 'LISBON', ' Porto ', 'o', 'bon', 'medellín', '.', 'a.b', '*', '%', '_', '(x)', '[a-z]', '\\', 'a|b', '^l', 'n$'])(
    'location %j: the escaped text matches exactly the places the device rule matches',
    (location) => {
      const { location: needle } = listingSearchOf(search({ ...DEFAULT_PROPERTY_FILTERS, location }));
      const places = ['Lisbon', 'Porto', 'Medellín', 'Chiang Mai', 'a.b', 'axb', 'A*B', '100%', 'x_y', '(x)', 'back\\slash', 'a|b', 'n$', '^l'];
      for (const place of places) {
        const property = { city: place, country: 'Nowhere', price_per_week: 0, wifi_speed_mbps: null };
        const serverMatches = needle === '' || [place, 'Nowhere'].some((field) => new RegExp(literalRegex(needle), 'i').test(field));
        expect({ place, serverMatches }).toEqual({ place, serverMatches: matchesLocation(property, location) });
      }
    },
  );

  it('quotes the location inside the logic tree, so commas, dots, parentheses and quotes stay text', async () => {
    const url = await askedUrl(search({ ...DEFAULT_PROPERTY_FILTERS, location: 'a,b.(c)"d\\' }));
    expect(url.searchParams.getAll('or')).toEqual(['(city.imatch."a,b\\\\.\\\\(c\\\\)\\"d\\\\\\\\",country.imatch."a,b\\\\.\\\\(c\\\\)\\"d\\\\\\\\")']);
  });

  it('asks listings_for_stay for a stay (dates and guests), properties otherwise, and pages by offset', async () => {
    const dated = await askedUrl(search(DEFAULT_PROPERTY_FILTERS, { checkIn: '2031-03-01', months: 2, guests: 2 }), 48);
    expect(dated.pathname).toBe('/rest/v1/rpc/listings_for_stay');
    expect([dated.searchParams.get('offset'), dated.searchParams.get('limit')]).toEqual(['48', '24']);
    expect(listingSearchOf(search(DEFAULT_PROPERTY_FILTERS, { checkIn: '2031-03-01', months: 2, guests: 2 })).stay).toEqual({ checkIn: '2031-03-01', checkOut: '2031-05-01', guests: 2 });
    expect(listingSearchOf(search(DEFAULT_PROPERTY_FILTERS, { guests: 3 })).stay).toEqual({ checkIn: null, checkOut: null, guests: 3 });
    expect(listingSearchOf(search(DEFAULT_PROPERTY_FILTERS)).stay).toBeNull();
    expect((await askedUrl(search({ ...DEFAULT_PROPERTY_FILTERS, maxPrice: MAX_PRICE_SLIDER.max }))).pathname).toBe('/rest/v1/properties');
  });
});
