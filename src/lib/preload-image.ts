/**
 * Asks for a page's largest image before the page renders it: a `<link rel="preload" as="image">` with the
 * `srcset` and `sizes` of the `<img>` to come (so the browser picks the same rendition) and its CORS mode
 * (the app's images are `crossorigin="anonymous"`, or the browser could not reuse the response).
 */
export function preloadLargestImage({ src, srcSet, sizes }: { src: string; srcSet: string; sizes: string }): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  link.imageSrcset = srcSet;
  link.imageSizes = sizes;
  link.crossOrigin = 'anonymous';
  link.fetchPriority = 'high';
  document.head.append(link);
}
