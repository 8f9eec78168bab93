// Listings fetched from the server go through the sync merge into the local mirror; Explore's cards
// are read back from it with their rooms and the docs/product.md §9 filters.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../../src/db/db.ts';
import { listExploreCards, type ExploreCardRow } from '../../../../src/db/queries/explore-cards.ts';
import { DEFAULT_PROPERTY_FILTERS } from '../../../../src/domain/filters.ts';
import { splitListingRecords } from '../../../../src/features/explore/data/split-listing-records.ts';
import { toCardView } from '../../../../src/features/explore/card-view.ts';
import { firstReadCards } from '../../../../src/features/explore/data/use-first-read-cards.ts';
import { applyServerRows } from '../../../../src/sync/apply-server-rows.ts';

const iso = (daysAgo: number) => new Date(Date.UTC(2025, 0, 31 - daysAgo)).toISOString();

function room(propertyId: string, n: number, week: number, extra: Record<string, unknown> = {}) {
  return {
    id: `${propertyId}-r${n}`, property_id: propertyId, name: `Room ${n}`, description: null, photos: [], price_per_week: week, price_per_month: null,
    is_available: true, wifi_speed_mbps: null, capacity: 1, min_stay_weeks: 4, max_stay_weeks: 26,
    created_at: iso(10), updated_at: iso(1), version: 1, deleted_at: null, ...extra,
  };
}

function property(id: string, city: string, country: string, daysAgo: number, week: number, wifi: number | null, rooms: unknown[]) {
  return {
    id, host_id: 'host', name: `Villa ${city}`, city, country, google_maps_url: null, description: null, workspace_details: null, amenities: [], photos: [],
    price_per_week: week, capacity: 2, current_occupancy: 0, min_stay_weeks: 4, max_stay_weeks: 26, wifi_speed_mbps: wifi,
    created_at: iso(daysAgo), updated_at: iso(daysAgo), version: 1, deleted_at: null, rooms,
  };
}

const records = [
  property('lisbon', 'Lisbon', 'Portugal', 1, 290, 500, [room('lisbon', 1, 380), room('lisbon', 2, 290), room('lisbon', 3, 100, { deleted_at: iso(0), version: 2 })]),
  property('ubud', 'Ubud', 'Indonesia', 2, 170, 150, [room('ubud', 1, 170)]),
  property('tbilisi', 'Tbilisi', 'Georgia', 5, 900, null, []),
];

const dbs: AppDb[] = [];
async function mirrored(): Promise<AppDb> {
  const db = new AppDb(null, { name: `explore-${randomUUID()}` });
  dbs.push(db);
  const { properties, rooms } = splitListingRecords(records);
  await applyServerRows(db, 'properties', properties, { userId: null });
  await applyServerRows(db, 'rooms', rooms, { userId: null });
  return db;
}

afterEach(async () => {
  for (const db of dbs.splice(0)) db.close();
});

