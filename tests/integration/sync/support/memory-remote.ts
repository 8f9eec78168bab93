// An in-memory SyncRemote with PostgREST semantics for what the engine uses (version and
// updated_at set by the "server", upsert with ignore-duplicates, filters, ordering) plus scriptable
// faults. Used by the seeded fault-injection tests, the pull unit tests and the engine tests that
// need exact control. Optional: a caller (`userId`) with an RLS stand-in for reads (`canRead`), read
// faults, and the mark-read functions of the up-to migration (20250601001400_mark_read_up_to.sql).
import { classifyFailure, RemoteError } from '../../../../src/remote/errors.ts';
import type { CountQuery, RealtimeSpec, RefreshOutcome, RemoteFilter, SelectQuery, ServerRecord, SyncRemote } from '../../../../src/remote/sync-port.ts';

/** What happens to one write request. */
export type Fault =
  | 'none'
  /** no answer, nothing committed */
  | 'network-before-commit'
  /** committed, then the answer is lost (the client must replay) */
  | 'drop-after-commit'
  /** the request reaches the server twice (a proxy retry) */
  | 'duplicate'
  | 'server-error'
  /** committed or not, the answer never comes (the client is killed while waiting) */
  | 'hang-after-commit'
  | 'hang-before-commit';

/** How often each write fault strikes in the seeded fault-injection runs (a lossy, proxied, flaky network). */
export const WRITE_FAULT_WEIGHTS: readonly (readonly [Fault, number])[] = [
  ['none', 0.5],
  ['drop-after-commit', 0.14],
  ['duplicate', 0.12],
  ['network-before-commit', 0.08],
  ['server-error', 0.06],
  ['hang-after-commit', 0.05],
  ['hang-before-commit', 0.05],
];

/** What happens to one read request (select). */
export type ReadFault = 'none' | 'network' | 'server-error' | 'hang';

export interface MemoryServer {
  tables: Map<string, Map<string, ServerRecord>>;
  /** insertion log per table: the order rows were committed in */
  log: Map<string, string[]>;
  tick: number;
}

export function createMemoryServer(): MemoryServer {
  return { tables: new Map(), log: new Map(), tick: 0 };
}

/** A server table, created empty on first use (tests seed rows with exact timestamps through it). */
export function serverTable(server: MemoryServer, name: string): Map<string, ServerRecord> {
  let rows = server.tables.get(name);
  if (!rows) server.tables.set(name, (rows = new Map()));
  return rows;
}

function timestamp(server: MemoryServer): string {
  server.tick += 1;
  return new Date(Date.UTC(2025, 5, 1) + server.tick).toISOString();
}

function matches(row: ServerRecord, filter: RemoteFilter): boolean {
  const value = row[filter.column];
  switch (filter.op) {
    case 'eq': return String(value) === String(filter.value);
    case 'gt': return String(value) > String(filter.value);
    case 'gte': return String(value) >= String(filter.value);
    case 'lt': return String(value) < String(filter.value);
    case 'lte': return String(value) <= String(filter.value);
    case 'in': return filter.value.includes(String(value));
    case 'is': return value === null || value === undefined;
  }
}

export interface MemoryRemoteOptions {
  /** decides the fault of each write request (upsert, update, rpc) */
  faultFor?: (request: { kind: 'upsert' | 'update' | 'rpc'; table: string }) => Fault;
  /** rows of a table this client may write; default all */
  canWrite?: (table: string, row: ServerRecord) => boolean;
  /** RLS stand-in for reads: rows of a table this client may see; default all */
  canRead?: (table: string, row: ServerRecord) => boolean;
  /** decides the fault of each read request: a select, or the inbox (`get_conversation_summaries`) */
  readFaultFor?: (request: { table: string }) => ReadFault;
  /** the signed-in user (`auth.uid()`) the mark-read functions and update_own_profile act for */
  userId?: string;
  /** what get_conversation_summaries answers this client; default none */
  summaries?: () => ServerRecord[];
  refresh?: () => Promise<RefreshOutcome>;
}

