// This browser's Web Push subscription (Push API): whether it can have one, asking for it with the
// project's VAPID key, and giving it up. The server's copy (push_subscriptions) is kept by
// src/remote/push-notifications.ts; docs/decisions/push-notifications.md has the whole design.
import { env } from '../config/env.ts';

/** What the server needs to encrypt to this browser (RFC 8291): the endpoint and the two keys, base64url. */
export interface DeviceSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushAvailability = 'unsupported' | 'not-configured' | 'denied' | 'available';

/** Push needs a service worker, the Push API, notifications and a VAPID key in the build. */
export function pushAvailability(): PushAvailability {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  if (!env.vapidPublicKey) return 'not-configured';
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

function base64UrlToBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function toDeviceSubscription(subscription: PushSubscription): DeviceSubscription {
  const keys = subscription.toJSON().keys ?? {};
  if (!keys.p256dh || !keys.auth) throw new Error('The push subscription has no encryption keys.');
  return { endpoint: subscription.endpoint, p256dh: keys.p256dh, auth: keys.auth };
}

async function pushManager(): Promise<PushManager | null> {
  if (pushAvailability() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration?.pushManager ?? null;
}

/** This browser's current subscription, if it has one. */
export async function currentDeviceSubscription(): Promise<DeviceSubscription | null> {
  const manager = await pushManager();
  const subscription = await manager?.getSubscription();
  return subscription ? toDeviceSubscription(subscription) : null;
}

/**
 * Asks for permission (call it from a click: browsers refuse a prompt without one) and subscribes with
 * the project's VAPID key. Null when the person says no or the browser cannot.
 */
export async function subscribeThisDevice(): Promise<DeviceSubscription | null> {
  if (pushAvailability() !== 'available' || !env.vapidPublicKey) return null;
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  // A subscription made with another key (a redeployed project) cannot be used by this server.
  const serverKey = base64UrlToBytes(env.vapidPublicKey);
  const existingKey = existing?.options.applicationServerKey;
  if (existing && existingKey && sameBytes(new Uint8Array(existingKey), serverKey)) return toDeviceSubscription(existing);
  await existing?.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
  return toDeviceSubscription(subscription);
}

/** What went wrong turning notifications on, and what the person can do about it. */
export interface PushFailure {
  title: string;
  description: string;
}

/**
 * Why PushManager.subscribe refused, in the person's terms: blocked for the site (NotAllowedError, also
 * what some browsers throw when push is switched off in their settings), or no push service answered
 * (AbortError "push service error", a browser without one, a blocked network).
 */
export function subscribeFailure(error: unknown): PushFailure {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError') {
    return {
      title: 'Notifications are blocked',
      description: "Allow notifications for this site in your browser's settings, then try again.",
    };
  }
  return {
    title: "This browser couldn't turn on notifications",
    description: "Its push service didn't answer. Check that notifications are allowed in your browser's settings and that you're online, then try again.",
  };
}

/** The server could not save this browser's subscription (offline, a refused request). */
export const SAVE_SUBSCRIPTION_FAILURE: PushFailure = {
  title: "Couldn't turn on notifications",
  description: 'Please try again in a moment.',
};

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/**
 * Ends this browser's subscription at the push service: its endpoint then answers 410 and the server
 * deletes its row on the next push. Works signed out, which is when a sign-out's wipe runs.
 */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const manager = await pushManager();
  const subscription = await manager?.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
