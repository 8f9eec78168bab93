// The contract between the sync engine (src/sync) and a backend. `sync-remote.ts` implements it over
// supabase-js; tests implement it in memory. Every method throws a RemoteError on failure.

export type ServerRecord = Record<string, unknown>;

export type RemoteFilter =
  | { column: string; op: 'eq' | 'gt' | 'gte' | 'lt' | 'lte'; value: string | number }
  | { column: string; op: 'in'; value: readonly string[] }
  | { column: string; op: 'is'; value: null };

export interface SelectQuery {
  table: string;
  /** PostgREST select, embeds allowed (`*, property:properties(name)`) */
  select: string;
  filters: readonly RemoteFilter[];
  order: readonly { column: string; ascending: boolean }[];
  limit: number;
}

export type RefreshOutcome = 'refreshed' | 'network' | 'signed-out';

export type RealtimeStatus = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'TIMED_OUT' | 'CLOSED';

export interface RealtimeSpec {
  /** tables whose INSERT/UPDATE the subscriber receives (RLS decides which rows) */
  tables: readonly string[];
  onRow(table: string, row: ServerRecord): void;
  /** SUBSCRIBED fires on the first join and on every rejoin after a drop */
  onStatus(status: RealtimeStatus): void;
}

export interface CountQuery {
  table: string;
  filters: readonly RemoteFilter[];
}

export interface SyncRemote {
  select(query: SelectQuery): Promise<ServerRecord[]>;
  /** How many rows match (`Prefer: count=exact` on a HEAD request: no rows travel). */
  count(query: CountQuery): Promise<number>;
  /** INSERT … ON CONFLICT (onConflict) DO NOTHING / DO UPDATE; returns the rows written (none for ignored duplicates). */
  upsert(table: string, rows: readonly ServerRecord[], options: { onConflict: string; ignoreDuplicates: boolean }): Promise<ServerRecord[]>;
  /** PATCH of absolute values on the rows matching `match`; returns the rows changed (none: not found or not allowed). */
  update(table: string, patch: ServerRecord, match: Readonly<Record<string, string>>): Promise<ServerRecord[]>;
  rpc(fn: string, args: ServerRecord): Promise<unknown>;
  refreshSession(): Promise<RefreshOutcome>;
  subscribe(spec: RealtimeSpec): { unsubscribe(): Promise<void> };
}
