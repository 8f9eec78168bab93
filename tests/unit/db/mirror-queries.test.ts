// The other reads of the local mirror (bookings, dashboard, messages, latest booking, profiles,
// reviews, property page): which rows, in which order, bounded by which limit, tombstones left out.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { AppDb } from '../../../src/db/db.ts';
import { listGuestBookings, listHostBookings, listPropertyBookings } from '../../../src/db/queries/bookings.ts';
import { listReviewsOfBookings, listRoomsOfProperties } from '../../../src/db/queries/dashboard.ts';
import { latestGuestBooking } from '../../../src/db/queries/latest-booking.ts';
import {
  countUnreadMessages, getConversation, listConversationMessages, listConversations, listUnsentMessages,
} from '../../../src/db/queries/messages.ts';
import { getProfile, getProfiles, MAX_PROFILES_PER_QUERY } from '../../../src/db/queries/profiles.ts';
import { getListing, getProperty, listHostProperties, listPropertyRoomsInTransaction } from '../../../src/db/queries/properties.ts';
import { getOwnPropertyReview, listGuestStaysAtProperty, listHostGuestReviews } from '../../../src/db/queries/property-detail.ts';
import { listPropertyReviews } from '../../../src/db/queries/reviews.ts';
import {
  bookingRow, conversationRow, freshDb, messageRow, minute, profileRow, propertyReviewRow, propertyRow, reviewRow, roomRow,
} from './fixtures.ts';

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);
const gone = { deleted_at: minute(500), version: 2 };
/** A property's rooms, read in a transaction of their own. */
const roomsOf = (db: AppDb, propertyId: string, limit?: number) => db.transaction('r', db.rooms, () => listPropertyRoomsInTransaction(db, propertyId, limit));

async function withBookings(): Promise<AppDb> {
  const db = await freshDb();
  await db.bookings.bulkPut([
    bookingRow({ id: 'g1-june', user_id: 'g1', property_id: 'p1', property_host_id: 'h1', check_in: '2025-06-01', status: 'accepted', created_at: minute(1) }),
    bookingRow({ id: 'g1-aug', user_id: 'g1', property_id: 'p2', property_host_id: 'h2', check_in: '2025-08-01', status: 'paid', created_at: minute(3) }),
    bookingRow({ id: 'g1-may', user_id: 'g1', property_id: 'p1', property_host_id: 'h1', check_in: '2025-05-01', status: 'cancelled', created_at: minute(5) }),
    bookingRow({ id: 'g1-gone', user_id: 'g1', property_id: 'p1', property_host_id: 'h1', check_in: '2025-09-01', status: 'paid', created_at: minute(6), ...gone }),
    bookingRow({ id: 'g2-july', user_id: 'g2', property_id: 'p1', property_host_id: 'h1', check_in: '2025-07-01', status: 'pending', created_at: minute(2) }),
    bookingRow({ id: 'g2-july-b', user_id: 'g2', property_id: 'p1', property_host_id: 'h1', check_in: '2025-07-01', status: 'paid', created_at: minute(4) }),
  ]);
  return db;
}

