import { deviceLabel } from '../../../domain/device-label.ts';
import type { PushDevice } from '../../../remote/push-notifications.ts';
import { Badge } from '../../../ui/badge/badge.tsx';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import { Text } from '../../../ui/typography/typography.tsx';
import * as styles from './profile.css.ts';
import { SettingsListItem } from './settings-list-item.tsx';

export interface PushDeviceListProps {
  devices: readonly PushDevice[];
  /** This browser's push endpoint, to mark it among the devices. */
  thisEndpoint: string | null;
  removingId: string | null;
  isOnline: boolean;
  onRemove: (device: PushDevice) => void;
}

/** The devices that get the user's notifications, each with a Remove button. */
export function PushDeviceList({ devices, thisEndpoint, removingId, isOnline, onRemove }: PushDeviceListProps) {
  if (devices.length === 0) {
    return (
      <Text size="sm" tone="muted">
        No devices get notifications yet.
      </Text>
    );
  }
  return (
    <ul className={styles.factorList} aria-label="Devices that get notifications">
      {devices.map((device) => (
        <SettingsListItem
          key={device.id}
          name={deviceLabel(device.userAgent)}
          badge={device.endpoint === thisEndpoint ? <Badge variant="success">This device</Badge> : null}
          addedAt={device.createdAt}
        >
          <NativeButton variant="outline" size="sm" isPending={removingId === device.id} disabled={!isOnline} onClick={() => onRemove(device)}>
            Remove
          </NativeButton>
        </SettingsListItem>
      ))}
    </ul>
  );
}
