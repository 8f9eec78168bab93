import { useEffect, useState } from 'react';
import type { PropertyRow, RoomRow } from '../../../db/tables.ts';
import { env } from '../../../config/env.ts';
import { firstRead, propertyReadUrl, type FirstReadRows } from '../../../remote/first-read.ts';
import type { ServerRecord } from '../../../remote/sync-port.ts';
import { isServerRecord, toLocalRow } from '../../../sync/table-shapes.ts';

export interface FirstReadListing {
  property: PropertyRow;
  /** its rooms as the mirror lists them: live ones, cheapest first */
  rooms: RoomRow[];
}

/** The first read's answer as the rows the page renders, or null when it holds no live listing. */
export function firstReadListing(rows: FirstReadRows): FirstReadListing | null {
  const record = rows?.[0];
  if (!record || !isServerRecord(record) || record.deleted_at) return null;
  const { rooms: embeddedRooms, ...propertyRecord } = record;
  const rooms = (Array.isArray(embeddedRooms) ? (embeddedRooms as ServerRecord[]) : [])
    .filter(isServerRecord)
    .filter((room) => !room.deleted_at)
    .map((room) => toLocalRow('rooms', room, undefined, { userId: null }))
    .sort((a, b) => a.price_per_week - b.price_per_week || a.id.localeCompare(b.id));
  return { property: toLocalRow('properties', propertyRecord as typeof record, undefined, { userId: null }), rooms };
}

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
      if (isCurrent) setArrived({ propertyId, listing: firstReadListing(rows) });
    });
    return () => {
      isCurrent = false;
    };
  }, [propertyId]);
  return arrived?.propertyId === propertyId ? arrived.listing : null;
}
