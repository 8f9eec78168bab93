import { Dexie, type EntityTable, type Table } from 'dexie';
import type {
  BookingPaymentRow,
  BookingRow,
  ConversationSummaryRow,
  MessageRow,
  OutboxEntry,
  ProfileRow,
  PropertyReviewRow,
  PropertyRow,
  PropertySnapshotRow,
  ReviewRow,
  RoomRow,
  SyncStateRow,
  TombstoneRow,
} from './tables.ts';
import { markBoot } from '../lib/boot-marks.ts';
import { placeKeysOf, searchKeysMiddleware, searchKeysOf } from './search-keys.ts';

/** One database per signed-in user (pending work never leaks between accounts), one for signed-out browsing. */
export function databaseNameFor(userId: string | null): string {
  return userId ? `nomadnest-${userId}` : 'nomadnest-anon';
}

/**
 * The local mirror. Every index below serves a query in `queries/`; booleans and nulls are not
 * indexable in IndexedDB, so sparse columns (`_status`) index only the rows that carry them.
 */
export class AppDb extends Dexie {
  properties!: Table<PropertyRow, string>;
  rooms!: Table<RoomRow, string>;
  bookings!: Table<BookingRow, string>;
  messages!: Table<MessageRow, string>;
  conversations!: Table<ConversationSummaryRow, string>;
  profiles!: Table<ProfileRow, string>;
  reviews!: Table<ReviewRow, string>;
  property_reviews!: Table<PropertyReviewRow, string>;
  booking_payments!: Table<BookingPaymentRow, string>;
  _outbox!: EntityTable<OutboxEntry, 'seq'>;
  _sync_state!: Table<SyncStateRow, string>;
  _tombstones!: Table<TombstoneRow, string>;
  _snapshots!: Table<PropertySnapshotRow, string>;

  /** The user this database belongs to (null: signed-out browsing). */
  readonly userId: string | null;

  constructor(userId: string | null, options: { name?: string } = {}) {
    super(options.name ?? databaseNameFor(userId));
    this.userId = userId;
    this.version(1).stores({
      properties: 'id, created_at, host_id, city, country, _cachedAt, [host_id+created_at]',
      rooms: 'id, [property_id+price_per_week]',
      bookings: 'id, [user_id+check_in], [property_host_id+check_in], [property_id+check_in], room_id, status',
      messages: 'id, [conversation_key+created_at], _status',
      conversations: 'conversation_key, _sort',
      profiles: 'id',
      reviews: 'id, [reviewee_id+created_at], booking_id, reviewer_id',
      property_reviews: 'id, [property_id+created_at], user_id',
      _outbox: '++seq, &id, status, [entity+entityId]',
      _sync_state: 'key',
      _tombstones: 'key',
    });
    // v2: `*_places` (lower-cased city and country, each with created_at and id) serves Explore's
    // location filter: see queries/property-search.ts. The upgrade fills it for rows stored by v1.
    this.version(2)
      .stores({ properties: 'id, created_at, host_id, city, country, _cachedAt, [host_id+created_at], *_places' })
      .upgrade((tx) =>
        tx.table<PropertyRow, string>('properties').toCollection().modify((row) => {
          row._places = placeKeysOf(row);
        }),
      );
    // v3: copies of Who's Staying and taken dates for the user's own stays and listings (offline).
    this.version(3).stores({ _snapshots: 'key, propertyId' });
    // v4: `_priceKey` and `_wifiKey` (the max-price and min-Wi-Fi rules as numbers) let Explore read
    // the candidates of a rare price or Wi-Fi filter by key (queries/property-search.ts). The
    // upgrade keeps every row and derives the keys of rows stored by earlier versions.
    this.version(4)
      .stores({ properties: 'id, created_at, host_id, city, country, _cachedAt, [host_id+created_at], *_places, _priceKey, _wifiKey' })
      .upgrade((tx) =>
        tx.table<PropertyRow, string>('properties').toCollection().modify((row) => {
          Object.assign(row, searchKeysOf(row));
        }),
      );
    // v5: drops the `_cachedAt` index, which no query read (rows stored earlier keep the field, unread).
    this.version(5).stores({ properties: 'id, created_at, host_id, city, country, [host_id+created_at], *_places, _priceKey, _wifiKey' });
    // v6: the payments of stays paid monthly, read per booking in order.
    this.version(6).stores({ booking_payments: 'id, [booking_id+sequence]' });
    this.use(searchKeysMiddleware);
  }
}

/**
 * Opens the database and closes it when another tab (a newer app version) upgrades the schema, so
 * the upgrade is never blocked; `onVersionChange` lets the app ask this tab to reload. When another
 * tab (or this one) deletes the database (the user signed out: device-data.ts), it is closed for good
 * (no auto-reopen, which would create it again, empty) and `onDeleted` lets the session drop it.
 */
export async function openAppDb(
  userId: string | null,
  options: { name?: string; onVersionChange?: () => void; onDeleted?: () => void } = {},
): Promise<AppDb> {
  const db = new AppDb(userId, options.name ? { name: options.name } : {});
  db.on('versionchange', (event: IDBVersionChangeEvent) => {
    db.close();
    if (event.newVersion === null || event.newVersion === 0) options.onDeleted?.();
    else options.onVersionChange?.();
    return false;
  });
  await db.open();
  markBoot('db-open');
  return db;
}

/** Removes a local database entirely (sign-out: device-data.ts deleteDatabase; tests). */
export function deleteAppDb(name: string): Promise<void> {
  return Dexie.delete(name);
}
