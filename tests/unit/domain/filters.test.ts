import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROPERTY_FILTERS, filterProperties, hasActiveFilters, matchesLocation, matchesMaxPrice, matchesMinWifi,
  matchesPropertyFilters, maxPriceKeyOf, minWifiKeyOf, parseSavedSearch, serializeSavedSearch, toSavedSearchParams,
  type FilterableProperty, type PropertyFilters,
} from '../../../src/domain/filters.ts';

const villa = (overrides: Partial<FilterableProperty> = {}): FilterableProperty =>
  ({ city: 'Canggu', country: 'Indonesia', price_per_week: 500, wifi_speed_mbps: 100, ...overrides });

describe('location: case-insensitive substring of city or country', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['canggu', true],
    ['CANG', true],
    ['  canggu ', true],
    ['indo', true],
    ['nesia', true],
    ['Bali', false],
    ['Lisbon', false],
    ['Canggu, Indonesia', false],
  ])('%j → %s', (location, matches) => {
    expect(matchesLocation(villa(), location)).toBe(matches);
  });

  it('tolerates missing city or country', () => {
    expect(matchesLocation(villa({ city: null }), 'indo')).toBe(true);
    expect(matchesLocation(villa({ city: null, country: null }), 'indo')).toBe(false);
  });
});

describe('max price: weekly × 4 ≤ max', () => {
  it.each([
    [500, 2000, true], // exactly at the maximum
    [500, 2050, true],
    [500, 1950, false],
    [512.5, 2050, true], // 2050 == 2050
    [512.51, 2050, false],
    [1, 0, false],
    [700, 2800, true],
    [750, 2950, false], // 3000 > 2950
    [1000, 3000, true], // the slider's top means any price
    [5000, 3000, true],
    [0, 0, true], // no price (Contact for pricing) always passes
    [null, 500, true],
  ])('weekly %s with max %s → %s', (weekly, max, matches) => {
    expect(matchesMaxPrice(villa({ price_per_week: weekly }), max)).toBe(matches);
  });
});

describe('min Wi-Fi: no speed passes, otherwise speed ≥ min', () => {
  it.each([
    [null, 50, true],
    [0, 50, true],
    [50, 50, true],
    [49, 50, false],
    [49.9, 50, false],
    [200, 50, true],
    [1, 0, true],
  ])('speed %s with min %s → %s', (speed, min, matches) => {
    expect(matchesMinWifi(villa({ wifi_speed_mbps: speed }), min)).toBe(matches);
  });
});

// The local mirror indexes these keys to narrow Explore's reads (src/db/queries/property-search.ts):
// a key must never exclude a property the rule lets through, and should exclude every one it rejects.
describe('the price and Wi-Fi rules as index keys agree with the rules', () => {
  const odd = (value: unknown) => value as number;
  const prices = [null, 0, -0, -50, NaN, 0.01, 100, 149.99, 150, 250, 512.5, 749.99, 750, 751, Infinity, -Infinity, odd('300'), odd(undefined)];
  // (a NaN bound is no index key: the mirror leaves such a filter to the rule)
  const maxima = [-Infinity, -1, 0, 0.04, 400, 600, 599.99, 2000, 2050, 2999, 2999.99];
  it.each(prices)('weekly price %s: key ≤ max exactly when the rule passes (below the slider top)', (weekly) => {
    const property = villa({ price_per_week: weekly });
    for (const max of maxima) {
      const byKey = maxPriceKeyOf(property) <= max;
      if (matchesMaxPrice(property, max)) expect(byKey, `max ${max}`).toBe(true);
      else if (typeof weekly === 'number') expect(byKey, `max ${max}`).toBe(false);
    }
  });

  const speeds = [null, 0, -0, -5, NaN, 0.5, 1, 99, 100, 100.5, 299, 300, 1000, Infinity, -Infinity, odd('150'), odd(undefined)];
  const minima = [-Infinity, -10, 0, 0.5, 1, 50, 100, 100.5, 299, 300, 301, 1000, Infinity];
  it.each(speeds)('speed %s: min ≤ key exactly when the rule passes', (speed) => {
    const property = villa({ wifi_speed_mbps: speed });
    for (const min of minima) {
      const byKey = min <= minWifiKeyOf(property);
      if (matchesMinWifi(property, min)) expect(byKey, `min ${min}`).toBe(true);
      else if (typeof speed === 'number' && !Number.isNaN(speed)) expect(byKey, `min ${min}`).toBe(false);
    }
  });
});

