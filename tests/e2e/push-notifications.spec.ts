// Push notifications (docs/decisions/push-notifications.md): a guest turns notifications on after writing
// to a host, closes the app; the host replies; the stand-in's push double holds one encrypted push for the
// guest's subscription (it refuses any without a valid VAPID signature); delivered to the service worker
// it shows a notification with the host's name and the text; a newer reply in the chat replaces it; a
// click opens the chat; with the chat on screen nothing is shown.
//
// Chromium's real push service (FCM) is out of reach, so the page's PushManager is pointed at the double
// (the same Push API shape: endpoint, keys, unsubscribe), and received pushes are handed to the service
// worker with the DevTools protocol's ServiceWorker.deliverPushMessage, as a browser's push service would.
import { expect, test, type BrowserContext, type Worker } from '@playwright/test';
import { api, json } from './support/backend-api.ts';
import { backendStatus } from './support/backend.ts';
import { insertMessage, maya, newGuest, unique } from './support/own-data.ts';
import { signInThroughRedirect } from './support/sign-in-redirect.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

const mayaName = 'Maya Santoso';
const tiago = { email: 'tiago.host@nomadnest.test', id: 'a0000000-0000-4000-8000-000000000002' } as const;

interface DoublePush {
  id: string;
  subscriptionId: string;
  topic: string | null;
  urgency: string;
  vapidSubject: string;
  text: string | null;
  deliveredAt: string | null;
}

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  url: string | null;
}

