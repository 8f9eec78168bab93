// Explore filters remembered for the tab (docs/product.md §3 lastSearchParams, session storage) with the
// saved-params rule of docs/product.md §9 (domain/filters.ts decides what is written and how it is read back).
import { sessionKeys } from '../../config/storage-keys.ts';
import { parseSavedSearch, serializeSavedSearch, type PropertyFilters } from '../../domain/filters.ts';

export type FilterStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The tab's session storage, or null where it is unavailable (privacy modes throw on access). */
export function tabStorage(): FilterStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readSavedFilters(storage: FilterStorage | null): PropertyFilters {
  try {
    return parseSavedSearch(storage?.getItem(sessionKeys.lastSearchParams));
  } catch {
    return parseSavedSearch(null);
  }
}

/** Defaults-only filters leave nothing behind, so a fresh visit and a cleared search look the same. */
export function saveFilters(storage: FilterStorage | null, filters: PropertyFilters): void {
  if (!storage) return;
  const saved = serializeSavedSearch(filters);
  try {
    if (saved) storage.setItem(sessionKeys.lastSearchParams, saved);
    else storage.removeItem(sessionKeys.lastSearchParams);
  } catch {
    // A full or blocked storage only costs the remembered search.
  }
}
