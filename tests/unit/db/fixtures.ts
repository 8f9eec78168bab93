// Rows for the local-mirror query tests: complete rows of each table with readable overrides, and a
// fresh fake-indexeddb database per test (real Dexie, real schema and middleware).
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach } from 'vitest';
import { AppDb } from '../../../src/db/db.ts';
import type {
  BookingPaymentRow, BookingRow, ConversationSummaryRow, MessageRow, ProfileRow, PropertyReviewRow, PropertyRow, ReviewRow, RoomRow,
} from '../../../src/db/tables.ts';

const at = '2025-03-01T10:00:00.000Z';
const synced = { created_at: at, updated_at: at, version: 1, deleted_at: null as string | null, _v: 1 };

export function propertyRow(overrides: Partial<PropertyRow> & Pick<PropertyRow, 'id'>): PropertyRow {
  const city = overrides.city ?? 'Lisbon';
  const country = overrides.country ?? 'Portugal';
  return {
    ...synced, host_id: 'host-1', name: `Villa ${overrides.id}`, city, country, google_maps_url: null, description: null,
    workspace_details: null, amenities: [], photos: [], price_per_week: 300, capacity: 4, current_occupancy: 0,
    min_stay_weeks: 4, max_stay_weeks: 26, wifi_speed_mbps: 100, _search: `${city} ${country}`.toLocaleLowerCase(),
    ...overrides,
  };
}

export function roomRow(overrides: Partial<RoomRow> & Pick<RoomRow, 'id' | 'property_id'>): RoomRow {
  return {
    ...synced, name: `Room ${overrides.id}`, description: null, photos: [], price_per_week: 200, price_per_month: null,
    is_available: true, wifi_speed_mbps: null, capacity: 1, min_stay_weeks: 4, max_stay_weeks: 26, ...overrides,
  };
}

export function bookingRow(overrides: Partial<BookingRow> & Pick<BookingRow, 'id'>): BookingRow {
  return {
    ...synced, user_id: 'guest-1', guest_id: 'guest-1', property_id: 'p1', room_id: 'r1', check_in: '2025-06-01', check_out: '2025-07-01',
    total_price: 1200, status: 'accepted', host_decision: null, guest_email: null, held_until: null, paid_at: null,
    stripe_checkout_session_id: null, stripe_payment_intent_id: null, payment_plan: 'full',
    property_name: 'Villa', property_city: 'Lisbon', property_country: 'Portugal', property_photo: null, property_host_id: 'host-1', room_name: 'Room',
    ...overrides,
  };
}

export function bookingPaymentRow(overrides: Partial<BookingPaymentRow> & Pick<BookingPaymentRow, 'id' | 'booking_id' | 'sequence'>): BookingPaymentRow {
  return {
    ...synced, amount_cents: 100_000, platform_fee_cents: 10_000, due_date: '2025-06-01', status: 'scheduled', attempts: 0, next_attempt_at: null,
    last_error_code: null, last_error_message: null, paid_at: null, checkout_expires_at: null, stripe_checkout_session_id: null, stripe_payment_intent_id: null,
    ...overrides,
  };
}

export function messageRow(overrides: Partial<MessageRow> & Pick<MessageRow, 'id' | 'conversation_key'>): MessageRow {
  return {
    ...synced, sender_id: 'guest-1', receiver_id: 'host-1', property_id: null, conversation_type: 'host_guest', text: 'hello', read_at: null,
    ...overrides,
  };
}

export function conversationRow(overrides: Partial<ConversationSummaryRow> & Pick<ConversationSummaryRow, 'conversation_key'>): ConversationSummaryRow {
  return {
    other_user_id: 'host-1', other_user_name: 'Maya', other_user_photo: null, last_message: 'hi', last_message_time: at, last_message_sender_id: 'host-1',
    unread_count: 0, conversation_type: 'host_guest', property_id: null, _sort: overrides.last_message_time ?? at, ...overrides,
  };
}

export function profileRow(overrides: Partial<ProfileRow> & Pick<ProfileRow, 'id'>): ProfileRow {
  return {
    ...synced, name: `Person ${overrides.id}`, bio: null, profession: null, work_timezone: null, interests: [], show_in_whos_staying: true,
    profile_photo: null, is_visible_to_guests: true, onboarding_complete: true, verification_status: 'unverified', age: null, stripe_account_id: null,
    ...overrides,
  };
}

export function reviewRow(overrides: Partial<ReviewRow> & Pick<ReviewRow, 'id'>): ReviewRow {
  return { ...synced, booking_id: 'b1', reviewer_id: 'guest-1', reviewee_id: 'host-1', rating: 5, text: null, review_type: 'guest_to_host', ...overrides };
}

export function propertyReviewRow(overrides: Partial<PropertyReviewRow> & Pick<PropertyReviewRow, 'id'>): PropertyReviewRow {
  return { ...synced, property_id: 'p1', room_id: null, user_id: 'guest-1', rating: 5, review_text: null, is_public: true, ...overrides };
}

/** ISO time `minutes` after a fixed start (later minutes are newer). */
export function minute(minutes: number): string {
  return new Date(Date.UTC(2025, 0, 1) + minutes * 60_000).toISOString();
}

const opened: AppDb[] = [];

/** A fresh, open database that is deleted after the test. */
export async function freshDb(): Promise<AppDb> {
  const db = new AppDb('user-1', { name: `unit-db-${randomUUID()}` });
  opened.push(db);
  await db.open();
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});