describe('bookings', () => {
  it.each<[string, (db: AppDb) => Promise<{ id: string }[]>, string[]]>([
    ["a guest's stays, latest check-in first, tombstones out", (db) => listGuestBookings(db, 'g1'), ['g1-aug', 'g1-june', 'g1-may']],
    ["a guest's stays, limited", (db) => listGuestBookings(db, 'g1', 2), ['g1-aug', 'g1-june']],
    ['a guest with none', (db) => listGuestBookings(db, 'nobody'), []],
    ["a host's bookings across listings, latest check-in first (equal check-ins by id, descending)", (db) => listHostBookings(db, 'h1'), ['g2-july-b', 'g2-july', 'g1-june', 'g1-may']],
    ["a host's bookings, limited", (db) => listHostBookings(db, 'h1', 1), ['g2-july-b']],
    ["a property's bookings, earliest check-in first", (db) => listPropertyBookings(db, 'p1'), ['g1-may', 'g1-june', 'g2-july', 'g2-july-b']],
    ["a property's bookings, limited", (db) => listPropertyBookings(db, 'p1', 3), ['g1-may', 'g1-june', 'g2-july']],
    ["the guest's stays at one property", (db) => listGuestStaysAtProperty(db, 'g1', 'p1'), ['g1-june', 'g1-may']],
    ["the guest's stays at one property, limited", (db) => listGuestStaysAtProperty(db, 'g1', 'p1', 1), ['g1-june']],
  ])('%s', async (_label, query, expected) => {
    const db = await withBookings();
    expect(ids(await query(db))).toEqual(expected);
  });

  it.each<[string, Parameters<typeof latestGuestBooking>[2], string | null]>([
    ['the most recently created among the statuses asked (not the latest check-in)', ['paid', 'accepted', 'cancelled'], 'g1-may'],
    ['only the statuses asked', ['paid', 'accepted'], 'g1-aug'],
    ['a single status', ['accepted'], 'g1-june'],
    ['a deleted booking never counts', ['paid'], 'g1-aug'],
    ['none in those statuses', ['declined'], null],
    ['no statuses', [], null],
  ])('latest booking: %s', async (_label, statuses, expected) => {
    const db = await withBookings();
    expect((await latestGuestBooking(db, 'g1', statuses))?.id ?? null).toBe(expected);
  });
});

describe('dashboard', () => {
  it('rooms of the given listings, in the order given, cheapest first within each, tombstones out', async () => {
    const db = await freshDb();
    await db.rooms.bulkPut([
      roomRow({ id: 'a-300', property_id: 'a', price_per_week: 300 }),
      roomRow({ id: 'a-200', property_id: 'a', price_per_week: 200 }),
      roomRow({ id: 'a-gone', property_id: 'a', price_per_week: 10, ...gone }),
      roomRow({ id: 'b-100', property_id: 'b', price_per_week: 100 }),
      roomRow({ id: 'c-50', property_id: 'c', price_per_week: 50 }),
    ]);
    expect(ids(await listRoomsOfProperties(db, ['b', 'a']))).toEqual(['b-100', 'a-200', 'a-300']);
    expect(ids(await listRoomsOfProperties(db, ['a'], 1))).toEqual(['a-200']);
    expect(await listRoomsOfProperties(db, [])).toEqual([]);
    expect(ids(await roomsOf(db, 'a'))).toEqual(['a-200', 'a-300']);
  });

  it.each<[string, string, { property: string; rooms: string[] } | null]>([
    ['a cached listing, with its live rooms cheapest first', 'a', { property: 'a', rooms: ['a-200', 'a-300'] }],
    ['a cached listing without rooms', 'b', { property: 'b', rooms: [] }],
    ['a deleted listing is not there, rooms or not', 'gone', null],
    ['rooms without their listing are not a listing', 'c', null],
  ])('a listing with its rooms: %s', async (_label, id, expected) => {
    const db = await freshDb();
    await db.properties.bulkPut([propertyRow({ id: 'a' }), propertyRow({ id: 'b' }), propertyRow({ id: 'gone', ...gone })]);
    await db.rooms.bulkPut([
      roomRow({ id: 'a-300', property_id: 'a', price_per_week: 300 }),
      roomRow({ id: 'a-200', property_id: 'a', price_per_week: 200 }),
      roomRow({ id: 'a-gone', property_id: 'a', price_per_week: 10, ...gone }),
      roomRow({ id: 'gone-1', property_id: 'gone' }),
      roomRow({ id: 'c-1', property_id: 'c' }),
    ]);
    const listing = await getListing(db, id);
    expect(listing && { property: listing.property.id, rooms: ids(listing.rooms) }).toEqual(expected);
  });

  it('a property with more rooms than one page, many at the same price, lists each live room once', async () => {
    const db = await freshDb();
    const rooms = Array.from({ length: 60 }, (_, i) => roomRow({
      id: `r${String(i).padStart(2, '0')}`, property_id: 'big', price_per_week: 100 + (i % 3) * 50, ...(i % 7 === 0 && gone),
    }));
    await db.rooms.bulkPut(rooms);
    const live = rooms.filter((room) => room.deleted_at === null)
      .sort((a, b) => a.price_per_week - b.price_per_week || a.id.localeCompare(b.id));
    expect(ids(await roomsOf(db, 'big'))).toEqual(ids(live));
    expect(ids(await roomsOf(db, 'big', 20))).toEqual(ids(live.slice(0, 20)));
  });

  it('reviews already written for a set of bookings, either direction, tombstones out', async () => {
    const db = await freshDb();
    await db.reviews.bulkPut([
      reviewRow({ id: 'x-guest', booking_id: 'x', review_type: 'guest_to_host' }),
      reviewRow({ id: 'x-host', booking_id: 'x', review_type: 'host_to_guest' }),
      reviewRow({ id: 'y-guest', booking_id: 'y' }),
      reviewRow({ id: 'z-gone', booking_id: 'z', ...gone }),
    ]);
    expect(ids(await listReviewsOfBookings(db, ['x'])).sort()).toEqual(['x-guest', 'x-host']);
    expect(ids(await listReviewsOfBookings(db, ['y', 'z', 'none']))).toEqual(['y-guest']);
    expect(await listReviewsOfBookings(db, [])).toEqual([]);
  });
});

