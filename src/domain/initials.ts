// Avatar initials (docs/product.md §1): the first letter of each space-separated word, uppercased; U when
// there is no name. Letters are taken by code point so accents and emoji stay whole.

const FALLBACK_INITIAL = 'U';

const words = (name: string | null | undefined): string[] => (name ?? '').trim().split(/\s+/).filter(Boolean);
const firstLetter = (word: string): string => (Array.from(word)[0] ?? '').toUpperCase();

export function initials(name: string | null | undefined): string {
  const letters = words(name).map(firstLetter).join('');
  return letters || FALLBACK_INITIAL;
}

/** Who's Staying shows housemates by first initial only (docs/product.md §9). */
export function firstInitial(name: string | null | undefined): string {
  const [first] = words(name);
  return first ? firstLetter(first) : FALLBACK_INITIAL;
}
