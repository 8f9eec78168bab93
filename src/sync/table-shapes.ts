// Server record → local row, per table: local metadata, denormalised names, conversation keys.
import { conversationKeyFor } from '../db/conversation-key.ts';
import type { BookingRow, MessageRow, ProfileRow, PropertyRow, ServerRow, SyncedRows, SyncedTableName } from '../db/tables.ts';
import type { ServerRecord } from '../remote/sync-port.ts';

export interface ShapeContext {
  /** the signed-in user (null: signed-out browsing) */
  userId: string | null;
}

/** The columns every synced row must carry; anything else is dropped (and logged) rather than stored. */
export function isServerRecord(record: ServerRecord): record is ServerRecord & ServerRow {
  return typeof record.id === 'string'
    && typeof record.version === 'number'
    && typeof record.updated_at === 'string'
    && (record.deleted_at === null || typeof record.deleted_at === 'string' || record.deleted_at === undefined);
}

type Embedded = Record<string, unknown> | null | undefined;

function embedded(record: ServerRecord, key: string): Embedded {
  const value = record[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function withoutEmbeds(record: ServerRecord, keys: readonly string[]): ServerRecord {
  const copy = { ...record };
  for (const key of keys) delete copy[key];
  return copy;
}

/**
 * Tables whose pulled rows embed related names (a booking's property, host and room). A realtime row
 * carries none of them, and the merge never replaces a row with one of equal version, so a row first
 * seen through realtime would keep empty names: such rows are only taken from the pull.
 */
export const tablesPulledWithEmbeds: ReadonlySet<SyncedTableName> = new Set(['bookings']);

export function toLocalRow<T extends SyncedTableName>(table: T, record: ServerRecord & ServerRow, existing: SyncedRows[T] | undefined, ctx: ShapeContext): SyncedRows[T] {
  const base = { ...record, deleted_at: record.deleted_at ?? null, _v: record.version };
  switch (table) {
    case 'properties': {
      const row = base as unknown as PropertyRow;
      row._search = `${row.city ?? ''} ${row.country ?? ''}`.toLocaleLowerCase();
      return row as SyncedRows[T];
    }
    case 'bookings': {
      // Pulls embed the property and room; realtime rows do not, so keep the names already known.
      const property = embedded(record, 'property');
      const room = embedded(record, 'room');
      const previous = existing as BookingRow | undefined;
      const row = withoutEmbeds(base, ['property', 'room']) as unknown as BookingRow;
      const photos = property?.photos;
      row.property_name = property ? text(property.name) : (previous?.property_name ?? null);
      row.property_city = property ? text(property.city) : (previous?.property_city ?? null);
      row.property_country = property ? text(property.country) : (previous?.property_country ?? null);
      row.property_photo = property ? (Array.isArray(photos) ? text(photos[0]) : null) : (previous?.property_photo ?? null);
      row.property_host_id = property ? text(property.host_id) : (previous?.property_host_id ?? null);
      row.room_name = room ? text(room.name) : (previous?.room_name ?? null);
      return row as SyncedRows[T];
    }
    case 'messages': {
      const row = base as unknown as MessageRow;
      row.conversation_key = conversationKeyFor(row, ctx.userId ?? '');
      return row as SyncedRows[T];
    }
    case 'profiles': {
      // The role is not a profile column: keep what pullOwnRole stored.
      const row = base as unknown as ProfileRow;
      const role = (existing as ProfileRow | undefined)?._role;
      if (role !== undefined) row._role = role;
      return row as SyncedRows[T];
    }
    default:
      return base as unknown as SyncedRows[T];
  }
}
