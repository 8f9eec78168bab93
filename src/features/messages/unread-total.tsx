import { useUnreadCount } from '../../db/hooks/use-messages.ts';
import { useEffect } from 'react';
import { showUnreadOnAppBadge } from '../../pwa/app-badge.ts';
import { Badge } from '../../ui/badge/badge.tsx';

/** Largest number the nav shows; more reads "99+". */
const MAX_SHOWN = 99;

/**
 * The nav's unread total (docs/architecture.md §1): the sum of the inbox's unread counts in the local mirror, so
 * it moves with realtime pulls and with read marks made offline. Nothing when there is nothing unread.
 * Default export: the nav loads it lazily, keeping the database code out of the shell.
 */
export default function UnreadTotal() {
  const count = useUnreadCount() ?? 0;
  useEffect(() => showUnreadOnAppBadge(count), [count]);
  if (count <= 0) return null;
  return (
    <Badge variant="solid" aria-label={`${count} unread ${count === 1 ? 'message' : 'messages'}`}>
      {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
    </Badge>
  );
}
