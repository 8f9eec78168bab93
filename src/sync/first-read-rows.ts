// A public page's first read (remote/first-read.ts) as the local mirror's rows, so a page can render
// from it, before its mirror has the rows, exactly as it will from the mirror.
import type { PropertyReviewRow, PropertyRow, RoomRow } from '../db/tables.ts';
import type { ServerRecord } from '../remote/sync-port.ts';
import { isServerRecord, toLocalRow } from './table-shapes.ts';

export interface FirstReadListing {
  property: PropertyRow;
  /** its rooms as the mirror lists them: live ones, cheapest first */
  rooms: RoomRow[];
  /** its public reviews the read embedded (Explore's catalogue does), live ones */
  reviews: PropertyReviewRow[];
}

/** The live, well-formed records of an embedded list (a missing list is an empty one). */
function liveRecords(nested: unknown): (ServerRecord & { deleted_at?: string | null })[] {
  return (Array.isArray(nested) ? (nested as ServerRecord[]) : []).filter(isServerRecord).filter((record) => !record.deleted_at);
}

/** A listing record (with its rooms, and its reviews when embedded) as mirror rows; null when it is not a live listing. */
export function firstReadListing(record: ServerRecord | undefined): FirstReadListing | null {
  if (!record || !isServerRecord(record) || record.deleted_at) return null;
  const { rooms, property_reviews: reviews, ...propertyRecord } = record;
  const shape = { userId: null };
  return {
    property: toLocalRow('properties', propertyRecord as typeof record, undefined, shape),
    rooms: liveRecords(rooms)
      .map((room) => toLocalRow('rooms', room as typeof record, undefined, shape))
      .sort((a, b) => a.price_per_week - b.price_per_week || a.id.localeCompare(b.id)),
    reviews: liveRecords(reviews).map((review) => toLocalRow('property_reviews', review as typeof record, undefined, shape)),
  };
}
