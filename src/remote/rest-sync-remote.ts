// The sync engine's REST half (select, count, upsert, update, rpc) over any PostgREST client: the page's
// supabase-js client, or the service worker's bare @supabase/postgrest-js client holding a stored token
// (fixed-token-remote.ts). One implementation, so a queued write is sent by the same code either way.
import { classifyFailure, toRemoteError } from './errors.ts';
import type { RemoteFilter, SelectQuery, ServerRecord, SyncRemote } from './sync-port.ts';

interface PostgrestResult<T> {
  data: T | null;
  error: { code?: string; message: string } | null;
  status: number;
  count?: number | null;
}

/** What this module needs of a client: supabase-js's SupabaseClient and postgrest-js's PostgrestClient both have it. */
export interface RestClient {
  from(relation: string): unknown;
  rpc(fn: string, args: ServerRecord): unknown;
}

function unwrap<T>(result: PostgrestResult<T>): T {
  if (result.error) throw classifyFailure({ status: result.status, code: result.error.code ?? null, message: result.error.message });
  return result.data as T;
}

/** The whole answer (a count travels beside the data), once it is known not to be a failure. */
async function answer<T>(run: () => PromiseLike<PostgrestResult<T>>): Promise<PostgrestResult<T>> {
  let result: PostgrestResult<T>;
  try {
    result = await run();
  } catch (error) {
    throw toRemoteError(error);
  }
  unwrap(result);
  return result;
}

async function call<T>(run: () => PromiseLike<PostgrestResult<T>>): Promise<T> {
  return (await answer(run)).data as T;
}

// Builder methods we use, typed loosely: the generated Database types are not part of this layer.
type RowsResult = PromiseLike<PostgrestResult<ServerRecord[]>>;
interface FilterBuilder {
  eq(column: string, value: unknown): FilterBuilder;
  gt(column: string, value: unknown): FilterBuilder;
  gte(column: string, value: unknown): FilterBuilder;
  lt(column: string, value: unknown): FilterBuilder;
  lte(column: string, value: unknown): FilterBuilder;
  is(column: string, value: null): FilterBuilder;
  in(column: string, values: readonly unknown[]): FilterBuilder;
  order(column: string, options: { ascending: boolean }): FilterBuilder;
  limit(count: number): RowsResult;
}
interface QueryBuilder {
  select(columns: string, options?: { count: 'exact'; head: true }): FilterBuilder;
  upsert(rows: ServerRecord[], options: { onConflict: string; ignoreDuplicates: boolean }): { select(): RowsResult };
  update(patch: ServerRecord): { match(match: Readonly<Record<string, string>>): { select(): RowsResult } };
}

function applyFilter(builder: FilterBuilder, filter: RemoteFilter): FilterBuilder {
  switch (filter.op) {
    case 'in': return builder.in(filter.column, filter.value);
    case 'is': return builder.is(filter.column, filter.value);
    default: return builder[filter.op](filter.column, filter.value);
  }
}

export type RestSyncRemote = Pick<SyncRemote, 'select' | 'count' | 'upsert' | 'update' | 'rpc'>;

const from = (client: RestClient, table: string) => client.from(table) as QueryBuilder;

export function createRestSyncRemote(getClient: () => Promise<RestClient>): RestSyncRemote {
  return {
    async select(query: SelectQuery) {
      const client = await getClient();
      return call(() => {
        let builder = from(client, query.table).select(query.select);
        for (const filter of query.filters) builder = applyFilter(builder, filter);
        for (const { column, ascending } of query.order) builder = builder.order(column, { ascending });
        return builder.limit(query.limit);
      });
    },

    async count(query) {
      const client = await getClient();
      const result = await answer(() => {
        let builder = from(client, query.table).select('id', { count: 'exact', head: true });
        for (const filter of query.filters) builder = applyFilter(builder, filter);
        return builder as unknown as PromiseLike<PostgrestResult<unknown>>;
      });
      if (typeof result.count !== 'number') throw classifyFailure({ status: result.status, code: null, message: `no count for ${query.table}` });
      return result.count;
    },

    async upsert(table, rows, options) {
      const client = await getClient();
      const data = await call(() => from(client, table).upsert([...rows], { onConflict: options.onConflict, ignoreDuplicates: options.ignoreDuplicates }).select());
      return data ?? [];
    },

    async update(table, patch, match) {
      const client = await getClient();
      const data = await call(() => from(client, table).update(patch).match(match).select());
      return data ?? [];
    },

    async rpc(fn, args) {
      const client = await getClient();
      return call(() => client.rpc(fn, args) as PromiseLike<PostgrestResult<unknown>>);
    },
  };
}
