import { env } from '../../config/env';
import { transformedImageUrl, withCacheBust } from '../../domain/image-url';

/** Avatars are at most 96 CSS px: a 256 px rendition stays sharp on 2x screens at a fraction of 1200 px. */
const avatarTransform = { width: 256, quality: 70 };

/**
 * A stored profile photo as displayed: through the image renderer, with the `t=` cache-buster (SPEC §7).
 * Relative storage paths (the demo data stores them so) resolve against the backend, not the app.
 */
export function profilePhotoSrc(url: string | null | undefined, version: number): string {
  if (!url) return '';
  return transformedImageUrl(withCacheBust(url, version), { baseUrl: env.supabaseUrl, transform: avatarTransform });
}
