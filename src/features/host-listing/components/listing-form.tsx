import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useSyncStatus } from '../../../hooks/use-sync-status.ts';
import { Button } from '../../../ui/button/button.tsx';
import * as styles from '../host-listing.css.ts';

/**
 * A host's listing form: saving needs a connection (docs/product.md §5), so offline the save button is
 * disabled with `offlineHint` beside it; `hint` says what else keeps it disabled. Cancel goes to `cancelTo`.
 */
export function ListingForm({ label, canSave = true, hint = null, offlineHint, isSaving, onSave, cancelTo, saveLabel, children }: {
  label: string;
  canSave?: boolean;
  hint?: string | null;
  offlineHint: string;
  isSaving: boolean;
  onSave: () => Promise<void>;
  cancelTo: string;
  saveLabel: ReactNode;
  children: ReactNode;
}) {
  const [, navigate] = useLocation();
  const { isOnline } = useSyncStatus();
  const shownHint = isOnline ? hint : offlineHint;
  return (
    <form
      className={styles.form}
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave && !isSaving && isOnline) void onSave();
      }}
    >
      {children}
      <div className={styles.actions}>
        {shownHint ? <p className={styles.actionHint}>{shownHint}</p> : null}
        <Button variant="outline" onPress={() => navigate(cancelTo)} isDisabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={!canSave || !isOnline} isPending={isSaving}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
