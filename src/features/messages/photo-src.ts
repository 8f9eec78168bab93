import { env } from '../../config/env.ts';
import { transformedImageUrl } from '../../domain/image-url.ts';

/** Avatars are at most 40 CSS px here: a 128 px rendition stays sharp on 3x screens. */
const avatarTransform = { width: 128, quality: 70 };

/** A stored photo URL (often relative `/storage/v1/...` in the seed) as an avatar image source. */
export function photoSrc(url: string | null | undefined): string | null {
  return url ? transformedImageUrl(url, { baseUrl: env.supabaseUrl, transformations: env.imageTransformations, transform: avatarTransform }) : null;
}
