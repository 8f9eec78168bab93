// Inlined at the top of the prerendered Explore document by the build (src/app/prerender/): for a visitor
// without a kept session, starts Explore's catalogue read (remote/first-read.ts) before the app's scripts
// arrive, so the app shows its cards and its refresh takes it instead of loading supabase-js and asking,
// and once it answers, shows the first row's photos in the skeleton cards' photo slots, in the rendition
// the cards' <img> will pick (lib/early-photo.ts).
import { env } from '../../../config/env.ts';
import { showEarlyPhoto } from '../../../lib/early-photo.ts';
import { hasNoKeptSession, listingsReadUrl, startFirstRead } from '../../../remote/first-read.ts';
import { CARD_PHOTO_SIZES, cardPhotoSlot, cardPhotoSources, PRIORITY_CARDS } from '../card-view.ts';

// A kept session reads the catalogue with the user's token (a host also sees their own hidden listings),
// and a returning user's device already holds it: an anonymous read would be the same download twice.
if (hasNoKeptSession()) {
  void startFirstRead(listingsReadUrl(env.supabaseUrl), env.supabaseAnonKey, fetch, { count: true }).then((rows) => {
    // Filters in the URL put other listings first: nothing to guess.
    if (location.search || !rows) return;
    rows.slice(0, PRIORITY_CARDS).forEach((row, index) => {
      const first: unknown = Array.isArray(row.photos) ? row.photos[0] : undefined;
      if (typeof first === 'string') showEarlyPhoto(cardPhotoSlot(index), { ...cardPhotoSources(first, env.supabaseUrl), sizes: CARD_PHOTO_SIZES });
    });
  });
}
