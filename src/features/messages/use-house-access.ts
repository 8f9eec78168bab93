import { useEffect, useState } from 'react';
import type { ConversationSummaryRow } from '../../db/tables.ts';
import { useSyncStatus } from '../../hooks/use-sync-status.ts';
import { logger } from '../../lib/logger.ts';
import { checkHouseMembership } from '../../remote/messages-directory.ts';
import { getActiveEngine } from '../../sync/active-engine.ts';

export type HouseAccess = 'checking' | 'member' | 'not-member' | 'unknown-offline';

/**
 * Whether the signed-in user belongs to a house chat. The inbox lists exactly the house chats the
 * server counts the user in, so a local summary means "member" (offline too); without one the
 * server is asked (is_house_member), and a "yes" pulls the inbox so the chat appears.
 */
export function useHouseAccess(propertyId: string | null, summary: ConversationSummaryRow | null | undefined): HouseAccess {
  const { isOnline } = useSyncStatus();
  const [answer, setAnswer] = useState<{ propertyId: string; access: HouseAccess } | null>(null);
  const needsServer = propertyId !== null && summary === null;

  useEffect(() => {
    if (!needsServer || !propertyId) return;
    let isCurrent = true;
    checkHouseMembership(propertyId)
      .then((isMember) => {
        if (!isCurrent) return;
        setAnswer({ propertyId, access: isMember ? 'member' : 'not-member' });
        if (isMember) void getActiveEngine()?.pullNow();
      })
      .catch((error: unknown) => {
        logger.warn('House chat membership check failed', error);
        if (isCurrent) setAnswer({ propertyId, access: 'unknown-offline' });
      });
    return () => {
      isCurrent = false;
    };
  }, [needsServer, propertyId, isOnline]);

  if (!propertyId) return 'not-member';
  if (summary) return 'member';
  if (summary === undefined) return 'checking';
  if (answer?.propertyId === propertyId) return answer.access;
  return isOnline ? 'checking' : 'unknown-offline';
}
