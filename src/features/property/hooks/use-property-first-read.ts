import { useEffect, useState } from 'react';
import { env } from '../../../config/env.ts';
import { firstRead, propertyReadUrl } from '../../../remote/first-read.ts';
import { firstReadListing, type FirstReadListing } from '../../../sync/first-read-rows.ts';

/**
 * The listing from the page's first read (remote/first-read.ts), once it has arrived: what the page
 * shows until its mirror has the listing. null before (the first render matches the prerendered skeleton
 * it hydrates), without a first read for this id, or when it found nothing.
 */
export function usePropertyFirstRead(propertyId: string): FirstReadListing | null {
  const [arrived, setArrived] = useState<{ propertyId: string; listing: FirstReadListing | null } | null>(null);
  useEffect(() => {
    const read = firstRead(propertyReadUrl(env.supabaseUrl, propertyId), { take: false });
    if (!read) return;
    let isCurrent = true;
    void read.then((rows) => {
      if (isCurrent) setArrived({ propertyId, listing: firstReadListing(rows?.[0]) });
    });
    return () => {
      isCurrent = false;
    };
  }, [propertyId]);
  return arrived?.propertyId === propertyId ? arrived.listing : null;
}
