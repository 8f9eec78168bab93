// Neighbouring photos are fetched ahead (docs/product.md §2) so the next swipe shows a photo, not a blur.
import { whenIdle } from '../../lib/when-idle.ts';

/** The slides either side of `index`, wrapping around like the carousel (no duplicates, never `index`). */
export function neighbourIndexes(index: number, count: number): number[] {
  if (count < 2) return [];
  const next = (index + 1) % count;
  const previous = (index - 1 + count) % count;
  return next === previous ? [next] : [next, previous];
}

const requested = new Set<string>();

/**
 * Starts loading an image into the browser cache once per page life; the carousel's img then finds it
 * there. With the same srcset and sizes the browser picks the same rendition the img will.
 */
export function preloadImage({ src, srcSet, sizes }: { src: string; srcSet?: string; sizes?: string }): void {
  if (requested.has(src) || typeof Image === 'undefined') return;
  requested.add(src);
  const image = new Image();
  // As the carousel's <img>: the same request, so the img reuses this response instead of downloading again.
  image.crossOrigin = 'anonymous';
  image.decoding = 'async';
  if (srcSet) image.srcset = srcSet;
  if (sizes) image.sizes = sizes;
  image.src = src;
}

/**
 * Resolves once the page has loaded (its first screen's photos included) and the main thread is idle:
 * photos fetched ahead of a swipe must not take bandwidth or CPU from the first screen.
 */
export function afterPageSettles(): Promise<void> {
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(() => whenIdle());
}
