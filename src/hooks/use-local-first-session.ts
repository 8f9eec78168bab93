import { useEffect } from 'react';
import { logger } from '../lib/logger.ts';
import { requestPersistentStorage } from '../pwa/persist-storage.ts';
import { loadClient } from '../remote/load-client.ts';
import { useSessionStore, type SessionState } from '../stores/session-store.ts';
import { toast } from '../ui/toast/toast-queue.ts';

type SessionStatus = SessionState['status'];

function askToReload() {
  toast.info('NomadNest was updated in another tab', 'Reload to keep your data in sync.', {
    action: { label: 'Reload', onAction: () => window.location.reload() },
  });
}

/**
 * Opens the local database (and, signed in, the sync engine) for a session state, loading the engine,
 * Dexie and supabase-js lazily; 'unknown' (session still restoring) opens nothing yet. Opening the
 * session that is already open does nothing, so the app calls it at entry for a kept session (the
 * database opens while React renders the first screen) and the hook again on every change.
 */
export function startLocalFirstSession(status: SessionStatus, userId: string | null, isCurrent: () => boolean = () => true): void {
  if (status === 'unknown') return;
  void Promise.all([import('../sync/local-first-session.ts'), import('../remote/sync-remote.ts')])
    .then(async ([session, remote]) => {
      if (!isCurrent()) return;
      const { email, signedOutReason } = useSessionStore.getState();
      if (status === 'signed-in' && userId) {
        const onSealedWritesDiscarded = (notice: string) => toast.info(notice);
        await session.openSession({ userId, email, remote: remote.createSupabaseSyncRemote(loadClient), onVersionChange: askToReload, onSealedWritesDiscarded });
        await requestPersistentStorage();
      } else {
        await session.openSession({ userId: null, leaveReason: signedOutReason, onVersionChange: askToReload });
      }
    })
    .catch((error: unknown) => logger.error('Local-first session failed to start', error));
}

/** Switches the local-first session on sign-in / sign-out (startLocalFirstSession). */
export function useLocalFirstSession(status: SessionStatus, userId: string | null): void {
  useEffect(() => {
    let isCurrent = true;
    startLocalFirstSession(status, userId, () => isCurrent);
    return () => {
      isCurrent = false;
    };
  }, [status, userId]);
}
