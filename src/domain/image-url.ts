// Display URLs for stored photos (docs/product.md §7): public object URLs are rewritten to the storage image
// renderer with width and quality. Format is left out on purpose: the renderer serves webp to
// browsers that accept it when no format is given (supabase-js only allows format 'origin').
// Pure string work, no storage client needed; anything that is not a storage public URL
// (external photos, data: URLs, the offline placeholder) comes back unchanged.
import { IMAGE_PLACEHOLDER_TRANSFORM, IMAGE_TRANSFORM } from './constants.ts';

export type ImageTransform = { width: number; quality: number };

const OBJECT_PUBLIC = '/storage/v1/object/public/';
const RENDER_PUBLIC = '/storage/v1/render/image/public/';
const RELATIVE_BASE = 'http://relative.invalid';

/** Parses absolute URLs as they are and relative ones against baseUrl (or a marker base, stripped again). */
function parse(url: string, baseUrl: string | undefined): { parsed: URL; relative: boolean } | null {
  try {
    if (/^[a-z][a-z\d+.-]*:/i.test(url)) return { parsed: new URL(url), relative: false };
    return { parsed: new URL(url, baseUrl ?? RELATIVE_BASE), relative: baseUrl === undefined };
  } catch {
    return null;
  }
}

const render = ({ parsed, relative }: { parsed: URL; relative: boolean }): string =>
  relative ? parsed.href.slice(RELATIVE_BASE.length) : parsed.href;

export function transformedImageUrl(url: string, options: { transform?: ImageTransform; baseUrl?: string } = {}): string {
  const target = parse(url, options.baseUrl);
  if (!target) return url;
  const { pathname } = target.parsed;
  if (pathname.includes(OBJECT_PUBLIC)) target.parsed.pathname = pathname.replace(OBJECT_PUBLIC, RENDER_PUBLIC);
  else if (!pathname.includes(RENDER_PUBLIC)) return url;
  const { width, quality } = options.transform ?? IMAGE_TRANSFORM;
  target.parsed.searchParams.set('width', String(width));
  target.parsed.searchParams.set('quality', String(quality));
  return render(target);
}

/**
 * A `srcset` of renditions at `widths` (the display quality), so a card or gallery downloads a photo of
 * the size it shows, not the 1200 px display rendition on every screen.
 */
export function responsiveSrcSet(url: string, widths: readonly number[], baseUrl?: string): string {
  return widths.map((width) => `${transformedImageUrl(url, { transform: { width, quality: IMAGE_TRANSFORM.quality }, ...(baseUrl === undefined ? {} : { baseUrl }) })} ${width}w`).join(', ');
}

/** The tiny blurred placeholder (width 40, quality 10). */
export function placeholderImageUrl(url: string, baseUrl?: string): string {
  return transformedImageUrl(url, { transform: IMAGE_PLACEHOLDER_TRANSFORM, ...(baseUrl === undefined ? {} : { baseUrl }) });
}

/** Appends t=<time> so a replaced profile photo at the same URL is fetched again. */
export function withCacheBust(url: string, time: number): string {
  if (!url) return url;
  const target = parse(url, undefined);
  if (!target) return url;
  target.parsed.searchParams.set('t', String(time));
  return render(target);
}

/** Avatars are at most 96 CSS px: a 256 px rendition stays sharp on 2x screens at a fraction of 1200 px. */
const AVATAR_TRANSFORM: ImageTransform = { width: 256, quality: 70 };

/**
 * A stored profile photo as displayed: through the image renderer, with the `t=` cache-buster (docs/product.md §7).
 * Relative storage paths (the demo data stores them so) resolve against `baseUrl`, the backend.
 */
export function profilePhotoUrl(url: string | null | undefined, version: number, baseUrl: string): string {
  if (!url) return '';
  return transformedImageUrl(withCacheBust(url, version), { baseUrl, transform: AVATAR_TRANSFORM });
}
