import { useEffect, useState } from 'react';
import { logger } from '../../lib/logger.ts';
import { fetchUserRole, type AccountRole } from '../../remote/messages-directory.ts';

/** The other person's role, looked up only when a new conversation needs it to pick its type. */
export function useTheirRole(userId: string | null): AccountRole | null {
  const [answer, setAnswer] = useState<{ userId: string; role: AccountRole | null } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let isCurrent = true;
    fetchUserRole(userId)
      .then((role) => {
        if (isCurrent) setAnswer({ userId, role });
      })
      .catch((error: unknown) => logger.warn('Role lookup failed', error));
    return () => {
      isCurrent = false;
    };
  }, [userId]);
  return answer?.userId === userId ? answer.role : null;
}
