// A photo without renditions still shows (docs/decisions/photo-renditions.md): with Image Transformations
// off the app asks for `<path>.w<width>.webp`, which a photo stored before renditions existed (or whose
// rendition upload failed) lacks. One capture listener on the document swaps any <img> whose rendition
// fails for the stored photo itself, so no screen shows a broken image and no component needs to know.
import { isRenditionPath, parseRenditionPath } from './photo-renditions.ts';

const OBJECT_PUBLIC = '/storage/v1/object/public/';

/** The stored photo a rendition URL was made from; null for any other URL (the original, a render URL, another site's). */
export function renditionOriginal(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const at = url.pathname.indexOf(OBJECT_PUBLIC);
  if (at === -1) return null;
  const key = url.pathname.slice(at + OBJECT_PUBLIC.length);
  if (!isRenditionPath(key.split('/')[0] ?? '', key)) return null;
  url.pathname = `${url.pathname.slice(0, at)}${OBJECT_PUBLIC}${parseRenditionPath(key)!.original}`;
  return url.href;
}

/** An <img> whose rendition failed loads the original instead (its srcset dropped, so the browser keeps to it). */
export function showOriginalOnError(event: Event): void {
  const image = event.target;
  if (typeof HTMLImageElement === 'undefined' || !(image instanceof HTMLImageElement)) return;
  const original = renditionOriginal(image.currentSrc || image.src);
  if (!original) return;
  // The image's own error handlers (an avatar falls back to initials) only hear of it if the original fails too.
  event.stopPropagation();
  image.removeAttribute('srcset');
  image.src = original;
}

/** Error events do not bubble: listening in the capture phase hears every image of the document. */
export function installRenditionFallback(target: Pick<Document, 'addEventListener'> = document): void {
  target.addEventListener('error', showOriginalOnError, true);
}
