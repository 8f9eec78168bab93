// A page's largest photo before the app renders it (docs/decisions/early-photos.md): a prerendered
// document's inlined script shows it in its skeleton's photo slot, so the photo paints as soon as it
// arrives, before the app's scripts have run.

/** The attribute naming a skeleton's photo slot: an `<img hidden>` the inlined script may fill. */
export const EARLY_PHOTO_ATTRIBUTE = 'data-early-photo';

export interface PhotoSources {
  src: string;
  srcSet: string;
  /** the `sizes` of the `<img>` the app will render, so the browser picks the same rendition */
  sizes: string;
}

/**
 * Shows the photo in the document's slot `slot` (its `<img>` is revealed once the photo has loaded);
 * without that slot (the body is not parsed yet, or the app has already replaced its skeleton), asks for
 * the photo ahead of the app's `<img>` instead.
 */
export function showEarlyPhoto(slot: string, sources: PhotoSources): void {
  const image = document.querySelector<HTMLImageElement>(`img[${EARLY_PHOTO_ATTRIBUTE}="${slot}"]`);
  if (!image) {
    preloadLargestImage(sources);
    return;
  }
  // The app's <img> is crossorigin="anonymous" too: the same request, so it reuses this response.
  image.crossOrigin = 'anonymous';
  image.fetchPriority = 'high';
  image.sizes = sources.sizes;
  image.srcset = sources.srcSet;
  image.src = sources.src;
  image.addEventListener('load', () => (image.hidden = false), { once: true });
}

/**
 * Asks for a page's largest image before the page renders it: a `<link rel="preload" as="image">` with the
 * `srcset` and `sizes` of the `<img>` to come (so the browser picks the same rendition) and its CORS mode
 * (the app's images are `crossorigin="anonymous"`, or the browser could not reuse the response).
 */
function preloadLargestImage({ src, srcSet, sizes }: PhotoSources): void {
  const link = document.createElement('link');
  const attributes = { rel: 'preload', as: 'image', href: src, imagesrcset: srcSet, imagesizes: sizes, crossorigin: 'anonymous', fetchpriority: 'high' };
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.append(link);
}