/**
 * update_own_profile's per-field rule (migration 20250601001500) on a stored row: a field is written
 * while the row still holds its base, a value already there is no conflict, anything else is kept.
 * The same case table runs against this and the SQL (support/profile-merge-cases.ts).
 */
export function mergeProfileFields(current: ServerRecord, patch: ServerRecord, base: ServerRecord): { apply: ServerRecord; kept: string[] } {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const apply: ServerRecord = {};
  const kept: string[] = [];
  for (const [field, value] of Object.entries(patch)) {
    if (same(current[field], value)) continue;
    if (same(current[field], base[field])) apply[field] = value;
    else kept.push(field);
  }
  return { apply, kept };
}

/** The key of a house chat read cursor in the `house_chat_reads` server table. */
export function houseReadKey(propertyId: string, userId: string): string {
  return `${propertyId}:${userId}`;
}

/** `least(coalesce(p_up_to, now()), now())` of the mark-read functions. */
function readPoint(upTo: unknown, now: string): string {
  return typeof upTo === 'string' && Date.parse(upTo) < Date.parse(now) ? upTo : now;
}

/**
 * The server functions the engine calls. mark_conversation_read marks the messages from the other
 * user to the caller created at or before the read point; mark_house_chat_read moves the caller's
 * cursor to it, never backwards (every caller counts as a house member here).
 */
function callFunction(server: MemoryServer, fn: string, args: ServerRecord, options: MemoryRemoteOptions): unknown {
  switch (fn) {
    case 'get_conversation_summaries':
      return options.summaries?.() ?? [];
    case 'update_own_profile': {
      const profiles = serverTable(server, 'profiles');
      const current = profiles.get(String(options.userId));
      if (!current) throw classifyFailure({ status: 404, code: 'P0002', message: 'Profile not found' });
      const { apply, kept } = mergeProfileFields(current, args.p_patch as ServerRecord, args.p_base as ServerRecord);
      const stored = Object.keys(apply).length ? { ...current, ...apply, updated_at: timestamp(server), version: Number(current.version) + 1 } : current;
      profiles.set(String(options.userId), stored);
      return { profile: { ...stored }, kept };
    }
    case 'mark_conversation_read': {
      const now = timestamp(server);
      const upTo = readPoint(args.p_up_to, now);
      let changed = 0;
      for (const [key, row] of serverTable(server, 'messages')) {
        if (row.receiver_id !== options.userId || row.sender_id !== args.p_other_user || row.read_at != null) continue;
        if (Date.parse(String(row.created_at)) > Date.parse(upTo)) continue;
        serverTable(server, 'messages').set(key, { ...row, read_at: now, updated_at: now, version: Number(row.version) + 1 });
        changed += 1;
      }
      return changed;
    }
    case 'mark_house_chat_read': {
      const now = timestamp(server);
      const reads = serverTable(server, 'house_chat_reads');
      const key = houseReadKey(String(args.p_property_id), String(options.userId));
      const at = readPoint(args.p_up_to, now);
      const current = reads.get(key);
      if (!current || Date.parse(String(current.last_read_at)) < Date.parse(at)) reads.set(key, { id: key, last_read_at: at, updated_at: now });
      return reads.get(key)!.last_read_at;
    }
    default:
      return 0;
  }
}

const never = new Promise<never>(() => {});

