import { useHostProperties } from '../../db/hooks/use-properties.ts';
import type { PartyRole } from './conversation-tabs.ts';
import { useUserRole } from './use-user-role.ts';

/**
 * The signed-in user's role (docs/product.md §6: user_roles). Offline, or until the server answers, a user
 * with listings in the local mirror counts as a host, anyone else as a guest.
 */
export function useOwnRole(userId: string): PartyRole {
  const hosted = useHostProperties(userId, 1);
  return useUserRole(userId) ?? (hosted && hosted.length > 0 ? 'host' : 'guest');
}
