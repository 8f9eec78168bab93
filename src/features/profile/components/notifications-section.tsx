import type { PushAvailability } from '../../../pwa/push-device.ts';
import type { NotificationPreferences } from '../../../remote/push-notifications.ts';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { Switch } from '../../../ui/switch/switch.tsx';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import * as styles from './profile.css.ts';
import { PushDeviceList } from './push-device-list.tsx';
import { useNotificationsSection } from './use-notifications-section.ts';

const kinds: ReadonlyArray<{ key: keyof NotificationPreferences; label: string; description: string }> = [
  { key: 'messages', label: 'Messages', description: 'A host or a housemate writes to you.' },
  { key: 'bookingUpdates', label: 'Booking updates', description: 'A request is paid, accepted or declined.' },
  { key: 'houseChat', label: 'House chat', description: 'New messages in your house chats, at most one every 10 minutes per house.' },
];

const availabilityNote: Record<Exclude<PushAvailability, 'available'>, string> = {
  unsupported: "This browser can't show notifications. On an iPhone, add NomadNest to your Home Screen first.",
  'not-configured': "Notifications aren't set up for this site yet.",
  denied: 'Notifications are blocked for this site. Allow them in your browser settings, then come back here.',
};

/**
 * Notifications (docs/decisions/push-in-the-browser.md): turn them on for this browser, choose
 * the kinds, and see and remove the devices that get them. Settings live on the server, so the section
 * needs a connection.
 */
export function NotificationsSection({ userId }: { userId: string }) {
  const { isOnline, preferences, devices, thisEndpoint, isUnavailable, isTurningOn, turnOnFailure, removingId, availability, isThisDeviceOn, changeKind, turnOnHere, remove } =
    useNotificationsSection(userId);

  return (
    <Card as="section" padding="md" aria-labelledby="notifications-title" className={[styles.card, styles.security].join(' ')}>
      <header className={styles.securityHeader}>
        <Heading level={2} size="md" id="notifications-title">
          Notifications
        </Heading>
        <Text size="sm" tone="muted">
          Replies, booking decisions and house chat on your phone or computer, even when NomadNest is closed.
        </Text>
      </header>

      {isUnavailable || (!isOnline && preferences === null) ? (
        <Text tone="muted">You're offline. Notification settings need a connection.</Text>
      ) : preferences === null || devices === null ? (
        <Text tone="muted" role="status">
          Loading notification settings...
        </Text>
      ) : (
        <>
          <div className={styles.buttonRow}>
            {availability !== 'available' ? (
              <Text size="sm" tone="muted">
                {availabilityNote[availability]}
              </Text>
            ) : isThisDeviceOn ? (
              <Text size="sm">
                Notifications are <strong>on</strong> for this device.
              </Text>
            ) : (
              <NativeButton variant="primary" isPending={isTurningOn} disabled={!isOnline} onClick={() => void turnOnHere()}>
                Turn on notifications on this device
              </NativeButton>
            )}
          </div>
          <Text size="sm" tone="danger" role="alert" hidden={!turnOnFailure || isThisDeviceOn}>
            {turnOnFailure ? `${turnOnFailure.title}. ${turnOnFailure.description}` : null}
          </Text>

          <fieldset className={styles.kinds}>
            <legend className={styles.fieldLabel}>Notify me about</legend>
            {kinds.map((kind) => (
              <Switch key={kind.key} isSelected={preferences[kind.key]} isDisabled={!isOnline} description={kind.description} onChange={(isOn) => void changeKind(kind.key, isOn)}>
                {kind.label}
              </Switch>
            ))}
          </fieldset>

          <PushDeviceList devices={devices} thisEndpoint={thisEndpoint} removingId={removingId} isOnline={isOnline} onRemove={(device) => void remove(device)} />
        </>
      )}
    </Card>
  );
}
