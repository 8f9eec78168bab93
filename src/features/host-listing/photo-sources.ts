import { env } from '../../config/env.ts';
import { placeholderImageUrl, transformedImageUrl } from '../../domain/image-url.ts';

/** Stored photos are shown through the image renderer (width 1200, quality 70) over a 40 px blurred placeholder. */
export function photoSources(url: string): { src: string; placeholderSrc: string } {
  return { src: transformedImageUrl(url, { baseUrl: env.supabaseUrl }), placeholderSrc: placeholderImageUrl(url, env.supabaseUrl) };
}

/** Photos render in 4:3 boxes; the intrinsic size reserves the space before they load. */
export const PHOTO_BOX = { width: 1200, height: 900 } as const;
