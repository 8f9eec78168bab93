// Photo renditions (docs/decisions/photo-renditions.md): the sizes of every stored photo that the app shows,
// encoded as WebP by the uploader (the browser, or the seed generator) and stored next to the photo, so a
// project without Image Transformations (a paid-plan feature of hosted Storage) shows photos of the right
// size. The one source of the widths and of the naming rule: `<path>` and `<path>.w<width>.webp`.
// Shared by the app (src/lib/photo-renditions.ts), the upload-photo function and the seed generator.
import { IMAGE_PLACEHOLDER_TRANSFORM, IMAGE_TRANSFORM, STORAGE_BUCKETS } from './constants.ts';

/** The tiny placeholder shown blurred while a photo loads. */
export const PLACEHOLDER_WIDTH: number = IMAGE_PLACEHOLDER_TRANSFORM.width;
/** Listing photos: a third of a desktop row, a phone at 2x, the display size (IMAGE_TRANSFORM's width). */
export const DISPLAY_WIDTHS: readonly number[] = [480, 800, IMAGE_TRANSFORM.width];
/** Avatars are at most 96 CSS px: 256 px stays sharp on 2x screens. */
export const AVATAR_WIDTH = 256;

const listingWidths: readonly number[] = [PLACEHOLDER_WIDTH, ...DISPLAY_WIDTHS];
const widthsByBucket: Readonly<Record<string, readonly number[]>> = {
  [STORAGE_BUCKETS.profilePhotos]: [AVATAR_WIDTH],
  [STORAGE_BUCKETS.propertyPhotos]: listingWidths,
  [STORAGE_BUCKETS.roomPhotos]: listingWidths,
};

/** Every rendition is WebP, whatever the photo's own type. */
export const RENDITION_TYPE = 'image/webp';

/** The widths stored beside each photo of `bucket`, narrowest first (none for other buckets). */
export function renditionWidths(bucket: string): readonly number[] {
  return widthsByBucket[bucket] ?? [];
}

/** Encoder quality (0…1) of a rendition: the renderer's quality for the same width. */
export function renditionQuality(width: number): number {
  return (width === PLACEHOLDER_WIDTH ? IMAGE_PLACEHOLDER_TRANSFORM.quality : IMAGE_TRANSFORM.quality) / 100;
}

/** `<path>.w<width>.webp`: the rendition of the photo at `path` (an object path or a URL path). */
export function renditionPath(path: string, width: number): string {
  return `${path}.w${width}.webp`;
}

const renditionSuffix = /^(.+)\.w([1-9]\d{0,4})\.webp$/;

/** The photo and width a rendition path names; null when `path` is not shaped as a rendition. */
export function parseRenditionPath(path: string): { original: string; width: number } | null {
  const match = renditionSuffix.exec(path);
  return match ? { original: match[1]!, width: Number(match[2]) } : null;
}

/** Whether `path` is a rendition `bucket` stores (a width of its list). */
export function isRenditionPath(bucket: string, path: string): boolean {
  const parsed = parseRenditionPath(path);
  return parsed !== null && renditionWidths(bucket).includes(parsed.width);
}

/** The photos' paths and their renditions' (what removing the photos must remove). */
export function withRenditionPaths(bucket: string, paths: readonly string[]): string[] {
  return paths.flatMap((path) => [path, ...renditionWidths(bucket).map((width) => renditionPath(path, width))]);
}

/** The rendition to show for `wanted` px: the narrowest at or above it, else the widest; null when the bucket has none. */
export function pickRenditionWidth(bucket: string, wanted: number): number | null {
  const widths = renditionWidths(bucket);
  return widths.find((width) => width >= wanted) ?? widths.at(-1) ?? null;
}
