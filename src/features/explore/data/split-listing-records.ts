import type { ServerRecord } from '../../../remote/sync-port.ts';

/**
 * The server answers properties with their rooms and public reviews nested; the local mirror keeps them
 * in their own tables, so the nesting is taken apart (a property row never stores those arrays).
 */
export function splitListingRecords(records: readonly ServerRecord[]): { properties: ServerRecord[]; rooms: ServerRecord[]; reviews: ServerRecord[] } {
  const properties: ServerRecord[] = [];
  const rooms: ServerRecord[] = [];
  const reviews: ServerRecord[] = [];
  const collect = (nested: unknown, into: ServerRecord[]) => {
    if (!Array.isArray(nested)) return;
    for (const row of nested) {
      if (row && typeof row === 'object' && !Array.isArray(row)) into.push(row as ServerRecord);
    }
  };
  for (const record of records) {
    const { rooms: nestedRooms, property_reviews: nestedReviews, ...property } = record;
    properties.push(property);
    collect(nestedRooms, rooms);
    collect(nestedReviews, reviews);
  }
  return { properties, rooms, reviews };
}
