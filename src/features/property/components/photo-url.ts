// Stored photo URLs (often relative, docs/product.md §7) as display and placeholder URLs: the image renderer's
// or the uploaded renditions' (docs/decisions/photo-renditions.md).
import { env } from '../../../config/env.ts';
import { placeholderImageUrl, responsiveSrcSet, transformedImageUrl } from '../../../domain/image-url.ts';
import { DISPLAY_WIDTHS } from '../../../lib/photo-renditions.ts';

const source = { baseUrl: env.supabaseUrl, transformations: env.imageTransformations };

export const displayPhotoUrl = (url: string): string => transformedImageUrl(url, source);
/** The skeleton's photo slot the property document's script fills with the gallery's first photo (lib/early-photo.ts). */
export const GALLERY_PHOTO_SLOT = 'gallery';
/** How wide the gallery shows: the main column from desktop width (about two thirds of the page), the whole width below. */
export const GALLERY_PHOTO_SIZES = '(min-width: 64rem) 66vw, 100vw';
/** The gallery's renditions: the stored display widths (a phone, a phone at 2x or a desktop column, the display size). */
export const galleryPhotoSrcSet = (url: string): string => responsiveSrcSet(url, DISPLAY_WIDTHS, source);
export const placeholderPhotoUrl = (url: string): string => placeholderImageUrl(url, source);

/** Avatars are small: a 160 px rendition is plenty for 2x screens. */
export const avatarPhotoUrl = (url: string): string => transformedImageUrl(url, { ...source, transform: { width: 160, quality: 70 } });
