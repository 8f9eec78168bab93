// Explore Villas filters (docs/product.md §9) and the lastSearchParams rule.
import { MAX_PRICE_SLIDER, MIN_WIFI_DEFAULT, WEEKS_PER_MONTH_DISPLAY } from './constants.ts';

export type PropertyFilters = { location: string; maxPrice: number; minWifi: number };

export const DEFAULT_PROPERTY_FILTERS: PropertyFilters = {
  location: '',
  maxPrice: MAX_PRICE_SLIDER.default,
  minWifi: MIN_WIFI_DEFAULT,
};

export type FilterableProperty = {
  city: string | null;
  country: string | null;
  price_per_week: number | null;
  wifi_speed_mbps: number | null;
};

/** The typed location as the filter compares it: trimmed and lower-cased ('' means no location filter). */
export function locationNeedle(location: string): string {
  return location.trim().toLocaleLowerCase();
}

/** The lower-cased fields the location filter searches (city, country); the local index stores the same values. */
export function locationFieldsOf(property: Pick<FilterableProperty, 'city' | 'country'>): [city: string, country: string] {
  return [(property.city ?? '').toLocaleLowerCase(), (property.country ?? '').toLocaleLowerCase()];
}

/** Case-insensitive substring of city or country; a blank location matches everything. */
export function matchesLocation(property: FilterableProperty, location: string): boolean {
  const needle = locationNeedle(location);
  if (!needle) return true;
  return locationFieldsOf(property).some((field) => field.includes(needle));
}

/**
 * "Filter compares property weekly price x 4 to the maximum": weekly × 4 ≤ max, inclusive.
 * Decisions: the slider at its top (3000, the default) means "any price", otherwise an untouched
 * filter would hide every villa above $750/week, and the saved-params rule already treats 3000 as
 * "no filter". A property without a weekly price (null or 0, shown as Contact for pricing) always
 * passes, as the literal rule gives (0 × 4 ≤ max): an unknown price is not a too-high price.
 */
export function matchesMaxPrice(property: FilterableProperty, maxPrice: number): boolean {
  if (maxPrice >= MAX_PRICE_SLIDER.max) return true;
  const weekly = property.price_per_week;
  if (weekly == null || !(weekly > 0)) return true;
  return weekly * WEEKS_PER_MONTH_DISPLAY <= maxPrice;
}

/**
 * The max-price rule as a bound on the weekly price, for the server's query: weekly × 4 ≤ max exactly
 * when weekly ≤ max / 4 (an unknown price, stored as 0, is below every bound). null: any price.
 */
export function maxWeeklyPriceOf(maxPrice: number): number | null {
  return maxPrice >= MAX_PRICE_SLIDER.max ? null : maxPrice / WEEKS_PER_MONTH_DISPLAY;
}

/** The min-Wi-Fi rule's minimum when it rules anything out (speeds are never negative); null: no minimum. */
export function activeMinWifiOf(minWifi: number): number | null {
  return minWifi > 0 ? minWifi : null;
}

/** No speed (null or 0, i.e. unknown) passes; otherwise speed ≥ minimum. */
export function matchesMinWifi(property: FilterableProperty, minWifi: number): boolean {
  const speed = property.wifi_speed_mbps;
  if (speed == null || speed === 0) return true;
  return speed >= minWifi;
}

/**
 * The max-price rule as an index key: while the filter is active, a property passes `matchesMaxPrice`
 * exactly when its key ≤ maxPrice. Unknown prices pass every maximum (-Infinity); a value the rule
 * does not expect (not a number) also gets -Infinity, so an index on the key never loses a match.
 */
export function maxPriceKeyOf(property: Pick<FilterableProperty, 'price_per_week'>): number {
  const weekly = property.price_per_week;
  if (typeof weekly !== 'number' || !(weekly > 0)) return -Infinity;
  return weekly * WEEKS_PER_MONTH_DISPLAY;
}

/**
 * The min-Wi-Fi rule as an index key: a property passes `matchesMinWifi` exactly when minWifi ≤ its
 * key. Unknown speeds pass every minimum (+Infinity); NaN passes none (-Infinity: a candidate only of
 * a -Infinity minimum); a value the rule does not expect (not a number) gets +Infinity, so an index
 * on the key never loses a match.
 */
export function minWifiKeyOf(property: Pick<FilterableProperty, 'wifi_speed_mbps'>): number {
  const speed = property.wifi_speed_mbps;
  if (speed == null || speed === 0 || typeof speed !== 'number') return Infinity;
  return Number.isNaN(speed) ? -Infinity : speed;
}

export function matchesPropertyFilters(property: FilterableProperty, filters: PropertyFilters): boolean {
  return matchesLocation(property, filters.location)
    && matchesMaxPrice(property, filters.maxPrice)
    && matchesMinWifi(property, filters.minWifi);
}

export function filterProperties<T extends FilterableProperty>(properties: readonly T[], filters: PropertyFilters): T[] {
  return properties.filter((property) => matchesPropertyFilters(property, filters));
}

/** Whether any filter differs from its default (Clear all, and which empty state to show). */
export function hasActiveFilters(filters: PropertyFilters): boolean {
  return filters.location.trim() !== ''
    || filters.maxPrice !== MAX_PRICE_SLIDER.default
    || filters.minWifi > MIN_WIFI_DEFAULT;
}

export type SavedSearchParams = { location?: string; maxPrice?: string; minWifi?: string };

/** location (when not blank), maxPrice only if not 3000, minWifi only if above 0 (docs/product.md §9). */
export function toSavedSearchParams(filters: PropertyFilters): SavedSearchParams {
  const params: SavedSearchParams = {};
  const location = filters.location.trim();
  if (location) params.location = location;
  if (filters.maxPrice !== MAX_PRICE_SLIDER.default) params.maxPrice = String(filters.maxPrice);
  if (filters.minWifi > 0) params.minWifi = String(filters.minWifi);
  return params;
}

/** The lastSearchParams session-storage value: a query string ("location=Bali&maxPrice=1500"). */
export function serializeSavedSearch(filters: PropertyFilters): string {
  return new URLSearchParams(toSavedSearchParams(filters)).toString();
}

const numberIn = (raw: string | null, min: number, max: number): number | null => {
  if (raw == null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
};

/**
 * Filters back from a saved query string (or a URL's search part). Anything missing or corrupt
 * falls back to its default, so a tampered storage value can never break the page.
 */
export function parseSavedSearch(saved: string | null | undefined): PropertyFilters {
  const params = new URLSearchParams(saved ?? '');
  return {
    location: params.get('location')?.trim() ?? DEFAULT_PROPERTY_FILTERS.location,
    maxPrice: numberIn(params.get('maxPrice'), MAX_PRICE_SLIDER.min, MAX_PRICE_SLIDER.max) ?? DEFAULT_PROPERTY_FILTERS.maxPrice,
    minWifi: numberIn(params.get('minWifi'), 0, Number.MAX_SAFE_INTEGER) ?? DEFAULT_PROPERTY_FILTERS.minWifi,
  };
}
