import { useMemo } from 'react';
import { env } from '../../../config/env.ts';
import { useFirstRead } from '../../../hooks/use-first-read.ts';
import { propertyReadUrl } from '../../../remote/first-read.ts';
import { firstReadListing, type FirstReadListing } from '../../../sync/first-read-rows.ts';

/**
 * The listing from the page's first read, once it has arrived: what the page shows until its mirror has
 * the listing. null before (the first render matches the prerendered skeleton it hydrates), without a
 * first read for this id, or when it found nothing.
 */
export function usePropertyFirstRead(propertyId: string): FirstReadListing | null {
  const rows = useFirstRead(propertyReadUrl(env.supabaseUrl, propertyId));
  return useMemo(() => (rows ? firstReadListing(rows[0]) : null), [rows]);
}
