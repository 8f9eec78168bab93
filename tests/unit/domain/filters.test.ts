import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROPERTY_FILTERS, filterProperties, hasActiveFilters, matchesLocation, matchesMaxPrice, matchesMinWifi,
  matchesPropertyFilters, parseSavedSearch, serializeSavedSearch, toSavedSearchParams,
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
