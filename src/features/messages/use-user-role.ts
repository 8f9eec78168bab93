import { useRemoteLoad } from '../../hooks/use-remote-load.ts';
import { fetchUserRole, type AccountRole } from '../../remote/messages-directory.ts';

/** A user's role (docs/product.md §6: user_roles) as the server says; null until it answers, or for no user. */
export function useUserRole(userId: string | null): AccountRole | null {
  const role = useRemoteLoad(userId ? () => fetchUserRole(userId) : null, [userId], 'Role lookup failed');
  return role.status === 'ready' ? role.data : null;
}
