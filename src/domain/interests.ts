// Interest lists: the onboarding picker (suggestions plus custom, at most 6) and the profile
// form's comma-separated field (docs/product.md §5).
import { MAX_INTERESTS } from './constants.ts';

/** "Surfing, , Yoga ,Coffee" → ['Surfing', 'Yoga', 'Coffee']: split on commas, trimmed, empty dropped. */
export function parseInterestList(text: string | null | undefined): string[] {
  return (text ?? '').split(',').map((part) => part.trim()).filter(Boolean);
}

export function formatInterestList(interests: readonly string[]): string {
  return interests.join(', ');
}

const sameInterest = (a: string, b: string): boolean => a.toLocaleLowerCase() === b.toLocaleLowerCase();

export function hasInterest(interests: readonly string[], interest: string): boolean {
  return interests.some((existing) => sameInterest(existing, interest.trim()));
}

/** The custom input is disabled once 6 are chosen. */
export function canAddInterest(interests: readonly string[]): boolean {
  return interests.length < MAX_INTERESTS;
}

/** Adds a trimmed, non-empty interest not already chosen (any case), up to 6; otherwise returns the list unchanged. */
export function addInterest(interests: readonly string[], raw: string): readonly string[] {
  const interest = raw.trim();
  if (!interest || hasInterest(interests, interest) || !canAddInterest(interests)) return interests;
  return [...interests, interest];
}

export function removeInterest(interests: readonly string[], interest: string): readonly string[] {
  return interests.filter((existing) => !sameInterest(existing, interest.trim()));
}

/** Clicking a suggestion: a chosen one is removed, otherwise it is added (within the limit). */
export function toggleInterest(interests: readonly string[], interest: string): readonly string[] {
  return hasInterest(interests, interest) ? removeInterest(interests, interest) : addInterest(interests, interest);
}
