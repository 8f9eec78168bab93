// The first read's record as the rows the property page renders until its mirror has the listing
// (src/features/property/hooks/use-property-first-read.ts): the mirror's shapes and room order.
import { describe, expect, it } from 'vitest';
import { firstReadListing } from '../../../../src/features/property/hooks/use-property-first-read.ts';

const meta = (id: string, extra: Record<string, unknown> = {}) => ({ id, version: 3, updated_at: '2026-11-01T00:00:00Z', created_at: '2026-10-01T00:00:00Z', deleted_at: null, ...extra });
const room = (id: string, price: number, extra: Record<string, unknown> = {}) => meta(id, { property_id: 'p1', name: id, price_per_week: price, ...extra });
const property = (rooms: unknown, extra: Record<string, unknown> = {}) => meta('p1', { name: 'Villa', city: 'Ubud', country: 'Indonesia', rooms, ...extra });

describe('first read listing', () => {
  it.each([
    ['no answer', undefined],
    ['nothing found', []],
    ['a deleted listing', [property([], { deleted_at: '2026-11-02T00:00:00Z' })]],
    ['a record without the synced columns', [{ id: 'p1', name: 'Villa' }]],
  ])('%s gives nothing to show', (_case, rows) => {
    expect(firstReadListing(rows)).toBeNull();
  });

  it('gives the listing as the mirror holds it, rooms live only and cheapest first', () => {
    const listing = firstReadListing([property([room('r3', 300), room('r1', 200), room('gone', 100, { deleted_at: '2026-11-02T00:00:00Z' }), room('r2', 200), { id: 'broken' }])]);
    expect(listing?.property).toMatchObject({ id: 'p1', name: 'Villa', _v: 3, _search: 'ubud indonesia' });
    expect(listing?.property).not.toHaveProperty('rooms');
    expect(listing?.rooms.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(listing?.rooms[0]).toMatchObject({ _v: 3, price_per_week: 200 });
  });

  it('takes a listing without embedded rooms as one with none', () => {
    expect(firstReadListing([property(undefined)])?.rooms).toEqual([]);
  });
});