/** Before any page script: PushManager subscribes at the push double and remembers the subscription. */
function usePushDouble(doubleUrl: string) {
  const storageKey = 'e2e-push-double-subscription';
  const toBase64Url = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
  type Saved = { endpoint: string; keys: { p256dh: string; auth: string }; applicationServerKey: string };
  const asSubscription = (saved: Saved) => ({
    endpoint: saved.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: fromBase64Url(saved.applicationServerKey) },
    getKey: (name: 'p256dh' | 'auth') => fromBase64Url(saved.keys[name]),
    toJSON: () => ({ endpoint: saved.endpoint, expirationTime: null, keys: saved.keys }),
    unsubscribe: async () => {
      await fetch(`${doubleUrl}/v1/subscriptions/${saved.endpoint.split('/').pop()}`, { method: 'DELETE' });
      localStorage.removeItem(storageKey);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    const applicationServerKey = toBase64Url(key instanceof ArrayBuffer ? key : (key as Uint8Array).slice().buffer);
    const response = await fetch(`${doubleUrl}/v1/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ applicationServerKey }) });
    const saved = { ...((await response.json()) as Omit<Saved, 'applicationServerKey'>), applicationServerKey };
    localStorage.setItem(storageKey, JSON.stringify(saved));
    return asSubscription(saved) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    const saved = localStorage.getItem(storageKey);
    return saved ? (asSubscription(JSON.parse(saved) as Saved) as unknown as PushSubscription) : null;
  };
}

const doubleUrl = () => `${backendStatus().api_url}/push`;

async function pushesFor(subscriptionId: string): Promise<DoublePush[]> {
  const response = await fetch(`${doubleUrl()}/v1/messages?subscription=${subscriptionId}`);
  return (await response.json()) as DoublePush[];
}

/** The pushes the double holds for the subscription and no service worker has had yet. */
async function waitingPushes(subscriptionId: string): Promise<DoublePush[]> {
  return (await pushesFor(subscriptionId)).filter((push) => push.deliveredAt === null);
}

/** Hands a push to the origin's service worker, as the browser's push service would. */
async function deliver(context: BrowserContext, origin: string, push: DoublePush): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: push.text ?? '' });
  await cdp.detach();
  await fetch(`${doubleUrl()}/v1/messages/${push.id}/delivered`, { method: 'POST', headers: { 'content-type': 'application/json' } });
}

async function serviceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? context.waitForEvent('serviceworker');
}

async function shownNotifications(context: BrowserContext): Promise<ShownNotification[]> {
  const worker = await serviceWorker(context);
  return worker.evaluate(async () => {
    const sw = self as unknown as ServiceWorkerGlobalScope;
    const notifications = await sw.registration.getNotifications();
    return notifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url?: string } | null)?.url ?? null }));
  });
}

async function closeNotifications(context: BrowserContext): Promise<void> {
  const worker = await serviceWorker(context);
  await worker.evaluate(async () => {
    for (const n of await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()) n.close();
  });
}

/** Browsers let no script click a notification; the test dispatches the click the worker would get. */
async function clickNotification(context: BrowserContext, tag: string): Promise<void> {
  const worker = await serviceWorker(context);
  await worker.evaluate(async (wanted) => {
    const sw = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await sw.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`No notification with tag ${wanted}`);
    sw.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  }, tag);
}

async function hostReplies(guestId: string, text: string): Promise<void> {
  await insertMessage(maya.email, { receiver_id: guestId, conversation_type: 'host_guest', text });
}

test('a guest gets the host reply as a notification with the app closed, replaced by the next, opened by a click', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const guest = await newGuest('Pia Push');
  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin });
  await context.addInitScript(usePushDouble, doubleUrl());

  // The guest writes to the host: now they wait for an answer, so the chat offers notifications.
  const page = await context.newPage();
  await signInThroughRedirect(page, guest, `/messages?conversation=${maya.id}`);
  // Push needs the installed service worker (its precache takes a while on a first visit).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.getByRole('textbox', { name: 'Message' }).fill('Hi Maya, is the garden room free in March?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const offer = page.getByRole('region', { name: `Get notified when ${mayaName} replies` });
  await expect(offer).toBeVisible();
  await screenshotBothWidths(page, 'push-offer-chat');
  await offer.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Notifications are on')).toBeVisible();
  await expect(offer).toBeHidden();

  // The server holds this browser's subscription as the guest's.
  const [subscription] = await json<{ endpoint: string; user_id: string }[]>(
    await api(`/rest/v1/push_subscriptions?user_id=eq.${guest.id}&select=endpoint,user_id`, { useServiceKey: true }),
  );
  expect(subscription?.endpoint).toContain('/push/v1/send/');
  const subscriptionId = subscription!.endpoint.split('/').pop()!;

  // The profile lists this browser and keeps the kinds on the server.
  await page.goto('/profile');
  const settings = page.getByRole('region', { name: 'Notifications' });
  await expect(settings.getByText('for this device')).toBeVisible();
  await expect(settings.getByRole('list', { name: 'Devices that get notifications' }).getByRole('listitem')).toHaveText([/This device/]);
  await settings.getByRole('switch', { name: 'House chat' }).click();
  await expect
    .poll(async () => (await json<{ house_chat: boolean }[]>(await api(`/rest/v1/notification_preferences?user_id=eq.${guest.id}&select=house_chat`, { useServiceKey: true })))[0]?.house_chat)
    .toBe(false);
  await settings.scrollIntoViewIfNeeded();
  await screenshotBothWidths(page, 'push-profile-settings');

  // The app is closed: no window of the origin is left.
  const blank = await context.newPage();
  await page.close();

  const firstReply = unique('Yes, it is free from March 3');
  await hostReplies(guest.id, firstReply);
  await expect.poll(async () => (await waitingPushes(subscriptionId)).length, { timeout: 15_000 }).toBe(1);
  const [push] = await waitingPushes(subscriptionId);
  // The double accepted it, so its VAPID signature was valid for the project's key; it decrypted it.
  expect(push!.vapidSubject).toMatch(/^mailto:|^https:/);
  expect(push!.urgency).toBe('high');
  expect(push!.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  expect(JSON.parse(push!.text!)).toMatchObject({ kind: 'message', title: mayaName, body: firstReply, url: `/messages?conversation=${maya.id}` });

  await deliver(context, origin, push!);
  await expect.poll(() => shownNotifications(context), { timeout: 10_000 }).toEqual([{ title: mayaName, body: firstReply, tag: push!.topic, url: `/messages?conversation=${maya.id}` }]);

  // Two more replies before the phone is back: the push service keeps only the newest of the chat's
  // topic, and its notification replaces the one on screen.
  const secondReply = unique('Second thoughts');
  const thirdReply = unique('Actually, from March 1');
  await hostReplies(guest.id, secondReply);
  await expect.poll(async () => (await waitingPushes(subscriptionId)).map((p) => JSON.parse(p.text!).body), { timeout: 15_000 }).toEqual([secondReply]);
  await hostReplies(guest.id, thirdReply);
  await expect.poll(async () => (await waitingPushes(subscriptionId)).map((p) => JSON.parse(p.text!).body), { timeout: 15_000 }).toEqual([thirdReply]);
  await deliver(context, origin, (await waitingPushes(subscriptionId))[0]!);
  await expect.poll(async () => (await shownNotifications(context)).map((n) => n.body), { timeout: 10_000 }).toEqual([thirdReply]);

  // A click opens the app on that chat (a window on another screen is taken there).
  const app = await context.newPage();
  await app.goto('/dashboard');
  await expect(app.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  await blank.close();
  await clickNotification(context, push!.topic!);
  await expect(app).toHaveURL(new RegExp(`/messages\\?conversation=${maya.id}$`));
  await expect(app.getByRole('log', { name: 'Messages' }).getByText(thirdReply)).toBeVisible();
  await expect.poll(() => shownNotifications(context)).toEqual([]);

  // With the chat on screen a reply shows no notification. A reply in another conversation, delivered
  // right after, does: once it is shown, the chat's push has been handled.
  const onScreenReply = unique('Seen it live');
  await hostReplies(guest.id, onScreenReply);
  await expect(app.getByRole('log', { name: 'Messages' }).getByText(onScreenReply)).toBeVisible();
  await expect.poll(async () => (await waitingPushes(subscriptionId)).length, { timeout: 15_000 }).toBe(1);
  await deliver(context, origin, (await waitingPushes(subscriptionId))[0]!);
  await insertMessage(guest.email, { receiver_id: tiago.id, conversation_type: 'host_guest', text: 'Hi Tiago, is the rooftop free in April?' });
  const otherText = unique('Yes, from April 2');
  await insertMessage(tiago.email, { receiver_id: guest.id, conversation_type: 'host_guest', text: otherText });
  await expect.poll(async () => (await waitingPushes(subscriptionId)).length, { timeout: 15_000 }).toBe(1);
  await deliver(context, origin, (await waitingPushes(subscriptionId))[0]!);
  await expect.poll(async () => (await shownNotifications(context)).map((n) => n.body), { timeout: 10_000 }).toEqual([otherText]);
  await closeNotifications(context);

  // Signing out: the server forgets this browser, and its subscription ends at the push service.
  await app.setViewportSize({ width: 1280, height: 800 });
  await app.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(app).toHaveURL(`${origin}/`);
  await expect.poll(async () => (await json<unknown[]>(await api(`/rest/v1/push_subscriptions?user_id=eq.${guest.id}&select=id`, { useServiceKey: true }))).length).toBe(0);
  await expect.poll(() => app.evaluate(() => localStorage.getItem('e2e-push-double-subscription'))).toBeNull();
  await context.close();
});
