import type { ServerRecord } from '../../../remote/sync-port';

/**
 * The server answers properties with their rooms nested; the local mirror keeps them in two
 * tables, so the nesting is taken apart (a property row never stores its rooms array).
 */
export function splitListingRecords(records: readonly ServerRecord[]): { properties: ServerRecord[]; rooms: ServerRecord[] } {
  const properties: ServerRecord[] = [];
  const rooms: ServerRecord[] = [];
  for (const record of records) {
    const { rooms: nested, ...property } = record;
    properties.push(property);
    if (Array.isArray(nested)) {
      for (const room of nested) {
        if (room && typeof room === 'object' && !Array.isArray(room)) rooms.push(room as ServerRecord);
      }
    }
  }
  return { properties, rooms };
}
