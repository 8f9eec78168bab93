/// <reference lib="webworker" />
// Web Push in the service worker (docs/decisions/push-in-the-browser.md): a push from send-push
// becomes a notification, unless a visible window already shows that chat; a click focuses a window
// (taking it to the chat) or opens one; the app badge carries the unread count the push brings.

/** What send-push puts in every push (supabase/functions/_shared/push-payload.ts builds it). */
export interface PushPayload {
  kind: 'message' | 'house_chat' | 'booking';
  title: string;
  body: string;
  icon: string | null;
  /** The app route to open: /messages?conversation=…, /messages?house=…, /dashboard */
  url: string;
  /** The chat's topic: a newer notification with the same tag replaces the older one. */
  tag: string;
  badge: number;
}

const kinds = new Set(['message', 'house_chat', 'booking']);

/** The payload, or null when it is not one of ours (a malformed push is dropped, not shown). */
export function parsePushPayload(text: string | null): PushPayload | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const p = value as Partial<Record<keyof PushPayload, unknown>> | null;
  if (!p || typeof p !== 'object') return null;
  if (typeof p.kind !== 'string' || !kinds.has(p.kind) || typeof p.title !== 'string' || typeof p.body !== 'string') return null;
  if (typeof p.url !== 'string' || !p.url.startsWith('/') || p.url.startsWith('//') || typeof p.tag !== 'string') return null;
  return {
    kind: p.kind as PushPayload['kind'],
    title: p.title,
    body: p.body,
    icon: typeof p.icon === 'string' && p.icon.length > 0 ? p.icon : null,
    url: p.url,
    tag: p.tag,
    badge: typeof p.badge === 'number' && Number.isFinite(p.badge) && p.badge >= 0 ? Math.floor(p.badge) : 0,
  };
}

/** Whether a window at `windowUrl` shows the chat `targetPath` points at (same route, same person or house). */
export function showsSameChat(windowUrl: string, targetPath: string, origin: string): boolean {
  const shown = new URL(windowUrl, origin);
  const target = new URL(targetPath, origin);
  if (shown.origin !== origin || shown.pathname !== '/messages' || target.pathname !== '/messages') return false;
  const chatOf = (url: URL) => url.searchParams.get('house') ?? url.searchParams.get('conversation');
  const chat = chatOf(target);
  return chat !== null && chatOf(shown)?.toLowerCase() === chat.toLowerCase();
}

type WindowLike = Pick<WindowClient, 'url' | 'visibilityState' | 'focused'>;

/** A push for a chat that a visible window is showing needs no notification: the person is reading it. */
export function isChatOnScreen(windows: readonly WindowLike[], payload: PushPayload, origin: string): boolean {
  return payload.kind !== 'booking' && windows.some((window) => window.visibilityState === 'visible' && showsSameChat(window.url, payload.url, origin));
}

/** Which window a click uses: one already showing the target, else the focused one, else any; null opens a new one. */
export function windowForClick<W extends WindowLike>(windows: readonly W[], targetPath: string, origin: string): W | null {
  const target = new URL(targetPath, origin);
  const onTarget = windows.find((window) => {
    const url = new URL(window.url, origin);
    return url.pathname === target.pathname && url.search === target.search;
  });
  return onTarget ?? windows.find((window) => window.focused) ?? windows[0] ?? null;
}

async function setBadge(count: number): Promise<void> {
  const nav = self.navigator as Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  try {
    if (count > 0) await nav.setAppBadge?.(count);
    else await nav.clearAppBadge?.();
  } catch {
    // Badging is a hint: not every platform allows it (installed apps only on some).
  }
}

/** A synthetic event (tests dispatch one: no browser lets a script click a notification) cannot extend the worker's life. */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>): void {
  if (event.isTrusted) event.waitUntil(work);
}

export function registerPushHandlers(worker: ServiceWorkerGlobalScope): void {
  const origin = worker.location.origin;

  worker.addEventListener('push', (event) => {
    const payload = parsePushPayload(event.data?.text() ?? null);
    if (!payload) return;
    keepAlive(
      event,
      (async () => {
        await setBadge(payload.badge);
        const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
        if (isChatOnScreen(windows, payload, origin)) return;
        await worker.registration.showNotification(payload.title, {
          body: payload.body,
          icon: payload.icon ?? '/icons/icon-192.png',
          badge: '/icons/badge-72.png',
          tag: payload.tag,
          // A newer message in the same chat replaces the notification and alerts again.
          renotify: true,
          data: { url: payload.url },
        } as NotificationOptions);
      })(),
    );
  });

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const target = typeof data?.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/';
    keepAlive(
      event,
      (async () => {
        const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const window = windowForClick(windows, target, origin);
        if (!window) {
          await worker.clients.openWindow(target);
          return;
        }
        const url = new URL(window.url, origin);
        const onTarget = window.url && url.pathname + url.search === target;
        const focused = await window.focus().catch(() => window);
        if (!onTarget) await (focused ?? window).navigate(target).catch(() => worker.clients.openWindow(target));
      })(),
    );
  });
}
