// Row types of the local mirror: the server's columns (supabase/migrations) plus local metadata.
// Local metadata columns start with `_` and never travel to the server.
import type { BookingStatus } from '../domain/booking-status.ts';

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
export interface ServerRow {
  id: string;
  created_at: string;
  updated_at: string;
  version: number;
  deleted_at: string | null;
}

export interface PropertyRow extends ServerRow, LocalMeta {
  host_id: string;
  name: string;
  city: string;
  country: string;
  google_maps_url: string | null;
  description: string | null;
  workspace_details: string | null;
  amenities: string[];
  photos: string[];
  price_per_week: number;
  capacity: number;
  current_occupancy: number;
  min_stay_weeks: number;
  max_stay_weeks: number;
  wifi_speed_mbps: number | null;
  /** Lower-cased "city country" for the location filter, and when this client last stored the row (LRU). */
  _search: string;
  _cachedAt: number;
  /** Location index keys (`place \0 created_at \0 id`), derived by the database layer on every write (search-keys.ts). */
  _places?: string[];
  /** Max-price filter key (`maxPriceKeyOf`: passes while key ≤ maximum), derived like `_places`. */
  _priceKey?: number;
  /** Min-Wi-Fi filter key (`minWifiKeyOf`: passes while minimum ≤ key), derived like `_places`. */
  _wifiKey?: number;
}

export interface RoomRow extends ServerRow, LocalMeta {
  property_id: string;
  name: string;
  description: string | null;
  photos: string[];
  price_per_week: number;
  price_per_month: number | null;
  is_available: boolean;
  wifi_speed_mbps: number | null;
  capacity: number;
  min_stay_weeks: number;
  max_stay_weeks: number;
}


export interface BookingRow extends ServerRow, LocalMeta {
  user_id: string;
  guest_id: string | null;
  property_id: string;
  room_id: string;
  check_in: string;
  check_out: string;
  total_price: number;
  status: BookingStatus;
  host_decision: 'accepted' | 'declined' | null;
  guest_email: string | null;
  held_until: string | null;
  paid_at: string | null;
  /** Denormalised so "My stays" renders offline without joins. */
  property_name: string | null;
  property_city: string | null;
  property_country: string | null;
  property_photo: string | null;
  property_host_id: string | null;
  room_name: string | null;
}

export type ConversationType = 'guest_guest' | 'host_guest' | 'house';

export interface MessageRow extends ServerRow, LocalMeta {
  sender_id: string;
  receiver_id: string | null;
  property_id: string | null;
  conversation_type: ConversationType;
  text: string;
  read_at: string | null;
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

export interface ProfileRow extends ServerRow, LocalMeta {
  name: string;
  bio: string | null;
  profession: string | null;
  work_timezone: string | null;
  interests: string[];
  show_in_whos_staying: boolean;
  profile_photo: string | null;
  is_visible_to_guests: boolean;
  onboarding_complete: boolean;
  verification_status: string;
  age: number | null;
  /** Local only, on the signed-in user's own row: their user_roles role (pullOwnRole), so pages know it offline. */
  _role?: 'guest' | 'host' | null;
}

export interface ReviewRow extends ServerRow, LocalMeta {
  booking_id: string;
  reviewer_id: string;
  reviewee_id: string;
  rating: number;
  text: string | null;
  review_type: 'guest_to_host' | 'host_to_guest';
}

export interface PropertyReviewRow extends ServerRow, LocalMeta {
  property_id: string;
  room_id: string | null;
  user_id: string;
  rating: number;
  review_text: string | null;
  is_public: boolean;
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
}
export type SyncedTableName = keyof SyncedRows;
export const syncedTableNames = ['properties', 'rooms', 'bookings', 'messages', 'profiles', 'reviews', 'property_reviews'] as const satisfies readonly SyncedTableName[];

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
