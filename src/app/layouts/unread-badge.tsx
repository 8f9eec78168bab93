import { lazy, Suspense } from 'react';
import { useSessionStore } from '../../stores/session-store.ts';

// The count reads the local database: load it (and Dexie) only for signed-in users, after first paint.
const UnreadTotal = lazy(() => import('../../features/messages/unread-total.tsx'));

/**
 * Unread messages badge for the Messages nav link: the total over all conversations, from the local
 * database. Renders nothing signed out or with nothing unread.
 */
export function UnreadBadge() {
  const status = useSessionStore((s) => s.status);
  if (status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <UnreadTotal />
    </Suspense>
  );
}
