// Catch-up pull: per scope, every row changed since the scope's cursor (updated_at, id), with an
// overlap window for transactions that committed late with an earlier now().
import type { AppDb } from '../db/db.ts';
import type { SyncStateRow, SyncedTableName } from '../db/tables.ts';
import type { RemoteFilter, ServerRecord, SyncRemote } from '../remote/sync-port.ts';
import { applyServerRows } from './apply-server-rows.ts';
import { toConversationSummaries } from './pull-ahead-rows.ts';
import type { ShapeContext } from './table-shapes.ts';

export interface PullScope {
  /** `_sync_state` key */
  key: string;
  table: SyncedTableName;
  select: string;
  /** this scope's filters now; null when there is nothing to pull (e.g. an empty id list) */
  filters(db: AppDb, userId: string): Promise<RemoteFilter[] | null>;
  /** the filters read the inbox (`conversations`): it is refreshed just before this scope */
  needsInbox?: boolean;
}

export interface PullOptions {
  pageSize: number;
  overlapMs: number;
}

export const DEFAULT_PULL_OPTIONS: PullOptions = { pageSize: 500, overlapMs: 2 * 60_000 };

/** Id lists go into the URL (`id=in.(…)`): keep them bounded. */
export const MAX_IDS_PER_SCOPE = 200;

interface Cursor {
  updatedAt: string;
  id: string;
}

/** Orders server timestamps (same offset, Postgres trims trailing zeros of the fraction). */
export function compareTimestamps(a: string, b: string): number {
  const difference = Date.parse(a) - Date.parse(b);
  if (difference !== 0 && !Number.isNaN(difference)) return difference;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareCursor(a: Cursor, b: Cursor): number {
  return compareTimestamps(a.updatedAt, b.updatedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function cursorOf(record: ServerRecord): Cursor | null {
  return typeof record.updated_at === 'string' && typeof record.id === 'string' ? { updatedAt: record.updated_at, id: record.id } : null;
}

function signatureOf(filters: readonly RemoteFilter[]): string {
  return JSON.stringify(filters);
}

function idsFilter(column: string, ids: Iterable<string | null | undefined>): RemoteFilter[] | null {
  const unique = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && id.length > 0))].sort().slice(0, MAX_IDS_PER_SCOPE);
  return unique.length ? [{ column, op: 'in', value: unique }] : null;
}

const RECENT_BOOKINGS = 200;

/** Direct messages: RLS gives the user's own (sender or receiver). */
export const DIRECT_MESSAGE_FILTER: RemoteFilter = { column: 'conversation_type', op: 'in', value: ['guest_guest', 'host_guest'] };

/**
 * House chat of the houses the user belongs to now (hosting it, or a current or upcoming stay), as
 * the inbox lists them (get_conversation_summaries). RLS alone would still give the user's own
 * messages of a house they left. Null when they belong to none.
 */
export async function houseChatFilters(db: AppDb): Promise<RemoteFilter[] | null> {
  const houses = (await db.conversations.toArray()).flatMap((c) => (c.conversation_type === 'house' && c.property_id ? [c.property_id] : []));
  const filter = idsFilter('property_id', houses);
  return filter ? [{ column: 'conversation_type', op: 'eq', value: 'house' }, ...filter] : null;
}

