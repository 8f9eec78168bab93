// Display URLs for stored photos (docs/product.md §7; docs/decisions/photo-renditions.md). Two sources, one
// switch (`transformations`, the build's VITE_IMAGE_TRANSFORMATIONS):
// - on: public object URLs are rewritten to the storage image renderer with width and quality. Format is
//   left out on purpose: the renderer serves webp to browsers that accept it when no format is given
//   (supabase-js only allows format 'origin').
// - off (hosted projects without Image Transformations): the WebP rendition uploaded beside the photo
//   (`<path>.w<width>.webp`, lib/photo-renditions.ts) of the width asked for, or the original when its
//   bucket keeps none. A photo stored before renditions existed is shown as its original by the app's
//   fallback (lib/rendition-fallback.ts).
// Pure string work, no storage client needed; anything that is not a storage public URL (external photos,
// data: URLs, the offline placeholder) comes back unchanged.
import { isRenditionPath, parseRenditionPath, pickRenditionWidth, renditionPath } from '../lib/photo-renditions.ts';
import { IMAGE_PLACEHOLDER_TRANSFORM, IMAGE_TRANSFORM } from './constants.ts';

export type ImageTransform = { width: number; quality: number };

/** Where photos come from: the backend relative URLs resolve against, and whether its renderer is on. */
export type ImageSource = { transformations: boolean; baseUrl?: string | undefined };
export type ImageUrlOptions = ImageSource & { transform?: ImageTransform };

const OBJECT_PUBLIC = '/storage/v1/object/public/';
const RENDER_PUBLIC = '/storage/v1/render/image/public/';
const RELATIVE_BASE = 'http://relative.invalid';
/** The renderer's query parameters, dropped from an object URL. */
const RENDER_PARAMS = ['width', 'height', 'quality', 'resize', 'format'];

type Target = { parsed: URL; relative: boolean };

/** Parses absolute URLs as they are and relative ones against baseUrl (or a marker base, stripped again). */
function parse(url: string, baseUrl: string | undefined): Target | null {
  try {
    if (/^[a-z][a-z\d+.-]*:/i.test(url)) return { parsed: new URL(url), relative: false };
    return { parsed: new URL(url, baseUrl ?? RELATIVE_BASE), relative: baseUrl === undefined };
  } catch {
    return null;
  }
}

const render = ({ parsed, relative }: Target): string => (relative ? parsed.href.slice(RELATIVE_BASE.length) : parsed.href);

/** The stored photo's public object URL (renderer parameters and rendition suffix dropped); null when not a storage photo. */
function storedObject(url: string, baseUrl: string | undefined): (Target & { bucket: string }) | null {
  const target = parse(url, baseUrl);
  if (!target) return null;
  const { pathname } = target.parsed;
  const at = [OBJECT_PUBLIC, RENDER_PUBLIC].map((prefix) => ({ prefix, index: pathname.indexOf(prefix) })).find(({ index }) => index !== -1);
  if (!at) return null;
  const key = pathname.slice(at.index + at.prefix.length);
  const bucket = key.split('/')[0] ?? '';
  const original = isRenditionPath(bucket, key) ? parseRenditionPath(key)!.original : key;
  target.parsed.pathname = `${pathname.slice(0, at.index)}${OBJECT_PUBLIC}${original}`;
  for (const name of RENDER_PARAMS) target.parsed.searchParams.delete(name);
  return { ...target, bucket };
}

/** The rendition URL for `width`, and the width it holds (null: the bucket keeps none, so the original). */
function renditionUrl(url: string, width: number, baseUrl: string | undefined): { href: string; width: number | null } | null {
  const target = storedObject(url, baseUrl);
  if (!target) return null;
  const chosen = pickRenditionWidth(target.bucket, width);
  if (chosen !== null) target.parsed.pathname = renditionPath(target.parsed.pathname, chosen);
  return { href: render(target), width: chosen };
}

export function transformedImageUrl(url: string, options: ImageUrlOptions): string {
  const { width, quality } = options.transform ?? IMAGE_TRANSFORM;
  if (!options.transformations) return renditionUrl(url, width, options.baseUrl)?.href ?? url;
  const target = parse(url, options.baseUrl);
  if (!target) return url;
  const { pathname } = target.parsed;
  if (pathname.includes(OBJECT_PUBLIC)) target.parsed.pathname = pathname.replace(OBJECT_PUBLIC, RENDER_PUBLIC);
  else if (!pathname.includes(RENDER_PUBLIC)) return url;
  target.parsed.searchParams.set('width', String(width));
  target.parsed.searchParams.set('quality', String(quality));
  return render(target);
}

/**
 * A `srcset` of renditions at `widths` (the display quality), so a card or gallery downloads a photo of
 * the size it shows, not the 1200 px display rendition on every screen. Off: the stored renditions
 * (each once); empty when the bucket keeps none (the `src` alone, the original).
 */
export function responsiveSrcSet(url: string, widths: readonly number[], source: ImageSource): string {
  if (!source.transformations) {
    const candidates = new Map<number, string>();
    for (const wanted of widths) {
      const rendition = renditionUrl(url, wanted, source.baseUrl);
      if (rendition?.width != null) candidates.set(rendition.width, rendition.href);
    }
    return [...candidates].map(([width, href]) => `${href} ${width}w`).join(', ');
  }
  return widths.map((width) => `${transformedImageUrl(url, { ...source, transform: { width, quality: IMAGE_TRANSFORM.quality } })} ${width}w`).join(', ');
}

/** The tiny blurred placeholder (width 40, quality 10). */
export function placeholderImageUrl(url: string, source: ImageSource): string {
  return transformedImageUrl(url, { ...source, transform: IMAGE_PLACEHOLDER_TRANSFORM });
}

/** The stored photo itself (its public object URL), what a missing rendition falls back to; other URLs unchanged. */
export function originalImageUrl(url: string, baseUrl?: string): string {
  const target = storedObject(url, baseUrl);
  return target ? render(target) : url;
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
 * A stored profile photo as displayed: through the image renderer or as its rendition, with the `t=`
 * cache-buster (docs/product.md §7). Relative storage paths (the demo data stores them so) resolve against
 * `baseUrl`, the backend.
 */
export function profilePhotoUrl(url: string | null | undefined, version: number, source: ImageSource & { baseUrl: string }): string {
  if (!url) return '';
  return transformedImageUrl(withCacheBust(url, version), { ...source, transform: AVATAR_TRANSFORM });
}
