import { useEffect } from 'react';
import { useProfile } from '../db/hooks/use-profiles.ts';
import type { ProfileRow } from '../db/tables.ts';
import { logger } from '../lib/logger.ts';
import { pullOwnProfile } from '../sync/session-actions.ts';
import { useIsOnline } from './use-is-online.ts';

const RETRY_MS = 3_000;

/**
 * The signed-in user's own profile row from the mirror (with their role, `_role`): undefined while
 * loading, null when the device does not hold it. Online, a missing row or role asks for a pull: right
 * after sign-up the engine's first pull can run before the account setup created the row.
 */
export function useOwnProfile(userId: string | null): ProfileRow | null | undefined {
  const profile = useProfile(userId);
  const isOnline = useIsOnline();
  const isIncomplete = profile === null || (profile !== undefined && profile._role === undefined);
  useEffect(() => {
    if (!userId || !isOnline || !isIncomplete) return;
    const pull = () => pullOwnProfile().catch((error: unknown) => logger.warn('Pulling the profile failed', error));
    void pull();
    // Still missing (the setup is still creating it): ask again now and then while the page waits.
    const timer = setInterval(() => void pull(), RETRY_MS);
    return () => clearInterval(timer);
  }, [userId, isOnline, isIncomplete]);
  return profile;
}
