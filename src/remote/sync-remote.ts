import type { SupabaseClient } from '@supabase/supabase-js';
import { classifyFailure, toRemoteError } from './errors.ts';
import type { RealtimeSpec, RemoteFilter, SelectQuery, ServerRecord, SyncRemote } from './sync-port.ts';

interface PostgrestResult<T> {
  data: T | null;
  error: { code?: string; message: string } | null;
  status: number;
}

function unwrap<T>(result: PostgrestResult<T>): T {
  if (result.error) throw classifyFailure({ status: result.status, code: result.error.code ?? null, message: result.error.message });
  return result.data as T;
}

async function call<T>(run: () => PromiseLike<PostgrestResult<T>>): Promise<T> {
  let result: PostgrestResult<T>;
  try {
    result = await run();
  } catch (error) {
    throw toRemoteError(error);
  }
  return unwrap(result);
}

// Builder methods we use, typed loosely: the generated Database types are not part of this layer.
interface FilterBuilder {
  eq(column: string, value: unknown): FilterBuilder;
  gt(column: string, value: unknown): FilterBuilder;
  gte(column: string, value: unknown): FilterBuilder;
  lt(column: string, value: unknown): FilterBuilder;
  in(column: string, values: readonly unknown[]): FilterBuilder;
  order(column: string, options: { ascending: boolean }): FilterBuilder;
  limit(count: number): PromiseLike<PostgrestResult<ServerRecord[]>>;
}

function applyFilter(builder: FilterBuilder, filter: RemoteFilter): FilterBuilder {
  return filter.op === 'in' ? builder.in(filter.column, filter.value) : builder[filter.op](filter.column, filter.value);
}

/**
 * The sync engine's backend over supabase-js. The page passes `loadClient` (the app's lazily loaded
 * client: the landing route never pays for supabase-js), the service worker a client holding a stored
 * token (fixed-token-remote.ts), tests a Node client. No default: this module stays free of the
 * page's dynamic import, which a service worker bundle cannot contain.
 */
export function createSupabaseSyncRemote(getClient: () => Promise<SupabaseClient>): SyncRemote {
  return {
    async select(query: SelectQuery) {
      const client = await getClient();
      return call(() => {
        let builder = client.from(query.table).select(query.select) as unknown as FilterBuilder;
        for (const filter of query.filters) builder = applyFilter(builder, filter);
        for (const { column, ascending } of query.order) builder = builder.order(column, { ascending });
        return builder.limit(query.limit);
      });
    },

    async upsert(table, rows, options) {
      const client = await getClient();
      const data = await call(() =>
        client.from(table).upsert([...rows], { onConflict: options.onConflict, ignoreDuplicates: options.ignoreDuplicates }).select() as PromiseLike<PostgrestResult<ServerRecord[]>>,
      );
      return data ?? [];
    },

    async update(table, patch, match) {
      const client = await getClient();
      const data = await call(() => client.from(table).update(patch).match(match).select() as PromiseLike<PostgrestResult<ServerRecord[]>>);
      return data ?? [];
    },

    async rpc(fn, args) {
      const client = await getClient();
      return call(() => client.rpc(fn, args) as PromiseLike<PostgrestResult<unknown>>);
    },

    async refreshSession() {
      const client = await getClient();
      try {
        const { data, error } = await client.auth.refreshSession();
        if (!error && data.session) return 'refreshed';
        // supabase-js marks "no answer" failures retryable; anything else means the session is gone.
        return error?.name === 'AuthRetryableFetchError' ? 'network' : 'signed-out';
      } catch {
        return 'network';
      }
    },

    subscribe(spec: RealtimeSpec) {
      let isActive = true;
      const ready = getClient().then((client) => {
        if (!isActive) return null;
        const channel = client.channel(`sync-${Math.random().toString(36).slice(2)}`);
        for (const table of spec.tables) {
          channel.on('postgres_changes', { event: '*', schema: 'public', table }, (payload) => {
            // Deletes are tombstone UPDATEs in this schema; a hard DELETE carries no row to merge.
            if (payload.eventType === 'DELETE') return;
            spec.onRow(table, payload.new as ServerRecord);
          });
        }
        channel.subscribe((status) => spec.onStatus(status));
        return { client, channel };
      });
      return {
        async unsubscribe() {
          isActive = false;
          const subscription = await ready.catch(() => null);
          if (subscription) await subscription.client.removeChannel(subscription.channel);
        },
      };
    },
  };
}

