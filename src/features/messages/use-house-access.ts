import type { ConversationSummaryRow } from '../../db/tables.ts';
import { useSyncStatus } from '../../hooks/use-sync-status.ts';
import { useRemoteLoad } from '../../hooks/use-remote-load.ts';
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
  const needsServer = propertyId !== null && summary === null;

  const check = useRemoteLoad(
    needsServer && propertyId
      ? async () => {
          const isMember = await checkHouseMembership(propertyId);
          if (isMember) void getActiveEngine()?.pullNow();
          return isMember;
        }
      : null,
    [needsServer, propertyId, isOnline],
    'House chat membership check failed',
  );

  if (!propertyId) return 'not-member';
  if (summary) return 'member';
  if (summary === undefined) return 'checking';
  if (check.status === 'ready') return check.data ? 'member' : 'not-member';
  if (check.status === 'failed') return 'unknown-offline';
  return isOnline ? 'checking' : 'unknown-offline';
}
