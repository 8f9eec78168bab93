// Inlined at the top of the prerendered Explore document by the build (src/app/prerender/): starts Explore's
// catalogue read (remote/first-read.ts) before the app's scripts arrive, so the app's refresh takes it
// instead of loading supabase-js and asking, and once it answers, asks for the first card's photo (the
// newest listing's) in the rendition the card's <img> will pick.
import { env } from '../../../config/env.ts';
import { preloadLargestImage } from '../../../lib/preload-image.ts';
import { listingsReadUrl, startFirstRead } from '../../../remote/first-read.ts';
import { CARD_PHOTO_SIZES, cardPhotoSources } from '../card-view.ts';

void startFirstRead(listingsReadUrl(env.supabaseUrl), env.supabaseAnonKey).then((rows) => {
  // Filters in the URL put another listing first: nothing to guess.
  if (location.search) return;
  const photos = rows?.[0]?.photos;
  const first: unknown = Array.isArray(photos) ? photos[0] : undefined;
  if (typeof first === 'string') preloadLargestImage({ ...cardPhotoSources(first, env.supabaseUrl), sizes: CARD_PHOTO_SIZES });
});
