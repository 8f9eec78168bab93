import { useCallback, useEffect, useState } from 'react';
import { deviceLabel } from '../../../domain/device-label.ts';
import { useIsOnline } from '../../../hooks/use-is-online.ts';
import { turnOnPushHere } from '../../../hooks/use-push-opt-in.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { logger } from '../../../lib/logger.ts';
import { currentDeviceSubscription, pushAvailability, unsubscribeThisDevice, type PushAvailability, type PushFailure } from '../../../pwa/push-device.ts';
import {
  listPushDevices,
  loadNotificationPreferences,
  removePushDevice,
  saveNotificationPreferences,
  type NotificationPreferences,
  type PushDevice,
} from '../../../remote/push-notifications.ts';
import { Badge } from '../../../ui/badge/badge.tsx';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { Switch } from '../../../ui/switch/switch.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import * as styles from './profile.css.ts';

const addedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

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

function showFailure(title: string, error: unknown) {
  logger.warn(title, error);
  toast.error(title, errorMessage(error));
}

/**
 * Notifications (docs/decisions/push-in-the-browser.md): turn them on for this browser, choose
 * the kinds, and see and remove the devices that get them. Settings live on the server, so the section
 * needs a connection.
 */
export function NotificationsSection({ userId }: { userId: string }) {
  const isOnline = useIsOnline();
  const [preferences, setPreferences] = useState<NotificationPreferences | null>(null);
  const [devices, setDevices] = useState<PushDevice[] | null>(null);
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const [isUnavailable, setUnavailable] = useState(false);
  const [isTurningOn, setTurningOn] = useState(false);
  const [turnOnFailure, setTurnOnFailure] = useState<PushFailure | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const availability = pushAvailability();

  const refresh = useCallback(async () => {
    try {
      const [loadedPreferences, loadedDevices, subscription] = await Promise.all([
        loadNotificationPreferences(),
        listPushDevices(),
        currentDeviceSubscription().catch(() => null),
      ]);
      setPreferences(loadedPreferences);
      setDevices(loadedDevices);
      setThisEndpoint(subscription?.endpoint ?? null);
      setUnavailable(false);
    } catch (error) {
      logger.warn('Loading notification settings failed', error);
      setUnavailable(true);
    }
  }, []);

  useEffect(() => {
    if (isOnline) void refresh();
  }, [refresh, isOnline]);

  const isThisDeviceOn = thisEndpoint !== null && (devices ?? []).some((device) => device.endpoint === thisEndpoint);

  async function changeKind(key: keyof NotificationPreferences, isOn: boolean) {
    if (!preferences) return;
    const next = { ...preferences, [key]: isOn };
    setPreferences(next);
    try {
      await saveNotificationPreferences(userId, next);
    } catch (error) {
      setPreferences(preferences);
      showFailure("Couldn't save your notification settings", error);
    }
  }

  async function turnOnHere() {
    setTurningOn(true);
    setTurnOnFailure(null);
    const result = await turnOnPushHere();
    setTurningOn(false);
    // Said beside the button, which stays there to try again; this device is not listed as on.
    if (result.state === 'failed') setTurnOnFailure(result.failure);
    await refresh();
  }

  async function remove(device: PushDevice) {
    setRemovingId(device.id);
    try {
      await removePushDevice(device.id);
      // This browser's own subscription ends at the push service too, so nothing is left to send to.
      if (device.endpoint === thisEndpoint) await unsubscribeThisDevice();
      toast.success(device.endpoint === thisEndpoint ? 'Notifications are off on this device' : 'Device removed');
    } catch (error) {
      showFailure("Couldn't remove the device", error);
    } finally {
      setRemovingId(null);
      await refresh();
    }
  }

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

          {devices.length > 0 ? (
            <ul className={styles.factorList} aria-label="Devices that get notifications">
              {devices.map((device) => (
                <li key={device.id} className={styles.factor}>
                  <span className={styles.factorText}>
                    <span className={styles.factorName}>
                      {deviceLabel(device.userAgent)} {device.endpoint === thisEndpoint ? <Badge variant="success">This device</Badge> : null}
                    </span>
                    <Text as="span" size="sm" tone="muted">
                      Added {addedOn.format(new Date(device.createdAt))}
                    </Text>
                  </span>
                  <NativeButton variant="outline" size="sm" isPending={removingId === device.id} disabled={!isOnline} onClick={() => void remove(device)}>
                    Remove
                  </NativeButton>
                </li>
              ))}
            </ul>
          ) : (
            <Text size="sm" tone="muted">
              No devices get notifications yet.
            </Text>
          )}
        </>
      )}
    </Card>
  );
}
