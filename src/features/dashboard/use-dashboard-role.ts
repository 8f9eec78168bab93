import { useDbQuery } from '../../db/hooks/use-db-query.ts';
import { listHostProperties } from '../../db/queries/properties.ts';
import { fetchAccountState, type AccountRole } from '../../remote/account.ts';
import { useIsOnline } from '../../hooks/use-is-online.ts';
import { useOwnProfile } from '../../hooks/use-own-profile.ts';
import { useRemoteLoad } from '../../hooks/use-remote-load.ts';

export type DashboardRole = AccountRole | 'loading';

/**
 * The signed-in user's role from user_roles (docs/product.md §6), read first from the mirrored own profile
 * (its `_role`), so the dashboard renders from the device at once, online or not. Without a
 * mirrored role: the server's answer; offline, listings of their own make a host, anyone else sees
 * their stays, decided at once without waiting for the request to fail (supabase-js retries a
 * failed read for about 7 s).
 */
export function useDashboardRole(userId: string): DashboardRole {
  const isOnline = useIsOnline();
  const hostedListings = useDbQuery((db) => listHostProperties(db, userId, 1), [userId]);
  const mirroredRole = useOwnProfile(userId)?._role ?? null;

  const fetched = useRemoteLoad(() => fetchAccountState(userId), [userId], 'Loading the account role failed; using the local data');

  const isFetched = fetched.status === 'ready' || fetched.status === 'failed';
  if (fetched.status === 'ready' && fetched.data.role) return fetched.data.role;
  if (mirroredRole) return mirroredRole;
  if (!isFetched && isOnline) return 'loading';
  if (hostedListings === undefined) return 'loading';
  return hostedListings.length > 0 ? 'host' : 'guest';
}
