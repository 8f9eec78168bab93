import type { SupabaseClient } from '@supabase/supabase-js';
import { createRestSyncRemote } from './rest-sync-remote.ts';
import type { RealtimeSpec, ServerRecord, SyncRemote } from './sync-port.ts';

/**
 * The sync engine's backend over supabase-js: REST (rest-sync-remote.ts, shared with the service
 * worker's fixed-token remote), session refresh and realtime. The page passes `loadClient` (the app's
 * lazily loaded client: the landing route never pays for supabase-js), tests a Node client. No default:
 * this module stays free of the page's dynamic import.
 */
export function createSupabaseSyncRemote(getClient: () => Promise<SupabaseClient>): SyncRemote {
  return {
    ...createRestSyncRemote(getClient),

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

