import { env } from '../../config/env.ts';
import { transformedImageUrl } from '../../domain/image-url.ts';

/** Stored photos (often relative storage URLs in the seed) as transformed, absolute image URLs. */
export function photoSrc(url: string): string {
  return transformedImageUrl(url, { baseUrl: env.supabaseUrl });
}
