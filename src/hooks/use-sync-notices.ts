import { useEffect } from 'react';
import type { SyncNotice } from '../sync/commands/command.ts';
import { getActiveEngine, subscribeActiveEngine } from '../sync/active-engine.ts';

/**
 * Calls `onNotice` for what the signed-in session's acknowledged writes report (a profile field kept
 * from another device), whichever page is open when the write goes through.
 */
export function useSyncNotices(onNotice: (notice: SyncNotice) => void): void {
  useEffect(() => {
    let unsubscribe = getActiveEngine()?.subscribeNotices(onNotice);
    const unsubscribeEngine = subscribeActiveEngine(() => {
      unsubscribe?.();
      unsubscribe = getActiveEngine()?.subscribeNotices(onNotice);
    });
    return () => {
      unsubscribe?.();
      unsubscribeEngine();
    };
  }, [onNotice]);
}
