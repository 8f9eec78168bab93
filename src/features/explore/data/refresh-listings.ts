// Explore's server read: every listing into the local mirror (signed out too: the signed-out
// database), so the list renders from Dexie and a visited list works offline.
import { fetchListedProperties, LISTED_PROPERTIES_LIMIT } from '../../../remote/explore-properties.ts';
import { cacheServerRows, forgetUnlistedProperties } from '../../../sync/session-actions.ts';
import { splitListingRecords } from './split-listing-records.ts';

/**
 * Fetches and caches the listings into the session's database (`signedIn`: a user's, not the signed-out one);
 * returns the ids the server listed (to hide cached listings removed since).
 */
export async function refreshListings({ signedIn }: { signedIn: boolean }): Promise<Set<string>> {
  const records = await fetchListedProperties({ signedIn });
  const { properties, rooms, reviews } = splitListingRecords(records);
  // Rooms and reviews first: a card renders once its property is cached, and must already have its rooms
  // then, or it shows the property-level fallback price (~weekly × 4) until they land and the price flips.
  await cacheServerRows('rooms', rooms);
  await cacheServerRows('property_reviews', reviews);
  await cacheServerRows('properties', properties);
  const listedIds = new Set(properties.map((property) => String(property.id)));
  // Only a complete list proves a cached listing is gone (a capped one leaves older listings out).
  if (records.length < LISTED_PROPERTIES_LIMIT) await forgetUnlistedProperties(listedIds);
  return listedIds;
}
