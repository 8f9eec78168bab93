// Row types of the local mirror: the server's columns (the generated Database type of
// src/lib/database.types.ts, so a migration that changes a table changes these) plus local metadata.
// Local metadata columns start with `_` and never travel to the server.
import type { BookingStatus } from '../domain/booking-status.ts';
import type { PaymentPlan, PaymentStatus } from '../domain/payment-schedule.ts';
import type { Tables } from '../lib/database.types.ts';

export type { BookingStatus };

/** Sync state of a row the user changed locally: absent once the server has acknowledged it. */
export type LocalStatus = 'pending' | 'failed';

export interface LocalMeta {
  /** Server `version` this row reflects; 0 for a row only this client has seen so far. */
  _v: number;
  _status?: LocalStatus;
  /** Human-readable reason of a permanent failure (for "Not sent" / "Not saved" states). */
  _error?: string;
}

/** Columns every synced server table has. */
export type ServerRow = Pick<Tables<'properties'>, 'id' | 'created_at' | 'updated_at' | 'version' | 'deleted_at'>;

export interface PropertyRow extends Tables<'properties'>, LocalMeta {
  /** Lower-cased "city country" for the location filter. */
  _search: string;
  /** Location index keys (`place \0 created_at \0 id`), derived by the database layer on every write (search-keys.ts). */
  _places?: string[];
  /** Max-price filter key (`maxPriceKeyOf`: passes while key ≤ maximum), derived like `_places`. */
  _priceKey?: number;
  /** Min-Wi-Fi filter key (`minWifiKeyOf`: passes while minimum ≤ key), derived like `_places`. */
  _wifiKey?: number;
}

/** `availability_decided_at` is absent on rows mirrored before decision stamps existed (migration 20250601002400). */
export type RoomRow = Omit<Tables<'rooms'>, 'availability_decided_at'> & { availability_decided_at?: string } & LocalMeta;

/** The values of CHECK constraints, which the generated type leaves as `string`, are narrowed here. */
export interface BookingRow extends Omit<Tables<'bookings'>, 'status' | 'host_decision' | 'payment_plan'>, LocalMeta {
  status: BookingStatus;
  host_decision: 'accepted' | 'declined' | null;
  /** Absent on rows mirrored before monthly payments existed: read as 'full'. */
  payment_plan?: PaymentPlan;
  /** Denormalised so "My stays" renders offline without joins. */
  property_name: string | null;
  property_city: string | null;
  property_country: string | null;
  property_photo: string | null;
  property_host_id: string | null;
  room_name: string | null;
}

export type ConversationType = 'guest_guest' | 'host_guest' | 'house';

export interface MessageRow extends Omit<Tables<'messages'>, 'conversation_type'>, LocalMeta {
  conversation_type: ConversationType;
  /** `dm:<other user id>` or `house:<property id>`, from the signed-in user's point of view. */
  conversation_key: string;
}

/** One inbox row (get_conversation_summaries), keyed like messages. Not versioned: replaced on each pull. */
export interface ConversationSummaryRow {
  conversation_key: string;
  other_user_id: string | null;
  other_user_name: string;
  other_user_photo: string | null;
  last_message: string | null;
  last_message_time: string | null;
  last_message_sender_id: string | null;
  unread_count: number;
  conversation_type: ConversationType;
  property_id: string | null;
  /** last_message_time, or '' for a house chat without messages (nulls are not indexable). */
  _sort: string;
}

export interface ProfileRow extends Tables<'profiles'>, LocalMeta {
  /** Local only, on the signed-in user's own row: their user_roles role (pullOwnRole), so pages know it offline. */
  _role?: 'guest' | 'host' | null;
}

export interface ReviewRow extends Omit<Tables<'reviews'>, 'review_type'>, LocalMeta {
  review_type: 'guest_to_host' | 'host_to_guest';
}

export type PropertyReviewRow = Tables<'property_reviews'> & LocalMeta;

/** One payment of a stay paid monthly (docs/decisions/pay-monthly.md), readable offline. */
export interface BookingPaymentRow extends Omit<Tables<'booking_payments'>, 'status'>, LocalMeta {
  status: PaymentStatus;
}

/** Synced tables by name: the local table has the server table's name. */
export interface SyncedRows {
  properties: PropertyRow;
  rooms: RoomRow;
  bookings: BookingRow;
  messages: MessageRow;
  profiles: ProfileRow;
  reviews: ReviewRow;
  property_reviews: PropertyReviewRow;
  booking_payments: BookingPaymentRow;
}
export type SyncedTableName = keyof SyncedRows;
export const syncedTableNames = ['properties', 'rooms', 'bookings', 'messages', 'profiles', 'reviews', 'property_reviews', 'booking_payments'] as const satisfies readonly SyncedTableName[];

// ------------------------------------------------------------------------------- sync internals

export type OutboxStatus = 'queued' | 'sending' | 'failed';

/** What an outbox entry changes locally: a synced row, or an inbox conversation (mark read). */
export type OutboxEntity = SyncedTableName | 'conversations';

export type RemoteErrorKind = 'network' | 'server' | 'rate_limited' | 'auth' | 'conflict' | 'permanent';

export interface OutboxError {
  kind: RemoteErrorKind;
  code: string | null;
  message: string;
}

/** A queued write. Rows outlive app versions, so `name` (`message.send@1`) is never repurposed. */
export interface OutboxEntry {
  seq?: number;
  id: string;
  name: string;
  entity: OutboxEntity;
  entityId: string;
  args: unknown;
  /** The local row before the optimistic write (null: it did not exist), for rollback. */
  before: unknown;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: OutboxError | null;
  createdAt: number;
  /** set when a permanent failure restored the row: the entry no longer holds the row back from merges */
  rolledBack?: boolean;
}

/** Pull cursor of one server table (key: table name, or a scope such as `profiles:self`). */
export interface SyncStateRow {
  key: string;
  updatedAt: string | null;
  id: string | null;
  lastPulledAt: number | null;
  /** the scope's filter (e.g. the id list it pulls); a change restarts the scope from the beginning */
  signature: string;
}

/** Remembers deletions so a late, older copy of a deleted row cannot bring it back. */
export interface TombstoneRow {
  key: string;
  version: number;
}

/**
 * A copy of a property-page read that is not a mirrored table (Who's Staying, a listing's taken
 * dates), kept so the page shows it offline; only for listings in the user's snapshot scope
 * (queries/property-snapshots.ts). key: `<kind>:<property id>`.
 */
export interface PropertySnapshotRow {
  key: string;
  kind: PropertySnapshotKind;
  propertyId: string;
  /** the server's answer as the page reads it */
  data: unknown;
  /** when the server gave it (ms): the page says how old an offline copy is */
  fetchedAt: number;
}

export type PropertySnapshotKind = 'housemates' | 'booked-dates';
