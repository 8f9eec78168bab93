// Inlined at the top of the prerendered property document by the build (src/app/prerender/): starts the
// page's first read of the listing (remote/first-read.ts) before the app's scripts arrive, and once it
// answers, shows the gallery's first photo in the skeleton's gallery slot, in the rendition the gallery's
// <img> will pick (lib/early-photo.ts), so the page's largest paint waits for neither the app's scripts
// nor the local database.
import { env } from '../../../config/env.ts';
import { propertyIdOfPath } from '../../../config/prerendered-pages.ts';
import { showEarlyPhoto } from '../../../lib/early-photo.ts';
import { propertyReadUrl, startFirstRead } from '../../../remote/first-read.ts';
import { displayPhotoUrl, GALLERY_PHOTO_SIZES, GALLERY_PHOTO_SLOT, galleryPhotoSrcSet } from '../components/photo-url.ts';

const propertyId = propertyIdOfPath(location.pathname);
if (propertyId) {
  void startFirstRead(propertyReadUrl(env.supabaseUrl, propertyId), env.supabaseAnonKey).then((rows) => {
    const photos = rows?.[0]?.photos;
    const first: unknown = Array.isArray(photos) ? photos[0] : undefined;
    if (typeof first === 'string') showEarlyPhoto(GALLERY_PHOTO_SLOT, { src: displayPhotoUrl(first), srcSet: galleryPhotoSrcSet(first), sizes: GALLERY_PHOTO_SIZES });
  });
}
