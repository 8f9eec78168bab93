import { useCallback, useEffect, useState } from 'react';
import { useIsOnline } from '../../../hooks/use-is-online.ts';
import { turnOnPushHere } from '../../../hooks/use-push-opt-in.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { logger } from '../../../lib/logger.ts';
import { currentDeviceSubscription, pushAvailability, unsubscribeThisDevice, type PushFailure } from '../../../pwa/push-device.ts';
import {
  listPushDevices,
  loadNotificationPreferences,
  removePushDevice,
  saveNotificationPreferences,
  type NotificationPreferences,
  type PushDevice,
} from '../../../remote/push-notifications.ts';
import { toast } from '../../../ui/toast/toast-queue.ts';

function showFailure(title: string, error: unknown) {
  logger.warn(title, error);
  toast.error(title, errorMessage(error));
}

/**
 * The notification settings of the signed-in user, read from the server whenever the device is online:
 * the kinds they get, the devices that get them, and whether this browser is one of them.
 */
export function useNotificationsSection(userId: string) {
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

  return { isOnline, preferences, devices, thisEndpoint, isUnavailable, isTurningOn, turnOnFailure, removingId, availability, isThisDeviceOn, changeKind, turnOnHere, remove };
}