describe('all filters together', () => {
  const properties = [
    villa({ city: 'Canggu', price_per_week: 400, wifi_speed_mbps: 100 }),
    villa({ city: 'Ubud', price_per_week: 800, wifi_speed_mbps: 30 }),
    villa({ city: 'Lisbon', country: 'Portugal', price_per_week: 300, wifi_speed_mbps: null }),
  ];
  it.each<[PropertyFilters, string[]]>([
    [DEFAULT_PROPERTY_FILTERS, ['Canggu', 'Ubud', 'Lisbon']],
    [{ location: 'indonesia', maxPrice: 3000, minWifi: 0 }, ['Canggu', 'Ubud']],
    [{ location: '', maxPrice: 1600, minWifi: 0 }, ['Canggu', 'Lisbon']],
    [{ location: '', maxPrice: 3000, minWifi: 50 }, ['Canggu', 'Lisbon']],
    [{ location: 'u', maxPrice: 1600, minWifi: 50 }, ['Canggu', 'Lisbon']],
    [{ location: 'ubud', maxPrice: 1600, minWifi: 0 }, []],
  ])('%j → %j', (filters, cities) => {
    expect(filterProperties(properties, filters).map((property) => property.city)).toEqual(cities);
    expect(properties.filter((property) => matchesPropertyFilters(property, filters)).length).toBe(cities.length);
  });
});

describe('hasActiveFilters', () => {
  it.each<[PropertyFilters, boolean]>([
    [DEFAULT_PROPERTY_FILTERS, false],
    [{ location: '  ', maxPrice: 3000, minWifi: 0 }, false],
    [{ location: 'Bali', maxPrice: 3000, minWifi: 0 }, true],
    [{ location: '', maxPrice: 2950, minWifi: 0 }, true],
    [{ location: '', maxPrice: 3000, minWifi: 10 }, true],
  ])('%j → %s', (filters, active) => {
    expect(hasActiveFilters(filters)).toBe(active);
  });
});

describe('saved search params: location, maxPrice only if not 3000, minWifi only if above 0', () => {
  it.each<[PropertyFilters, Record<string, string>, string]>([
    [DEFAULT_PROPERTY_FILTERS, {}, ''],
    [{ location: 'Bali', maxPrice: 3000, minWifi: 0 }, { location: 'Bali' }, 'location=Bali'],
    [{ location: '  Bali ', maxPrice: 3000, minWifi: 0 }, { location: 'Bali' }, 'location=Bali'],
    [{ location: '   ', maxPrice: 3000, minWifi: 0 }, {}, ''],
    [{ location: '', maxPrice: 2950, minWifi: 0 }, { maxPrice: '2950' }, 'maxPrice=2950'],
    [{ location: '', maxPrice: 0, minWifi: 0 }, { maxPrice: '0' }, 'maxPrice=0'],
    [{ location: '', maxPrice: 3000, minWifi: 25 }, { minWifi: '25' }, 'minWifi=25'],
    [{ location: 'Chiang Mai', maxPrice: 1500, minWifi: 50 }, { location: 'Chiang Mai', maxPrice: '1500', minWifi: '50' }, 'location=Chiang+Mai&maxPrice=1500&minWifi=50'],
  ])('%j → %j', (filters, params, serialized) => {
    expect(toSavedSearchParams(filters)).toEqual(params);
    expect(serializeSavedSearch(filters)).toBe(serialized);
  });

  it.each<[string | null | undefined, PropertyFilters]>([
    [null, DEFAULT_PROPERTY_FILTERS],
    [undefined, DEFAULT_PROPERTY_FILTERS],
    ['', DEFAULT_PROPERTY_FILTERS],
    ['location=Chiang+Mai&maxPrice=1500&minWifi=50', { location: 'Chiang Mai', maxPrice: 1500, minWifi: 50 }],
    ['?location=Bali', { location: 'Bali', maxPrice: 3000, minWifi: 0 }],
    ['maxPrice=0', { location: '', maxPrice: 0, minWifi: 0 }],
    ['maxPrice=abc&minWifi=fast', DEFAULT_PROPERTY_FILTERS],
    ['maxPrice=5000&minWifi=-5', DEFAULT_PROPERTY_FILTERS],
    ['maxPrice=-50', DEFAULT_PROPERTY_FILTERS],
    ['maxPrice=&minWifi=', DEFAULT_PROPERTY_FILTERS],
    ['{"location":"Bali"}', DEFAULT_PROPERTY_FILTERS],
  ])('parseSavedSearch(%j)', (saved, filters) => {
    expect(parseSavedSearch(saved)).toEqual(filters);
  });

  it('round-trips', () => {
    const filters = { location: 'Medellín', maxPrice: 2200, minWifi: 100 };
    expect(parseSavedSearch(serializeSavedSearch(filters))).toEqual(filters);
  });
});
