// Inlined at the top of the prerendered property document by the build (src/app/prerender/): starts the
// page's first read of the listing (remote/first-read.ts) before the app's scripts arrive, and once it
// answers, asks for the gallery's first photo in the rendition the gallery's <img> will pick, so the page's
// largest paint waits for neither supabase-js nor the local database.
import { env } from '../../../config/env.ts';
import { propertyIdOfPath } from '../../../config/prerendered-pages.ts';
import { preloadLargestImage } from '../../../lib/preload-image.ts';
import { propertyReadUrl, startFirstRead } from '../../../remote/first-read.ts';
import { displayPhotoUrl, GALLERY_PHOTO_SIZES, galleryPhotoSrcSet } from '../components/photo-url.ts';

const propertyId = propertyIdOfPath(location.pathname);
if (propertyId) {
  void startFirstRead(propertyReadUrl(env.supabaseUrl, propertyId), env.supabaseAnonKey).then((rows) => {
    const photos = rows?.[0]?.photos;
    const first: unknown = Array.isArray(photos) ? photos[0] : undefined;
    if (typeof first === 'string') preloadLargestImage({ src: displayPhotoUrl(first), srcSet: galleryPhotoSrcSet(first), sizes: GALLERY_PHOTO_SIZES });
  });
}
