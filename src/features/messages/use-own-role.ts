import { useEffect, useState } from 'react';
import { useHostProperties } from '../../db/hooks/use-properties.ts';
import { logger } from '../../lib/logger.ts';
import { fetchUserRole, type AccountRole } from '../../remote/messages-directory.ts';
import type { PartyRole } from './conversation-tabs.ts';

/**
 * The signed-in user's role (docs/product.md §6: user_roles). Offline, or until the server answers, a user
 * with listings in the local mirror counts as a host, anyone else as a guest.
 */
export function useOwnRole(userId: string): PartyRole {
  const hosted = useHostProperties(userId, 1);
  const [stored, setStored] = useState<{ userId: string; role: AccountRole | null } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    fetchUserRole(userId)
      .then((role) => {
        if (isCurrent) setStored({ userId, role });
      })
      .catch((error: unknown) => logger.warn('Role lookup failed', error));
    return () => {
      isCurrent = false;
    };
  }, [userId]);

  const role = stored?.userId === userId ? stored.role : null;
  return role ?? (hosted && hosted.length > 0 ? 'host' : 'guest');
}
