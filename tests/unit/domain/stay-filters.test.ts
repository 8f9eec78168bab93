import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  DEFAULT_EXPLORE_SEARCH,
  hasExploreQuery,
  offersRoomForStay,
  parseExploreQuery,
  stayRange,
  toExploreQuery,
} from '../../../src/domain/stay-filters.ts';

const room = (id: string, capacity: number, isAvailable = true) => ({ id, capacity, is_available: isAvailable });

describe('Explore search in the URL', () => {
  it('writes only what is set, and reads it back', () => {
    const search = { ...DEFAULT_EXPLORE_SEARCH, location: ' Lisbon ', checkIn: '2027-01-05', months: 2.5, guests: 2 };
    const query = toExploreQuery(search);
    expect(query).toBe('location=Lisbon&checkIn=2027-01-05&months=2.5&guests=2');
    expect(parseExploreQuery(query)).toEqual({ ...search, location: 'Lisbon' });
    expect(toExploreQuery(DEFAULT_EXPLORE_SEARCH)).toBe('');
  });

  it('falls back to defaults for malformed or out-of-range values', () => {
    expect(parseExploreQuery('checkIn=2027-02-30&months=7&guests=0')).toEqual(DEFAULT_EXPLORE_SEARCH);
    expect(parseExploreQuery('months=1.25&guests=abc')).toEqual(DEFAULT_EXPLORE_SEARCH);
  });

  it('knows whether a query carries a search', () => {
    expect(hasExploreQuery('')).toBe(false);
    expect(hasExploreQuery('utm_source=x')).toBe(false);
    expect(hasExploreQuery('guests=2')).toBe(true);
  });

  it('counts active filters for the phone Filters button', () => {
    expect(activeFilterCount(DEFAULT_EXPLORE_SEARCH)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_EXPLORE_SEARCH, location: 'Bali', minWifi: 100, checkIn: '2027-01-05', months: 1, guests: 3, maxPrice: 1500 })).toBe(6);
  });
});

describe('stay filter', () => {
  it('asks about [check-in, checkout) by the booking rule, one month without a duration', () => {
    expect(stayRange(DEFAULT_EXPLORE_SEARCH)).toBeNull();
    expect(stayRange({ ...DEFAULT_EXPLORE_SEARCH, checkIn: '2027-01-31' })).toEqual({ checkIn: '2027-01-31', checkOut: '2027-02-28' });
    expect(stayRange({ ...DEFAULT_EXPLORE_SEARCH, checkIn: '2027-01-05', months: 1.5 })).toEqual({ checkIn: '2027-01-05', checkOut: '2027-02-20' });
  });

  it('needs one available room that holds the guests and, with dates, is free', () => {
    const rooms = [room('a', 1), room('b', 2, false), room('c', 2)];
    const stay = { ...DEFAULT_EXPLORE_SEARCH, guests: 2 };
    expect(offersRoomForStay(rooms, DEFAULT_EXPLORE_SEARCH, null)).toBe(true);
    expect(offersRoomForStay([], DEFAULT_EXPLORE_SEARCH, null)).toBe(true);
    expect(offersRoomForStay(rooms, stay, null)).toBe(true);
    expect(offersRoomForStay([room('a', 1), room('b', 2, false)], stay, null)).toBe(false);
    const dated = { ...stay, checkIn: '2027-01-05' };
    expect(offersRoomForStay(rooms, dated, new Set(['c']))).toBe(true);
    expect(offersRoomForStay(rooms, dated, new Set(['a', 'b']))).toBe(false);
    // Dates not checked (offline): only the guests count filters.
    expect(offersRoomForStay(rooms, dated, null)).toBe(true);
  });
});
