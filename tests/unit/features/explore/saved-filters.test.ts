import { describe, expect, it } from 'vitest';
import { readSavedFilters, saveFilters, type FilterStorage } from '../../../../src/features/explore/saved-filters.ts';

function memoryStorage(initial: Record<string, string> = {}): FilterStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('remembered Explore filters (lastSearchParams)', () => {
  it('saves only what differs from the defaults: location, maxPrice unless 3000, minWifi above 0', () => {
    const storage = memoryStorage();
    saveFilters(storage, { location: ' Lisbon ', maxPrice: 1500, minWifi: 100 });
    expect(storage.data.get('lastSearchParams')).toBe('location=Lisbon&maxPrice=1500&minWifi=100');
    saveFilters(storage, { location: 'Bali', maxPrice: 3000, minWifi: 0 });
    expect(storage.data.get('lastSearchParams')).toBe('location=Bali');
  });

  it('removes the key when every filter is back at its default', () => {
    const storage = memoryStorage({ lastSearchParams: 'location=Bali' });
    saveFilters(storage, { location: '', maxPrice: 3000, minWifi: 0 });
    expect(storage.data.has('lastSearchParams')).toBe(false);
  });

  it('restores saved filters and falls back to defaults for missing or corrupt values', () => {
    expect(readSavedFilters(memoryStorage({ lastSearchParams: 'location=Lisbon&maxPrice=1500&minWifi=100' }))).toEqual({ location: 'Lisbon', maxPrice: 1500, minWifi: 100 });
    expect(readSavedFilters(memoryStorage({ lastSearchParams: 'maxPrice=lots&minWifi=-5' }))).toEqual({ location: '', maxPrice: 3000, minWifi: 0 });
    expect(readSavedFilters(null)).toEqual({ location: '', maxPrice: 3000, minWifi: 0 });
  });

  it('survives a storage that throws', () => {
    const broken: FilterStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readSavedFilters(broken)).toEqual({ location: '', maxPrice: 3000, minWifi: 0 });
    expect(() => saveFilters(broken, { location: 'Bali', maxPrice: 3000, minWifi: 0 })).not.toThrow();
  });
});