/** What a signed-in user's mirror holds (docs/architecture.md §2.2): their bookings, conversations, listings and the people in them. */
export function userScopes(): PullScope[] {
  return [
    // First: one small row the profile, onboarding and routing pages wait for.
    { key: 'profiles:self', table: 'profiles', select: '*', filters: async (_db, userId) => [{ column: 'id', op: 'eq', value: userId }] },
    { key: 'bookings', table: 'bookings', select: '*, property:properties(name, city, country, photos, host_id), room:rooms(name)', filters: async () => [] },
    // The payments of stays paid monthly, the user's as guest or host (RLS follows the booking).
    { key: 'booking_payments', table: 'booking_payments', select: '*', filters: async () => [] },
    { key: 'messages:direct', table: 'messages', select: '*', filters: async () => [DIRECT_MESSAGE_FILTER] },
    { key: 'messages:house', table: 'messages', select: '*', filters: (db) => houseChatFilters(db), needsInbox: true },
    { key: 'properties:hosted', table: 'properties', select: '*', filters: async (_db, userId) => [{ column: 'host_id', op: 'eq', value: userId }] },
    {
      key: 'rooms:hosted',
      table: 'rooms',
      select: '*',
      filters: async (db, userId) => idsFilter('property_id', (await db.properties.where('[host_id+created_at]').between([userId, ''], [userId, '\uffff']).limit(MAX_IDS_PER_SCOPE).primaryKeys())),
    },
    {
      key: 'properties:booked',
      table: 'properties',
      select: '*',
      filters: async (db, userId) => idsFilter('id', (await db.bookings.where('[user_id+check_in]').between([userId, ''], [userId, '\uffff']).reverse().limit(RECENT_BOOKINGS).toArray()).map((b) => b.property_id)),
    },
    {
      // Every room of a booked listing, not only the booked room: a listing on the device always has all
      // its rooms, so its Explore card price (the lowest room, domain/pricing.ts cardPrice) is the same
      // offline as online. (Was 'rooms:booked', the booked rooms only; the new key starts a fresh cursor.)
      key: 'rooms:booked-listings',
      table: 'rooms',
      select: '*',
      filters: async (db, userId) => idsFilter('property_id', (await db.bookings.where('[user_id+check_in]').between([userId, ''], [userId, '\uffff']).reverse().limit(RECENT_BOOKINGS).toArray()).map((b) => b.property_id)),
    },
    { key: 'reviews:received', table: 'reviews', select: '*', filters: async (_db, userId) => [{ column: 'reviewee_id', op: 'eq', value: userId }] },
    { key: 'reviews:written', table: 'reviews', select: '*', filters: async (_db, userId) => [{ column: 'reviewer_id', op: 'eq', value: userId }] },
    {
      key: 'profiles:contacts',
      table: 'profiles',
      select: '*',
      needsInbox: true,
      filters: async (db, userId) => {
        const conversations = await db.conversations.orderBy('_sort').reverse().limit(MAX_IDS_PER_SCOPE).toArray();
        const asGuest = await db.bookings.where('[user_id+check_in]').between([userId, ''], [userId, '\uffff']).reverse().limit(RECENT_BOOKINGS).toArray();
        const asHost = await db.bookings.where('[property_host_id+check_in]').between([userId, ''], [userId, '\uffff']).reverse().limit(RECENT_BOOKINGS).toArray();
        const ids = [...conversations.map((c) => c.other_user_id), ...asGuest.map((b) => b.property_host_id), ...asHost.map((b) => b.user_id)];
        return idsFilter('id', ids.filter((id) => id !== userId));
      },
    },
  ];
}

