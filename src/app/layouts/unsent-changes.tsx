import { useDbQuery } from '../../db/hooks/use-db-query.ts';
import { logger } from '../../lib/logger.ts';
import { getActiveEngine } from '../../sync/active-engine.ts';
import { listUnsentChanges } from '../../sync/unsent-changes.ts';
import { NativeButton } from '../../ui/button/native-button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { Text } from '../../ui/typography/typography.tsx';
import * as styles from './unsent-changes.css.ts';

function act(action: 'retry' | 'discard', id: string) {
  const engine = getActiveEngine();
  if (!engine) return;
  engine[action](id).catch((error: unknown) => logger.warn(`Unsent change ${action} failed`, error));
}

/**
 * What the sync badge's "not sent" opens: every write the server refused, in words, with why, Delete,
 * and Retry where sending it again can succeed (docs/decisions/refused-and-conflicting-writes.md).
 * Lazy-loaded with the database code.
 */
export default function UnsentChanges({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const changes = useDbQuery((db) => listUnsentChanges(db), []);
  return (
    <Dialog title="Unsent changes" isOpen={isOpen} onOpenChange={onOpenChange}>
      {changes === undefined ? null : changes.length === 0 ? (
        <Text tone="muted">Nothing is waiting to be sent.</Text>
      ) : (
        <>
          <Text size="sm" tone="muted">
            The server did not accept these changes, so they are not shown as saved.
          </Text>
          <ul className={styles.list}>
            {changes.map((change) => (
              <li key={change.id} className={styles.item}>
                <span className={styles.words}>
                  <Text as="span" weight="medium">
                    {change.what}
                  </Text>
                  <Text as="span" size="sm" tone="muted">
                    Not sent: {change.why}.
                  </Text>
                </span>
                <span className={styles.actions}>
                  {change.canRetry ? (
                    <NativeButton size="sm" variant="outline" onClick={() => act('retry', change.id)}>
                      Retry
                    </NativeButton>
                  ) : null}
                  <NativeButton size="sm" variant="ghost" onClick={() => act('discard', change.id)} aria-label={`Delete ${change.what}`}>
                    Delete
                  </NativeButton>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
