// The installed app's icon badge (Badging API): the unread count, set by the open app as it changes
// and by the service worker when a push brings a new count (sw/push-notifications.ts).
type BadgingNavigator = Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

export function showUnreadOnAppBadge(count: number): void {
  const nav = globalThis.navigator as BadgingNavigator | undefined;
  // A hint only: browsers without badging, or that refuse it outside an installed app, change nothing.
  const done = count > 0 ? nav?.setAppBadge?.(count) : nav?.clearAppBadge?.();
  done?.catch(() => {});
}