describe('Explore listings in the local mirror', () => {
  it('keeps property rows free of the nested rooms and stores the rooms on their own', async () => {
    const db = await mirrored();
    const stored = await db.properties.get('lisbon');
    expect(stored).toBeDefined();
    expect(stored && 'rooms' in stored).toBe(false);
    expect(await db.rooms.where('[property_id+price_per_week]').between(['lisbon', -Infinity], ['lisbon', Infinity]).count()).toBe(2);
  });

  it('lists newest first, each card with its live rooms cheapest first', async () => {
    const db = await mirrored();
    const { cards, hasAnyListing } = await listExploreCards(db, { filters: DEFAULT_PROPERTY_FILTERS, onlyIds: null });
    expect(hasAnyListing).toBe(true);
    expect(cards.map((card) => card.property.id)).toEqual(['lisbon', 'ubud', 'tbilisi']);
    expect(cards[0]?.rooms.map((r) => r.price_per_week)).toEqual([290, 380]);
  });

  it('applies the location, max price and Wi-Fi filters', async () => {
    const db = await mirrored();
    const ids = async (filters: Partial<typeof DEFAULT_PROPERTY_FILTERS>) =>
      (await listExploreCards(db, { filters: { ...DEFAULT_PROPERTY_FILTERS, ...filters }, onlyIds: null })).cards.map((card) => card.property.id);
    expect(await ids({ location: 'LISB' })).toEqual(['lisbon']);
    expect(await ids({ location: 'indo' })).toEqual(['ubud']);
    // weekly × 4 ≤ max: 170 × 4 = 680 passes 700, 290 × 4 = 1160 does not.
    expect(await ids({ maxPrice: 700 })).toEqual(['ubud']);
    // unknown speed passes the Wi-Fi filter
    expect(await ids({ minWifi: 200 })).toEqual(['lisbon', 'tbilisi']);
  });

  it('tells "nothing matches" apart from "nothing listed"', async () => {
    const db = await mirrored();
    const noMatch = await listExploreCards(db, { filters: { ...DEFAULT_PROPERTY_FILTERS, location: 'Atlantis' }, onlyIds: null });
    expect(noMatch).toEqual({ cards: [], hasAnyListing: true });
    const empty = new AppDb(null, { name: `explore-${randomUUID()}` });
    dbs.push(empty);
    expect(await listExploreCards(empty, { filters: DEFAULT_PROPERTY_FILTERS, onlyIds: null })).toEqual({ cards: [], hasAnyListing: false });
  });

  it('hides cached listings the last server list no longer had', async () => {
    const db = await mirrored();
    const { cards } = await listExploreCards(db, { filters: DEFAULT_PROPERTY_FILTERS, onlyIds: new Set(['ubud']) });
    expect(cards.map((card) => card.property.id)).toEqual(['ubud']);
  });

  it('the document’s first read gives the cards the mirror lists once the same records are written to it', async () => {
    const review = (propertyId: string, n: number, rating: number, extra: Record<string, unknown> = {}) => ({
      id: `${propertyId}-v${n}`, property_id: propertyId, guest_id: `guest-${n}`, booking_id: `${propertyId}-b${n}`, rating, comment: 'Fine', is_public: true,
      created_at: iso(3 - n), updated_at: iso(3 - n), version: 1, deleted_at: null, ...extra,
    });
    const withReviews = [
      { ...records[0]!, property_reviews: [review('lisbon', 1, 5), review('lisbon', 2, 4), review('lisbon', 3, 1, { deleted_at: iso(0), version: 2 })] },
      // same created_at as Lisbon: newest first falls back to the id, descending
      { ...records[1]!, created_at: records[0]!.created_at, property_reviews: [review('ubud', 1, 3)] },
      { ...records[2]!, property_reviews: [] },
      { ...property('gone', 'Porto', 'Portugal', 0, 200, null, []), deleted_at: iso(0) },
    ];
    const db = new AppDb(null, { name: `explore-${randomUUID()}` });
    dbs.push(db);
    const { properties, rooms, reviews } = splitListingRecords(withReviews);
    await applyServerRows(db, 'rooms', rooms, { userId: null });
    await applyServerRows(db, 'property_reviews', reviews, { userId: null });
    await applyServerRows(db, 'properties', properties, { userId: null });
    const { cards } = await listExploreCards(db, { filters: DEFAULT_PROPERTY_FILTERS, onlyIds: null });
    // The server answers newest first by created_at only: any order of ties comes out as the mirror's.
    const fromFirstRead = firstReadCards([...withReviews].reverse());
    // The same cards on screen (the mirror's rows also carry its index keys, which no card shows).
    const shown = (rows: ExploreCardRow[] | null) => rows?.map((card) => toCardView(card, 'https://api.nomadnest.test'));
    expect(shown(fromFirstRead)).toEqual(shown(cards));
    expect(fromFirstRead?.map((card) => card.rooms.map((room) => room.id))).toEqual(cards.map((card) => card.rooms.map((room) => room.id)));
    expect(cards.map((card) => [card.property.id, card.reviews])).toEqual([
      ['ubud', { count: 1, average: 3 }],
      ['lisbon', { count: 2, average: 4.5 }],
      ['tbilisi', { count: 0, average: null }],
    ]);
    expect(firstReadCards(undefined)).toBeNull();
  });
});
