import { useCallback, useEffect, useState } from 'react';
import { localKeys } from '../config/storage-keys.ts';
import { logger } from '../lib/logger.ts';
import {
  currentDeviceSubscription,
  pushAvailability,
  SAVE_SUBSCRIPTION_FAILURE,
  subscribeFailure,
  subscribeThisDevice,
  type DeviceSubscription,
  type PushFailure,
} from '../pwa/push-device.ts';
import { registerPushDevice, removePushDeviceByEndpoint } from '../remote/push-notifications.ts';
import { toast } from '../ui/toast/toast-queue.ts';
import { useBrowserOnline } from './use-is-online.ts';

/** "Not now" keeps the offer away this long, then it may come back at the next moment it makes sense. */
const DISMISSAL_MS = 30 * 24 * 60 * 60 * 1000;

export type TurnOnResult = { state: 'on' } | { state: 'refused' } | { state: 'failed'; failure: PushFailure };

/**
 * Subscribes this browser (permission prompt first; call it from a click) and saves the subscription
 * as the signed-in user's. A failure comes back with what to tell the person, never only to the console.
 */
export async function turnOnPushHere(): Promise<TurnOnResult> {
  let subscription: DeviceSubscription | null;
  try {
    subscription = await subscribeThisDevice();
  } catch (error) {
    logger.warn('Subscribing this browser to push failed', error);
    return { state: 'failed', failure: subscribeFailure(error) };
  }
  if (!subscription) return { state: 'refused' };
  try {
    await registerPushDevice(subscription, navigator.userAgent);
    return { state: 'on' };
  } catch (error) {
    logger.warn('Saving the push subscription failed', error);
    return { state: 'failed', failure: SAVE_SUBSCRIPTION_FAILURE };
  }
}

/** How long a sign-out waits for the server to forget this browser before it goes on without. */
const FORGET_WAIT_MS = 2_000;

/**
 * Before signing out: the server forgets this browser's subscription while the session can still
 * delete it. Best effort (offline it is skipped); the sign-out's wipe then ends the subscription at the
 * push service, so a row left behind answers 410 and is deleted on the next push.
 */
export async function forgetPushDeviceBeforeSignOut(): Promise<void> {
  if (pushAvailability() === 'unsupported' || !navigator.onLine) return;
  const subscription = await currentDeviceSubscription().catch(() => null);
  if (!subscription) return;
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, FORGET_WAIT_MS));
  await Promise.race([removePushDeviceByEndpoint(subscription.endpoint).catch((error: unknown) => logger.warn('Forgetting this device failed', error)), timeout]);
}

function wasDismissedRecently(now: number): boolean {
  try {
    const at = Number(localStorage.getItem(localKeys.pushPromptDismissedAt));
    return Number.isFinite(at) && at > 0 && now - at < DISMISSAL_MS;
  } catch {
    return false;
  }
}

function rememberDismissal(now: number): void {
  try {
    localStorage.setItem(localKeys.pushPromptDismissedAt, String(now));
  } catch {
    // storage disabled: the offer may come back next visit
  }
}

/**
 * Whether to offer notifications here: push works in this browser and is set up, the person has not
 * blocked it or said "Not now" lately, this browser is not subscribed yet, and it is online. The offer
 * never opens the browser's permission prompt by itself (docs/decisions/push-in-the-browser.md).
 */
export function usePushOptIn(): { canOffer: boolean; isTurningOn: boolean; failure: PushFailure | null; turnOn: () => void; dismiss: () => void } {
  const isOnline = useBrowserOnline();
  const [isSubscribed, setSubscribed] = useState<boolean | null>(null);
  const [isDismissed, setDismissed] = useState(() => wasDismissedRecently(Date.now()));
  const [isTurningOn, setTurningOn] = useState(false);
  const [failure, setFailure] = useState<PushFailure | null>(null);

  useEffect(() => {
    if (pushAvailability() !== 'available') return;
    let isCurrent = true;
    currentDeviceSubscription()
      .then((subscription) => isCurrent && setSubscribed(subscription !== null))
      .catch(() => isCurrent && setSubscribed(null));
    return () => {
      isCurrent = false;
    };
  }, []);

  const dismiss = useCallback(() => {
    rememberDismissal(Date.now());
    setDismissed(true);
  }, []);

  const turnOn = useCallback(() => {
    setTurningOn(true);
    setFailure(null);
    void turnOnPushHere().then((result) => {
      setTurningOn(false);
      if (result.state === 'on') {
        setSubscribed(true);
        toast.success('Notifications are on', 'You can choose which ones in your profile.');
      } else if (result.state === 'refused') {
        dismiss();
      } else {
        // Said in the offer itself, which stays with Turn on to try again and Not now.
        setFailure(result.failure);
      }
    });
  }, [dismiss]);

  const canOffer = isOnline && isSubscribed === false && !isDismissed && pushAvailability() === 'available';
  return { canOffer, isTurningOn, failure, turnOn, dismiss };
}
