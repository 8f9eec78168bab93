import { env } from '../../config/env.ts';
import { transformedImageUrl } from '../../domain/image-url.ts';

/** Stored photos (often relative storage URLs in the seed) as absolute image URLs at the display size. */
export function photoSrc(url: string): string {
  return transformedImageUrl(url, { baseUrl: env.supabaseUrl, transformations: env.imageTransformations });
}
