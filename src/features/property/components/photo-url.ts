// Stored photo URLs (often relative, docs/product.md §7) as display and placeholder URLs of the image renderer.
import { env } from '../../../config/env.ts';
import { placeholderImageUrl, responsiveSrcSet, transformedImageUrl } from '../../../domain/image-url.ts';

export const displayPhotoUrl = (url: string): string => transformedImageUrl(url, { baseUrl: env.supabaseUrl });
/** The skeleton's photo slot the property document's script fills with the gallery's first photo (lib/early-photo.ts). */
export const GALLERY_PHOTO_SLOT = 'gallery';
/** How wide the gallery shows: the main column from desktop width (about two thirds of the page), the whole width below. */
export const GALLERY_PHOTO_SIZES = '(min-width: 64rem) 66vw, 100vw';
/** The gallery's renditions: a phone at 1.5–2x, a desktop column, the display size. */
export const galleryPhotoSrcSet = (url: string): string => responsiveSrcSet(url, [640, 960, 1200], env.supabaseUrl);
export const placeholderPhotoUrl = (url: string): string => placeholderImageUrl(url, env.supabaseUrl);

/** Avatars are small: a 160 px rendition is plenty for 2x screens. */
export const avatarPhotoUrl = (url: string): string => transformedImageUrl(url, { baseUrl: env.supabaseUrl, transform: { width: 160, quality: 70 } });