/** Pulls one scope to the end; returns how many records arrived. */
export async function pullScope(db: AppDb, remote: SyncRemote, scope: PullScope, userId: string, shape: () => ShapeContext, options: PullOptions = DEFAULT_PULL_OPTIONS): Promise<number> {
  const filters = await scope.filters(db, userId);
  if (!filters) return 0;
  const signature = signatureOf(filters);
  const state = await db._sync_state.get(scope.key);
  const start: Cursor | null = state && state.signature === signature && state.updatedAt && state.id ? { updatedAt: state.updatedAt, id: state.id } : null;
  let newest = start;
  let received = 0;

  const page = async (extra: RemoteFilter[], byIdOnly: boolean): Promise<ServerRecord[]> => {
    const rows = await remote.select({
      table: scope.table,
      select: scope.select,
      filters: [...filters, ...extra],
      order: byIdOnly ? [{ column: 'id', ascending: true }] : [{ column: 'updated_at', ascending: true }, { column: 'id', ascending: true }],
      limit: options.pageSize,
    });
    received += rows.length;
    await applyServerRows(db, scope.table, rows, shape());
    for (const row of rows) {
      const cursor = cursorOf(row);
      if (cursor && (!newest || compareCursor(cursor, newest) > 0)) newest = cursor;
    }
    return rows;
  };

  const overlapStart = start ? new Date(Date.parse(start.updatedAt) - options.overlapMs).toISOString() : null;
  let rows = await page(overlapStart ? [{ column: 'updated_at', op: 'gte', value: overlapStart }] : [], false);
  // Keyset paging: finish the rows sharing the last timestamp by id, then move past it.
  while (rows.length === options.pageSize) {
    let last = cursorOf(rows[rows.length - 1]!);
    if (!last) break;
    let tail: ServerRecord[];
    do {
      tail = await page([{ column: 'updated_at', op: 'eq', value: last.updatedAt }, { column: 'id', op: 'gt', value: last.id }], true);
      const tailLast = tail.length ? cursorOf(tail[tail.length - 1]!) : null;
      if (tailLast) last = tailLast;
    } while (tail.length === options.pageSize);
    rows = await page([{ column: 'updated_at', op: 'gt', value: last.updatedAt }], false);
  }

  const next: SyncStateRow = { key: scope.key, updatedAt: newest?.updatedAt ?? null, id: newest?.id ?? null, lastPulledAt: Date.now(), signature };
  await db._sync_state.put(next);
  return received;
}

/**
 * The user's role (user_roles, no version or updated_at of its own) onto their own profile row, so
 * the profile and onboarding pages know it offline. One small read per pull; nothing is stored when
 * the profile row is not held yet (the next pull brings both).
 */
export async function pullOwnRole(db: AppDb, remote: SyncRemote, userId: string): Promise<void> {
  const rows = await remote.select({ table: 'user_roles', select: 'role', filters: [{ column: 'user_id', op: 'eq', value: userId }], order: [], limit: 1 });
  const role = rows[0]?.role;
  const value = role === 'guest' || role === 'host' ? role : null;
  await db.transaction('rw', db.profiles, async () => {
    const row = await db.profiles.get(userId);
    if (row && row._role !== value) await db.profiles.update(userId, { _role: value });
  });
}

/**
 * Replaces the inbox with get_conversation_summaries(), except conversations with local intent:
 * a pending mark-read keeps its unread count, a pending message keeps its last-message preview.
 */
export async function pullConversationSummaries(db: AppDb, remote: SyncRemote, userId: string): Promise<number> {
  const records = (await remote.rpc('get_conversation_summaries', {})) as ServerRecord[] | null;
  const summaries = toConversationSummaries(records, userId);
  await db.transaction('rw', [db.conversations, db._outbox, db.messages], async () => {
    const pendingReads = new Set((await db._outbox.where('[entity+entityId]').between(['conversations', ''], ['conversations', '\uffff']).toArray()).filter((e) => !e.rolledBack).map((e) => e.entityId));
    const pendingMessages = await db.messages.where('_status').equals('pending').limit(MAX_IDS_PER_SCOPE).toArray();
    const latestPending = new Map<string, (typeof pendingMessages)[number]>();
    for (const message of pendingMessages) {
      const seen = latestPending.get(message.conversation_key);
      if (!seen || seen.created_at < message.created_at) latestPending.set(message.conversation_key, message);
    }
    const merged = summaries.map((summary) => {
      const pending = latestPending.get(summary.conversation_key);
      const withPreview = pending
        ? { ...summary, last_message: pending.text, last_message_time: pending.created_at, last_message_sender_id: pending.sender_id, _sort: pending.created_at }
        : summary;
      return pendingReads.has(summary.conversation_key) ? { ...withPreview, unread_count: 0 } : withPreview;
    });
    await db.conversations.clear();
    await db.conversations.bulkPut(merged);
  });
  return summaries.length;
}
