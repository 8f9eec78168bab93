import type { ReactNode } from 'react';
import { Text } from '../../../ui/typography/typography.tsx';
import * as styles from './profile.css.ts';

const addedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

export interface SettingsListItemProps {
  name: string;
  /** Beside the name (e.g. "This device"). */
  badge?: ReactNode;
  /** When it was added (ISO), shown under the name. */
  addedAt?: string | null;
  /** Its action, e.g. a Remove button. */
  children: ReactNode;
}

/** A row of the Security and Notifications lists (authenticators, devices): its name, when it was added, its action. */
export function SettingsListItem({ name, badge, addedAt, children }: SettingsListItemProps) {
  return (
    <li className={styles.factor}>
      <span className={styles.factorText}>
        <span className={styles.factorName}>
          {name} {badge}
        </span>
        {addedAt ? (
          <Text as="span" size="sm" tone="muted">
            Added {addedOn.format(new Date(addedAt))}
          </Text>
        ) : null}
      </span>
      {children}
    </li>
  );
}
