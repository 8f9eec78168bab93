import { useEffect } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { startLocalFirstSession, useLocalFirstSession } from '../hooks/use-local-first-session.ts';
import { usePerformanceMark } from '../hooks/use-screen-ready.ts';
import { markBoot } from '../lib/boot-marks.ts';
import { keepSnapshotOnlyFor, revealUnlessOn } from '../pwa/screen-snapshot.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { registerUserDataWiper } from '../sync/user-data-wipers.ts';
import { LinkNavigationContext } from '../ui/link/link-navigation.tsx';
import { AppRoutes } from './routes.tsx';
import { restoreKeptSession, SessionBridge } from './session-bridge.tsx';
import { LoadWhenIdle } from '../ui/load-when-idle/load-when-idle.tsx';
import { Shell } from './layouts/shell.tsx';

markBoot('entry');

// These load once the first screen is up (LoadWhenIdle); toasts queued before the region mounts still show.
const loadToastRegion = () => import('../ui/toast/toast-region.tsx').then((module) => module.ToastRegion);
// Registers the service worker and offers "New version available · Reload".
const loadUpdatePrompt = () => import('./layouts/update-prompt.tsx').then((module) => module.UpdatePrompt);
// Tells the user what a queued write did when it went through (a profile field kept from another device).
const loadSyncNotices = () => import('./layouts/sync-notices.tsx').then((module) => module.SyncNotices);

// When a user leaves this browser, their profile-photo cache and web-storage keys go with their
// database (docs/decisions/sign-out-wipes-device-data.md); loaded only when that happens.
registerUserDataWiper((context) => import('./device-wipe.ts').then((module) => module.wipePrivateBrowserData(context)));

restoreKeptSession();
// The service worker may have painted this screen as last seen (docs/decisions/screen-snapshots.md): only
// if it is this session's user's.
keepSnapshotOnlyFor(useSessionStore.getState().userId);
// A kept session's database opens now, while React renders the first screen, not after it. A signed-out
// visitor's opens from SessionData's effect: the landing needs none, and hydrating the page comes first.
if (useSessionStore.getState().status === 'signed-in') startLocalFirstSession('signed-in', useSessionStore.getState().userId);

/**
 * The local database (and, signed in, the sync engine) for this session, and the notices of its queued
 * writes. A component of its own so a session change re-renders it, not App: an update reaching a
 * prerendered route before it has hydrated makes React throw its HTML away for the fallback (a layout shift).
 */
function SessionData() {
  const status = useSessionStore((s) => s.status);
  const userId = useSessionStore((s) => s.userId);
  // Loads after first paint.
  useLocalFirstSession(status, userId);
  return userId ? <LoadWhenIdle load={loadSyncNotices} /> : null;
}

/**
 * Composition root: links (ours and RAC's `href` items) navigate through wouter; en-US dates
 * everywhere (docs/product.md §9).
 */
export function App() {
  const [location, navigate] = useLocation();
  useEffect(() => revealUnlessOn(location), [location]);
  usePerformanceMark('boot:first-render', true);
  const navigateTo = (href: string) => navigate(href);
  return (
    <I18nProvider locale="en-US">
      <RouterProvider navigate={navigateTo}>
        <LinkNavigationContext value={navigateTo}>
          <SessionBridge />
          <Shell>
            <AppRoutes />
          </Shell>
          {/* Browser-only: null in a prerendered page (docs/decisions/prerendered-public-pages.md). */}
          <LoadWhenIdle load={loadToastRegion} />
          <LoadWhenIdle load={loadUpdatePrompt} />
          <SessionData />
        </LinkNavigationContext>
      </RouterProvider>
    </I18nProvider>
  );
}