describe('messages and conversations', () => {
  async function withMessages(): Promise<AppDb> {
    const db = await freshDb();
    await db.messages.bulkPut([
      messageRow({ id: 'm1', conversation_key: 'dm:h1', created_at: minute(1) }),
      messageRow({ id: 'm3', conversation_key: 'dm:h1', created_at: minute(3), _status: 'pending' }),
      messageRow({ id: 'm2', conversation_key: 'dm:h1', created_at: minute(2), _status: 'failed', _error: 'blocked' }),
      messageRow({ id: 'm-gone', conversation_key: 'dm:h1', created_at: minute(4), ...gone }),
      messageRow({ id: 'h1', conversation_key: 'house:p1', conversation_type: 'house', property_id: 'p1', created_at: minute(0), _status: 'pending' }),
    ]);
    await db.conversations.bulkPut([
      conversationRow({ conversation_key: 'dm:h1', last_message_time: minute(3), _sort: minute(3), unread_count: 2 }),
      conversationRow({ conversation_key: 'house:p1', conversation_type: 'house', last_message_time: null, _sort: '', unread_count: 0 }),
      conversationRow({ conversation_key: 'dm:g2', last_message_time: minute(5), _sort: minute(5), unread_count: 3 }),
    ]);
    return db;
  }

  it.each<[string, (db: AppDb) => Promise<unknown[]>, string[]]>([
    ['a thread, oldest first, tombstones out', (db) => listConversationMessages(db, 'dm:h1'), ['m1', 'm2', 'm3']],
    ['a thread keeps its latest messages when limited', (db) => listConversationMessages(db, 'dm:h1', 2), ['m2', 'm3']],
    ['an empty thread', (db) => listConversationMessages(db, 'dm:nobody'), []],
    ['unsent messages (pending and failed), oldest first, across threads', (db) => listUnsentMessages(db), ['h1', 'm2', 'm3']],
    // The limit only bounds the read: it is applied in index order (failed before pending), before
    // the sort, so a limited list is not "the oldest N" (noted in the report of this change).
    ['unsent messages, limited: the bound applies before the sort', (db) => listUnsentMessages(db, 1), ['m2']],
  ])('%s', async (_label, query, expected) => {
    const db = await withMessages();
    expect(ids((await query(db)) as { id: string }[])).toEqual(expected);
  });

  it('the inbox, most recent first (a house chat without messages last), limited, and the unread total', async () => {
    const db = await withMessages();
    expect((await listConversations(db)).map((c) => c.conversation_key)).toEqual(['dm:g2', 'dm:h1', 'house:p1']);
    expect((await listConversations(db, 1)).map((c) => c.conversation_key)).toEqual(['dm:g2']);
    expect((await getConversation(db, 'dm:h1'))?.unread_count).toBe(2);
    expect(await getConversation(db, 'dm:none')).toBeUndefined();
    expect(await countUnreadMessages(db)).toBe(5);
    expect(await countUnreadMessages(db, 1)).toBe(3);
  });
});

