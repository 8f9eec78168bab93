import { lazy } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { useLocalFirstSession } from '../hooks/use-local-first-session.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { registerUserDataWiper } from '../sync/user-data-wipers.ts';
import { ClientSuspense } from '../ui/client-suspense/client-suspense.tsx';
import { LinkNavigationContext } from '../ui/link/link-navigation.tsx';
import { AppRoutes } from './routes.tsx';
import { SessionBridge } from './session-bridge.tsx';
import { Shell } from './layouts/shell.tsx';

// The toast region loads after first paint; toasts queued before it mounts still show.
const ToastRegion = lazy(() => import('../ui/toast/toast-region.tsx').then((module) => ({ default: module.ToastRegion })));
// Registers the service worker and offers "New version available · Reload".
const UpdatePrompt = lazy(() => import('./layouts/update-prompt.tsx').then((module) => ({ default: module.UpdatePrompt })));
// Tells the user what a queued write did when it went through (a profile field kept from another device).
const SyncNotices = lazy(() => import('./layouts/sync-notices.tsx').then((module) => ({ default: module.SyncNotices })));

// When a user leaves this browser, their profile-photo cache and web-storage keys go with their
// database (docs/decisions/sign-out-wipes-device-data.md); loaded only when that happens.
registerUserDataWiper((context) => import('./device-wipe.ts').then((module) => module.wipePrivateBrowserData(context)));

/**
 * Composition root: links (ours and RAC's `href` items) navigate through wouter; en-US dates
 * everywhere (docs/product.md §9).
 */
export function App() {
  const [, navigate] = useLocation();
  const status = useSessionStore((s) => s.status);
  const userId = useSessionStore((s) => s.userId);
  // The local database (and, signed in, the sync engine) for this session; loads after first paint.
  useLocalFirstSession(status, userId);
  const navigateTo = (href: string) => navigate(href);
  return (
    <I18nProvider locale="en-US">
      <RouterProvider navigate={navigateTo}>
        <LinkNavigationContext value={navigateTo}>
          <SessionBridge />
          <Shell>
            <AppRoutes />
          </Shell>
          {/* Browser-only: not part of a prerendered page (docs/decisions/prerendered-public-pages.md). */}
          <ClientSuspense fallback={null}>
            <ToastRegion />
            <UpdatePrompt />
            {userId ? <SyncNotices /> : null}
          </ClientSuspense>
        </LinkNavigationContext>
      </RouterProvider>
    </I18nProvider>
  );
}
