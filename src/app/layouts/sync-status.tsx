import { lazy, Suspense, useState } from 'react';
import { timeAgo } from '../../lib/time-ago.ts';
import { Button as AriaButton } from 'react-aria-components';
import { useSyncStatus } from '../../hooks/use-sync-status.ts';
import { Badge } from '../../ui/badge/badge.tsx';
import { Tooltip } from '../../ui/tooltip/tooltip.tsx';

// The list of refused writes loads the database code, so only once asked for.
const UnsentChanges = lazy(() => import('./unsent-changes.tsx'));

function describe(status: ReturnType<typeof useSyncStatus>): { label: string; detail: string; variant: 'neutral' | 'success' | 'warning' | 'danger' } {
  const synced = status.lastSyncedAt ? `Last synced ${timeAgo(status.lastSyncedAt)}.` : 'Not synced yet.';
  if (status.isAuthRequired) return { label: 'Sign in to sync', detail: 'Your session expired. Changes are kept on this device until you sign in again.', variant: 'danger' };
  if (status.failedCount > 0) return { label: `${status.failedCount} not sent`, detail: 'Some changes could not be saved. Open them to see why, retry or delete.', variant: 'danger' };
  if (!status.isOnline) {
    const pending = status.pendingCount ? ` ${status.pendingCount} change${status.pendingCount === 1 ? '' : 's'} will be sent when you are back online.` : '';
    return { label: 'Offline', detail: `You are offline.${pending} ${synced}`, variant: 'warning' };
  }
  if (status.pendingCount > 0 || status.isPushing) return { label: `Sending ${status.pendingCount || ''}`.trim(), detail: `Sending your changes. ${synced}`, variant: 'neutral' };
  return { label: 'Synced', detail: synced, variant: 'success' };
}

/**
 * The nav's sync indicator (signed in only): online/offline, changes waiting to be sent, failures,
 * and when data last synced (in the tooltip). Announced politely when it changes. Next to the phone
 * menu button it shows only what needs attention (offline, unsent, failed), not "Synced". With writes
 * the server refused, pressing it opens them (Unsent changes).
 */
export function SyncStatus({ isHiddenWhenSynced = false }: { isHiddenWhenSynced?: boolean }) {
  const status = useSyncStatus();
  const [isUnsentOpen, setUnsentOpen] = useState(false);
  const { label, detail, variant } = describe(status);
  const hasUnsent = status.failedCount > 0;
  // Stays mounted while open, so the list can say it is empty once the last change is deleted.
  const unsent = isUnsentOpen ? (
    <Suspense fallback={null}>
      <UnsentChanges isOpen onOpenChange={setUnsentOpen} />
    </Suspense>
  ) : null;
  if (isHiddenWhenSynced && variant === 'success') return unsent;
  return (
    <>
      <Tooltip content={detail}>
        <AriaButton
          aria-label={`Sync status: ${label}. ${detail}`}
          onPress={hasUnsent ? () => setUnsentOpen(true) : undefined}
          style={{ background: 'none', border: 0, padding: 0, cursor: hasUnsent ? 'pointer' : 'default' }}
        >
          <span role="status" aria-live="polite">
            <Badge variant={variant}>{label}</Badge>
          </span>
        </AriaButton>
      </Tooltip>
      {unsent}
    </>
  );
}
