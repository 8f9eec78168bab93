// Inlined at the top of the prerendered property document by the build (src/app/prerender/): starts the
// page's first read of the listing (remote/property-first-read.ts) before the app's scripts arrive, and
// once it answers, asks for the gallery's first photo at high priority in the rendition the gallery's
// <img> will pick, so the page's largest paint waits for neither supabase-js nor the local database.
import { env } from '../../../config/env.ts';
import { propertyIdOfPath } from '../../../config/prerendered-pages.ts';
import { startPropertyFirstRead } from '../../../remote/property-first-read.ts';
import { displayPhotoUrl, GALLERY_PHOTO_SIZES, galleryPhotoSrcSet } from '../components/photo-url.ts';

const propertyId = propertyIdOfPath(location.pathname);
if (propertyId) {
  void startPropertyFirstRead(propertyId, { supabaseUrl: env.supabaseUrl, publicKey: env.supabaseAnonKey }).then((record) => {
    const photos = record?.photos;
    const first: unknown = Array.isArray(photos) ? photos[0] : undefined;
    if (typeof first !== 'string') return;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = displayPhotoUrl(first);
    link.imageSrcset = galleryPhotoSrcSet(first);
    link.imageSizes = GALLERY_PHOTO_SIZES;
    link.crossOrigin = 'anonymous'; // as the gallery's <img>, or the browser could not reuse the response
    link.fetchPriority = 'high';
    document.head.append(link);
  });
}
