import { Badge } from '../../../ui/badge/badge.tsx';
import { Button } from '../../../ui/button/button.tsx';
import type { MfaFactor } from '../data/security.ts';
import * as styles from './profile.css.ts';
import { SettingsListItem } from './settings-list-item.tsx';

/** The user's verified authenticator apps, each with a Remove button (which asks first). */
export function AuthenticatorList({ factors, onRemove }: { factors: readonly MfaFactor[]; onRemove: (factor: MfaFactor) => void }) {
  return (
    <ul className={styles.factorList} aria-label="Authenticator apps">
      {factors.map((factor) => (
        <SettingsListItem key={factor.id} name={factor.friendlyName ?? 'Authenticator app'} badge={<Badge variant="success">Active</Badge>} addedAt={factor.createdAt}>
          <Button variant="outline" size="sm" onPress={() => onRemove(factor)}>
            Remove
          </Button>
        </SettingsListItem>
      ))}
    </ul>
  );
}
