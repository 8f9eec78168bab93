import { profileFieldsKeptToast } from '../../domain/messages.ts';
import { useSyncNotices } from '../../hooks/use-sync-notices.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import type { SyncNotice } from '../../sync/commands/command.ts';
import { toast } from '../../ui/toast/toast-queue.ts';

// Longer than a success toast: it tells the user one of their edits did not win.
const KEPT_TOAST_TIMEOUT_MS = 12_000;

function showNotice(notice: SyncNotice) {
  if (notice.kind === 'room-availability-kept') {
    const state = notice.isAvailable ? 'Available' : 'Unavailable';
    toast.info('Kept a change from another device', `${notice.roomName} was set to ${state} on another device after your change, so we kept that.`, { timeout: KEPT_TOAST_TIMEOUT_MS });
    return;
  }
  // The nav's name and photo are read from the server: refresh them now the server has the change.
  useSessionStore.getState().bumpProfileRevision();
  if (notice.kept.length > 0) {
    const { title, description } = profileFieldsKeptToast(notice.kept);
    toast.info(title, description, { timeout: KEPT_TOAST_TIMEOUT_MS });
  }
}

/**
 * Toasts what queued writes report when they go through (docs/decisions/profile-writes-and-conflicts.md,
 * docs/decisions/refused-and-conflicting-writes.md). Renders nothing.
 */
export function SyncNotices() {
  useSyncNotices(showNotice);
  return null;
}
