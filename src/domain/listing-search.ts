// Explore's search as the server answers it (docs/decisions/explore-server-search.md): the same filters
// the device applies to its mirror (filters.ts, stay-filters.ts), stated as plain bounds for a query.
// tests/unit/domain/listing-search.test.ts holds each bound to the local rule it states.
import { MIN_GUESTS } from './constants.ts';
import { activeMinWifiOf, locationNeedle, maxWeeklyPriceOf } from './filters.ts';
import { stayRange, type ExploreSearch } from './stay-filters.ts';

export interface ListingSearch {
  /** lower-cased, trimmed text found in city or country ('' for any place) */
  location: string;
  /** weekly price at most this (unknown prices, stored as 0, pass); null for any price */
  maxWeeklyPrice: number | null;
  /** Wi-Fi at least this, unknown speeds (null or 0) pass; null for no minimum */
  minWifi: number | null;
  /** a room for the stay: dates ([checkIn, checkOut)) and guests; null when neither is asked */
  stay: { checkIn: string | null; checkOut: string | null; guests: number } | null;
}

export function listingSearchOf(search: ExploreSearch): ListingSearch {
  const range = stayRange(search);
  return {
    location: locationNeedle(search.location),
    maxWeeklyPrice: maxWeeklyPriceOf(search.maxPrice),
    minWifi: activeMinWifiOf(search.minWifi),
    stay: range || search.guests > MIN_GUESTS ? { checkIn: range?.checkIn ?? null, checkOut: range?.checkOut ?? null, guests: search.guests } : null,
  };
}

/** Whether the search asks for anything (the first page of no search is the document's first read). */
export function isOpenSearch(search: ListingSearch): boolean {
  return search.location === '' && search.maxWeeklyPrice === null && search.minWifi === null && search.stay === null;
}