export function createMemoryRemote(server: MemoryServer, options: MemoryRemoteOptions = {}): SyncRemote & { requests: number } {
  const faultFor = options.faultFor ?? (() => 'none');
  const remote = {
    requests: 0,

    async select(query: SelectQuery) {
      remote.requests += 1;
      await Promise.resolve();
      await readFault(query);
      const canRead = options.canRead ?? (() => true);
      const rows = [...serverTable(server, query.table).values()].filter((row) => canRead(query.table, row) && query.filters.every((filter) => matches(row, filter)));
      rows.sort((a, b) => {
        for (const { column, ascending } of query.order) {
          const x = String(a[column]);
          const y = String(b[column]);
          if (x !== y) return (x < y ? -1 : 1) * (ascending ? 1 : -1);
        }
        return 0;
      });
      return rows.slice(0, query.limit).map((row) => ({ ...row }));
    },

    async count(query: CountQuery) {
      const rows = await remote.select({ ...query, select: 'id', order: [], limit: Number.MAX_SAFE_INTEGER });
      return rows.length;
    },

    async upsert(tableName: string, rows: readonly ServerRecord[], upsertOptions: { onConflict: string; ignoreDuplicates: boolean }) {
      return write('upsert', tableName, () => {
        // One statement, like PostgREST: a refused row refuses them all.
        if (options.canWrite && rows.some((row) => !options.canWrite!(tableName, row))) {
          throw classifyFailure({ status: 403, code: '42501', message: `new row violates row-level security policy for table "${tableName}"` });
        }
        const written: ServerRecord[] = [];
        for (const row of rows) {
          const key = String(row[upsertOptions.onConflict]);
          const existing = serverTable(server, tableName).get(key);
          if (existing && upsertOptions.ignoreDuplicates) continue;
          const now = timestamp(server);
          const stored: ServerRecord = { ...existing, ...row, created_at: existing?.created_at ?? now, updated_at: now, version: Number(existing?.version ?? 0) + 1, deleted_at: null };
          serverTable(server, tableName).set(key, stored);
          if (!existing) {
            const log = server.log.get(tableName) ?? [];
            log.push(key);
            server.log.set(tableName, log);
          }
          written.push({ ...stored });
        }
        return written;
      });
    },

    async update(tableName: string, patch: ServerRecord, match: Readonly<Record<string, string>>) {
      return write('update', tableName, () => {
        const changed: ServerRecord[] = [];
        for (const [key, row] of serverTable(server, tableName)) {
          if (!Object.entries(match).every(([column, value]) => String(row[column]) === value)) continue;
          const stored = { ...row, ...patch, updated_at: timestamp(server), version: Number(row.version) + 1 };
          serverTable(server, tableName).set(key, stored);
          changed.push({ ...stored });
        }
        return changed;
      });
    },

    async rpc(fn: string, args: ServerRecord = {}) {
      return write('rpc', fn, () => callFunction(server, fn, args, options));
    },

    refreshSession: options.refresh ?? (async () => 'refreshed' as const),

    subscribe(_spec: RealtimeSpec) {
      return { unsubscribe: async () => {} };
    },
  };

  async function readFault(request: { table: string }): Promise<void> {
    switch (options.readFaultFor?.(request) ?? 'none') {
      case 'network':
        throw new RemoteError('network', 'fetch failed');
      case 'server-error':
        throw classifyFailure({ status: 503, message: 'Service Unavailable' });
      case 'hang':
        return never;
      case 'none':
        return;
    }
  }

  async function write<T>(kind: 'upsert' | 'update' | 'rpc', tableName: string, commit: () => T): Promise<T> {
    remote.requests += 1;
    await Promise.resolve();
    // The inbox is a read: it fails like one, never like a write.
    if (kind === 'rpc' && tableName === 'get_conversation_summaries') await readFault({ table: tableName });
    const fault = kind === 'rpc' && tableName === 'get_conversation_summaries' ? 'none' : faultFor({ kind, table: tableName });
    switch (fault) {
      case 'network-before-commit':
        throw new RemoteError('network', 'fetch failed');
      case 'server-error':
        throw classifyFailure({ status: 503, message: 'Service Unavailable' });
      case 'hang-before-commit':
        return never;
      case 'drop-after-commit':
        commit();
        throw new RemoteError('network', 'fetch failed (answer lost)');
      case 'hang-after-commit':
        commit();
        return never;
      case 'duplicate':
        commit();
        return commit();
      case 'none':
        return commit();
    }
  }

  return remote;
}
