// Who's Staying shows ages in 5-year bands (docs/product.md §9): 27 → "25-29".
import { AGE_BAND_YEARS } from './constants.ts';

export function ageBand(age: number | null | undefined): string | null {
  if (age == null || !Number.isFinite(age) || age < 0) return null;
  const start = Math.floor(age / AGE_BAND_YEARS) * AGE_BAND_YEARS;
  return `${start}-${start + AGE_BAND_YEARS - 1}`;
}
