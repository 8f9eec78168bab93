import { useEffect } from 'react';
import { logger } from '../lib/logger.ts';
import { requestPersistentStorage } from '../pwa/persist-storage.ts';
import { loadClient } from '../remote/load-client.ts';
import { toast } from '../ui/toast/toast-queue.ts';

function askToReload() {
  toast.info('NomadNest was updated in another tab', 'Reload to keep your data in sync.', {
    action: { label: 'Reload', onAction: () => window.location.reload() },
  });
}

/**
 * Opens the local database (and, signed in, the sync engine) for the session, and switches it on
 * sign-in / sign-out. The engine, Dexie and supabase-js load lazily, after first paint.
 * `status` 'unknown' (session still restoring) opens nothing yet.
 */
export function useLocalFirstSession(status: 'unknown' | 'signed-in' | 'signed-out', userId: string | null): void {
  useEffect(() => {
    if (status === 'unknown') return;
    let isCurrent = true;
    void Promise.all([import('../sync/local-first-session.ts'), import('../remote/sync-remote.ts')])
      .then(async ([session, remote]) => {
        if (!isCurrent) return;
        if (status === 'signed-in' && userId) {
          await session.openSession({ userId, remote: remote.createSupabaseSyncRemote(loadClient), onVersionChange: askToReload });
          await requestPersistentStorage();
        } else {
          await session.openSession({ userId: null, onVersionChange: askToReload });
        }
      })
      .catch((error: unknown) => logger.error('Local-first session failed to start', error));
    return () => {
      isCurrent = false;
    };
  }, [status, userId]);
}
