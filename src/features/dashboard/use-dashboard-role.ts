import { useEffect, useState } from 'react';
import { useDbQuery } from '../../db/hooks/use-db-query';
import { listHostProperties } from '../../db/queries/properties';
import { logger } from '../../lib/logger';
import { fetchAccountState, type AccountRole } from '../../remote/account';
import { useIsOnline } from '../../hooks/use-is-online';

export type DashboardRole = AccountRole | 'loading';

/**
 * The signed-in user's role from user_roles (SPEC §6). Offline, the local mirror decides: someone
 * with listings of their own is a host, anyone else sees their stays; it decides at once, without
 * waiting for the request to fail (supabase-js retries a failed read for about 7 s).
 */
export function useDashboardRole(userId: string): DashboardRole {
  const isOnline = useIsOnline();
  const [fetched, setFetched] = useState<{ userId: string; role: AccountRole | null; failed: boolean } | null>(null);
  const hostedListings = useDbQuery((db) => listHostProperties(db, userId, 1), [userId]);

  useEffect(() => {
    let isCurrent = true;
    fetchAccountState(userId)
      .then((state) => {
        if (isCurrent) setFetched({ userId, role: state.role, failed: false });
      })
      .catch((error: unknown) => {
        logger.warn('Loading the account role failed; using the local data', error);
        if (isCurrent) setFetched({ userId, role: null, failed: true });
      });
    return () => {
      isCurrent = false;
    };
  }, [userId]);

  const isFetched = fetched?.userId === userId;
  if (isFetched && fetched.role) return fetched.role;
  if (!isFetched && isOnline) return 'loading';
  if (hostedListings === undefined) return 'loading';
  return hostedListings.length > 0 ? 'host' : 'guest';
}