describe('profiles, reviews and properties by key', () => {
  it('profiles by id, in the order asked, missing and deleted left out, at most MAX_PROFILES_PER_QUERY', async () => {
    const db = await freshDb();
    await db.profiles.bulkPut([profileRow({ id: 'a' }), profileRow({ id: 'b' }), profileRow({ id: 'gone', ...gone })]);
    expect(ids(await getProfiles(db, ['b', 'missing', 'gone', 'a']))).toEqual(['b', 'a']);
    expect((await getProfile(db, 'a'))?.name).toBe('Person a');
    expect(await getProfile(db, 'gone')).toBeUndefined();
    const many = Array.from({ length: MAX_PROFILES_PER_QUERY + 5 }, (_, i) => profileRow({ id: `p${i}` }));
    await db.profiles.bulkPut(many);
    expect(await getProfiles(db, ids(many))).toHaveLength(MAX_PROFILES_PER_QUERY);
  });

  it('what guests said about a host; public reviews of a property; the own review', async () => {
    const db = await freshDb();
    await db.reviews.bulkPut([
      reviewRow({ id: 'old', reviewee_id: 'h1', created_at: minute(1), review_type: 'guest_to_host' }),
      reviewRow({ id: 'new', reviewee_id: 'h1', created_at: minute(3), review_type: 'guest_to_host' }),
      reviewRow({ id: 'host-side', reviewee_id: 'h1', created_at: minute(2), review_type: 'host_to_guest' }),
      reviewRow({ id: 'gone', reviewee_id: 'h1', created_at: minute(4), ...gone }),
    ]);
    await db.property_reviews.bulkPut([
      propertyReviewRow({ id: 'pub-old', property_id: 'p1', user_id: 'g1', created_at: minute(1) }),
      propertyReviewRow({ id: 'pub-new', property_id: 'p1', user_id: 'g2', created_at: minute(2) }),
      propertyReviewRow({ id: 'private', property_id: 'p1', user_id: 'g3', created_at: minute(3), is_public: false }),
      propertyReviewRow({ id: 'other', property_id: 'p2', user_id: 'g3', created_at: minute(4) }),
    ]);
    expect(ids(await listHostGuestReviews(db, 'h1', 10))).toEqual(['new', 'old']);
    expect(ids(await listPropertyReviews(db, 'p1'))).toEqual(['pub-new', 'pub-old']);
    expect((await getOwnPropertyReview(db, 'g3', 'p1'))?.id).toBe('private');
    expect(await getOwnPropertyReview(db, 'g1', 'p2')).toBeUndefined();
  });

  it("a property by id (not when deleted) and a host's listings, newest first", async () => {
    const db = await freshDb();
    await db.properties.bulkPut([
      propertyRow({ id: 'a', host_id: 'h1', created_at: minute(1) }),
      propertyRow({ id: 'b', host_id: 'h1', created_at: minute(2) }),
      propertyRow({ id: 'c', host_id: 'h2', created_at: minute(3) }),
      propertyRow({ id: 'gone', host_id: 'h1', created_at: minute(4), ...gone }),
    ]);
    expect((await getProperty(db, 'a'))?.id).toBe('a');
    expect(await getProperty(db, 'gone')).toBeUndefined();
    expect(ids(await listHostProperties(db, 'h1'))).toEqual(['b', 'a']);
    expect(ids(await listHostProperties(db, 'h1', 1))).toEqual(['b']);
  });
});
