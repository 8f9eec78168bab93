import { useCallback, useMemo, useState } from 'react';
import { HOST_REVIEWS_FETCHED, PROPERTY_REVIEWS_SHOWN } from '../../../domain/constants.ts';
import { useCurrentDb, useDbQuery } from '../../../db/hooks/use-db-query.ts';
import { useListing } from '../../../db/hooks/use-properties.ts';
import { useRemoteLoad } from '../../../hooks/use-remote-load.ts';
import { readSnapshot } from '../../../db/queries/property-snapshots.ts';
import type { PropertyRow, RoomRow } from '../../../db/tables.ts';
import { logger } from '../../../lib/logger.ts';
import { fetchBookedDates, fetchPropertyDetail } from '../../../remote/property-detail.ts';
import { liveRanges, type BookedDatesRow } from '../../../remote/property-snapshot-shapes.ts';
import { cacheServerRows, cacheSnapshot } from '../../../sync/session-actions.ts';

export type PropertyFetchState = 'loading' | 'loaded' | 'not-found' | 'failed';

export interface PropertyDetail {
  /** undefined while the local database answers; null when the listing is not cached (or deleted) */
  property: PropertyRow | null | undefined;
  /** its rooms, cheapest first, read with it (undefined with it) */
  rooms: RoomRow[] | undefined;
  fetchState: PropertyFetchState;
  /**
   * taken dates per room: the server's, else (offline) the copy kept for a listing the user is booking,
   * has booked or hosts (db/queries/property-snapshots.ts), else none
   */
  bookedDates: readonly BookedDatesRow[];
  refreshBookedDates: () => Promise<void>;
}

/**
 * Fetches the listing, its rooms, reviews, the host and taken dates, caches them in the local mirror
 * and renders from it, so a visited property opens offline. It refetches when the session's database
 * changes (sign-in opens the user's own database), so the rows land where the page reads.
 */
export function usePropertyDetail(propertyId: string, userId: string | null): PropertyDetail {
  const db = useCurrentDb();
  const listing = useListing(propertyId);
  const [refreshedDates, setRefreshedDates] = useState<{ propertyId: string; ranges: readonly BookedDatesRow[] } | null>(null);
  const storedDates = useDbQuery((db) => readSnapshot(db, 'booked-dates', propertyId), [propertyId]);
  const detail = useRemoteLoad(
    db && db.userId === userId
      ? async (signal) => {
          const payload = await fetchPropertyDetail(propertyId, userId, { propertyReviews: PROPERTY_REVIEWS_SHOWN, hostReviews: HOST_REVIEWS_FETCHED });
          // Inputs changed meanwhile (e.g. the session's database): these rows may belong elsewhere.
          if (signal.aborted) return payload;
          // The listing last: once the page reads it from the mirror, its rooms are there (no "no rooms" flash).
          await Promise.all([
            cacheServerRows('rooms', payload.rooms),
            cacheServerRows('profiles', payload.profiles),
            cacheServerRows('property_reviews', payload.ownReview ? [...payload.propertyReviews, payload.ownReview] : payload.propertyReviews),
            cacheServerRows('reviews', payload.hostReviews),
          ]);
          // A deleted listing is cached too: the merge turns it into a tombstone and the page stops showing it.
          if (payload.property) await cacheServerRows('properties', [payload.property]);
          await cacheSnapshot('booked-dates', propertyId, payload.bookedDates);
          return payload;
        }
      : null,
    [db, propertyId, userId],
    'Property details could not be fetched',
  );
  const fetchState: PropertyFetchState =
    detail.status === 'ready' ? (detail.data.property && !detail.data.property.deleted_at ? 'loaded' : 'not-found') : detail.status === 'failed' ? 'failed' : 'loading';
  // Kept between renders (the booking card re-renders only when the dates change).
  const storedRanges = useMemo(() => liveRanges((storedDates?.data ?? []) as BookedDatesRow[]), [storedDates]);
  const bookedDates = refreshedDates?.propertyId === propertyId ? refreshedDates.ranges : detail.status === 'ready' ? detail.data.bookedDates : storedRanges;

  const refreshBookedDates = useCallback(async () => {
    try {
      const ranges = await fetchBookedDates(propertyId);
      setRefreshedDates({ propertyId, ranges });
      await cacheSnapshot('booked-dates', propertyId, ranges);
    } catch (error) {
      logger.warn('Booked dates could not be refreshed', error);
    }
  }, [propertyId]);

  return { property: listing && listing.property, rooms: listing?.rooms, fetchState, bookedDates, refreshBookedDates };
}
