import { env } from '../../config/env.ts';
import { placeholderImageUrl, transformedImageUrl } from '../../domain/image-url.ts';

const source = { baseUrl: env.supabaseUrl, transformations: env.imageTransformations };

/** Stored photos are shown at the display size (width 1200, quality 70) over a 40 px blurred placeholder. */
export function photoSources(url: string): { src: string; placeholderSrc: string } {
  return { src: transformedImageUrl(url, source), placeholderSrc: placeholderImageUrl(url, source) };
}

/** Photos render in 4:3 boxes; the intrinsic size reserves the space before they load. */
export const PHOTO_BOX = { width: 1200, height: 900 } as const;
