// A first read's record as the rows a page renders until its mirror has the listing
// (src/sync/first-read-rows.ts): the mirror's shapes, live rooms cheapest first, live reviews.
import { describe, expect, it } from 'vitest';
import { firstReadListing } from '../../../src/sync/first-read-rows.ts';

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
    expect(firstReadListing(rows?.[0])).toBeNull();
  });

  it('gives the listing as the mirror holds it, rooms live only and cheapest first', () => {
    const listing = firstReadListing(property([room('r3', 300), room('r1', 200), room('gone', 100, { deleted_at: '2026-11-02T00:00:00Z' }), room('r2', 200), { id: 'broken' }]));
    expect(listing?.property).toMatchObject({ id: 'p1', name: 'Villa', _v: 3, _search: 'ubud indonesia' });
    expect(listing?.property).not.toHaveProperty('rooms');
    expect(listing?.rooms.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(listing?.rooms[0]).toMatchObject({ _v: 3, price_per_week: 200 });
  });

  it('takes a listing without embedded rooms as one with none', () => {
    expect(firstReadListing(property(undefined))?.rooms).toEqual([]);
  });

  it('keeps the embedded reviews apart from the property row, live ones only', () => {
    const review = (id: string, extra: Record<string, unknown> = {}) => meta(id, { property_id: 'p1', rating: 4, is_public: true, ...extra });
    const listing = firstReadListing(property([], { property_reviews: [review('v1'), review('gone', { deleted_at: '2026-11-02T00:00:00Z' })] }));
    expect(listing?.property).not.toHaveProperty('property_reviews');
    expect(listing?.reviews.map((r) => r.id)).toEqual(['v1']);
  });
});
