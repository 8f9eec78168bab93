import { useCallback, useEffect, useState } from 'react';
import { HOST_REVIEWS_FETCHED, PROPERTY_REVIEWS_SHOWN } from '../../../domain/constants.ts';
import { useCurrentDb, useDbQuery } from '../../../db/hooks/use-db-query.ts';
import { useProperty } from '../../../db/hooks/use-properties.ts';
import { readSnapshot } from '../../../db/queries/property-snapshots.ts';
import type { PropertyRow } from '../../../db/tables.ts';
import { logger } from '../../../lib/logger.ts';
import { fetchBookedDates, fetchPropertyDetail } from '../../../remote/property-detail.ts';
import { liveRanges, type BookedDatesRow } from '../../../remote/property-snapshot-shapes.ts';
import { cacheServerRows, cacheSnapshot } from '../../../sync/session-actions.ts';

export type PropertyFetchState = 'loading' | 'loaded' | 'not-found' | 'failed';

export interface PropertyDetail {
  /** undefined while the local database answers; null when the listing is not cached (or deleted) */
  property: PropertyRow | null | undefined;
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
  const property = useProperty(propertyId);
  const [fetchState, setFetchState] = useState<PropertyFetchState>('loading');
  const [fetchedDates, setFetchedDates] = useState<{ propertyId: string; ranges: readonly BookedDatesRow[] } | null>(null);
  const storedDates = useDbQuery((db) => readSnapshot(db, 'booked-dates', propertyId), [propertyId]);
  const bookedDates = fetchedDates?.propertyId === propertyId ? fetchedDates.ranges : liveRanges((storedDates?.data ?? []) as BookedDatesRow[]);

  useEffect(() => {
    if (!db || db.userId !== userId) return;
    let isCurrent = true;
    setFetchState('loading');
    fetchPropertyDetail(propertyId, userId, { propertyReviews: PROPERTY_REVIEWS_SHOWN, hostReviews: HOST_REVIEWS_FETCHED })
      .then(async (payload) => {
        if (!isCurrent) return;
        // A deleted listing is cached too: the merge turns it into a tombstone and the page stops showing it.
        if (payload.property) await cacheServerRows('properties', [payload.property]);
        await Promise.all([
          cacheServerRows('rooms', payload.rooms),
          cacheServerRows('profiles', payload.profiles),
          cacheServerRows('property_reviews', payload.ownReview ? [...payload.propertyReviews, payload.ownReview] : payload.propertyReviews),
          cacheServerRows('reviews', payload.hostReviews),
        ]);
        await cacheSnapshot('booked-dates', propertyId, payload.bookedDates);
        if (!isCurrent) return;
        setFetchedDates({ propertyId, ranges: payload.bookedDates });
        setFetchState(payload.property && !payload.property.deleted_at ? 'loaded' : 'not-found');
      })
      .catch((error: unknown) => {
        logger.warn('Property details could not be fetched', error);
        if (isCurrent) setFetchState('failed');
      });
    return () => {
      isCurrent = false;
    };
  }, [db, propertyId, userId]);

  const refreshBookedDates = useCallback(async () => {
    try {
      const ranges = await fetchBookedDates(propertyId);
      setFetchedDates({ propertyId, ranges });
      await cacheSnapshot('booked-dates', propertyId, ranges);
    } catch (error) {
      logger.warn('Booked dates could not be refreshed', error);
    }
  }, [propertyId]);

  return { property, fetchState, bookedDates, refreshBookedDates };
}
