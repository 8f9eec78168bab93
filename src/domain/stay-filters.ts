// The stay part of a villa search (docs/decisions/landing-search-to-explore.md):
// check-in, duration and guests, carried from the landing search bar into Explore's filters and URL.
// Explore's own filters (location, max price, min Wi-Fi) stay in filters.ts with the docs/product.md §9 rules.
import { MIN_GUESTS, STAY_MONTHS } from './constants.ts';
import {
  DEFAULT_PROPERTY_FILTERS,
  parseSavedSearch,
  toSavedSearchParams,
  type PropertyFilters,
} from './filters.ts';
import { checkoutDate, isDateOnly, isValidStayMonths, type DateOnly } from './stay-dates.ts';

export type StayFilters = {
  /** 'yyyy-MM-dd', or '' for no dates */
  checkIn: DateOnly | '';
  /** months (1 to 6 in half steps), or null when not chosen */
  months: number | null;
  guests: number;
};

export const DEFAULT_STAY_FILTERS: StayFilters = { checkIn: '', months: null, guests: MIN_GUESTS };

/** Everything Explore filters on: the SPEC filters plus the stay. */
export type ExploreSearch = PropertyFilters & StayFilters;

export const DEFAULT_EXPLORE_SEARCH: ExploreSearch = { ...DEFAULT_PROPERTY_FILTERS, ...DEFAULT_STAY_FILTERS };

/**
 * The nights a dated search asks about: [check-in, checkout). Without a duration the shortest stay
 * (1 month) is asked: every bookable stay covers at least that.
 */
export function stayRange(stay: StayFilters): { checkIn: DateOnly; checkOut: DateOnly } | null {
  if (!stay.checkIn) return null;
  return { checkIn: stay.checkIn, checkOut: checkoutDate(stay.checkIn, stay.months ?? STAY_MONTHS.min) };
}

/** A room as the stay filter sees it. */
export type StayRoom = { id: string; capacity: number | null; is_available: boolean };

/**
 * Whether a property offers a room for this stay: one room that is available, holds the guests and,
 * with dates, is among the rooms free for them (`freeRoomIds`, from the server). With no stay filter set
 * every property passes (also those without rooms, as before).
 */
export function offersRoomForStay(rooms: readonly StayRoom[], stay: StayFilters, freeRoomIds: ReadonlySet<string> | null): boolean {
  const byGuests = stay.guests > MIN_GUESTS;
  const byDates = stayRange(stay) !== null && freeRoomIds !== null;
  if (!byGuests && !byDates) return true;
  return rooms.some(
    (room) =>
      room.is_available
      && (!byGuests || (room.capacity ?? MIN_GUESTS) >= stay.guests)
      && (!byDates || freeRoomIds.has(room.id)),
  );
}

/** How many filters differ from their defaults (the phone "Filters" button's count). */
export function activeFilterCount(search: ExploreSearch): number {
  const property = toSavedSearchParams(search);
  return Object.keys(property).length + (search.checkIn ? 1 : 0) + (search.months !== null ? 1 : 0) + (search.guests > MIN_GUESTS ? 1 : 0);
}

export function hasActiveSearch(search: ExploreSearch): boolean {
  return activeFilterCount(search) > 0;
}

const STAY_KEYS = ['checkIn', 'months', 'guests'] as const;

/** Explore's URL query: the saved-params rule for the SPEC filters, then checkIn, months and guests when set. */
export function toExploreQuery(search: ExploreSearch): string {
  const params = new URLSearchParams(toSavedSearchParams(search));
  if (search.checkIn) params.set('checkIn', search.checkIn);
  if (search.months !== null) params.set('months', String(search.months));
  if (search.guests > MIN_GUESTS) params.set('guests', String(search.guests));
  return params.toString();
}

/** Whether a query string carries any Explore search (else Explore falls back to the remembered filters). */
export function hasExploreQuery(query: string): boolean {
  const params = new URLSearchParams(query);
  return ['location', 'maxPrice', 'minWifi', ...STAY_KEYS].some((key) => params.has(key));
}

/** A search back from a URL query; anything missing, malformed or out of range falls back to its default. */
export function parseExploreQuery(query: string): ExploreSearch {
  const params = new URLSearchParams(query);
  const checkIn = params.get('checkIn') ?? '';
  const months = Number(params.get('months') ?? Number.NaN);
  const guests = Number(params.get('guests') ?? Number.NaN);
  return {
    ...parseSavedSearch(query),
    checkIn: isDateOnly(checkIn) ? checkIn : '',
    months: isValidStayMonths(months) ? months : null,
    guests: Number.isInteger(guests) && guests >= MIN_GUESTS && guests <= 50 ? guests : MIN_GUESTS,
  };
}
