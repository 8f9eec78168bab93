// The page's half of Background Sync (the SW's half: sw/background-sync.ts → src/sync/background-push.ts),
// loaded by useBackgroundSync after first paint and only where the browser has the API. It (1) mirrors
// the access token the SW may push with into IndexedDB on every auth change, and clears it at sign-out,
// and (2) registers the one-off sync whenever writes are pending while the engine is offline (an
// `offline` event, or a push that failed for the network). Elsewhere nothing changes: the page pushes
// on open and on `online` as before.
import { logger } from '../lib/logger.ts';
import { requestBackgroundSync } from '../pwa/background-sync.ts';
import { subscribeToAccessToken } from '../remote/access-token.ts';
import { getActiveEngine, subscribeActiveEngine } from '../sync/active-engine.ts';
import type { SyncStatus } from '../sync/status.ts';

interface StatusSource {
  status: { get(): SyncStatus; subscribe(listener: () => void): () => void };
}

export interface BackgroundSyncWatchOptions {
  getEngine(): StatusSource | null;
  subscribeEngine(listener: () => void): () => void;
  request(): void;
}

/** Writes wait for the network: the moment the browser should be asked to wake the SW when it returns. */
export function isWaitingForNetwork(status: SyncStatus): boolean {
  return status.pendingCount > 0 && !status.isOnline;
}

/**
 * Calls `request` when the session's engine starts waiting for the network with writes pending, and
 * again when more writes queue meanwhile (registering the same tag twice keeps one sync). Returns the
 * unsubscribe.
 */
export function watchForBackgroundSync(options: BackgroundSyncWatchOptions): () => void {
  let unwatchStatus = () => {};
  const watchEngine = () => {
    unwatchStatus();
    unwatchStatus = () => {};
    const engine = options.getEngine();
    if (!engine) return;
    let wasWaiting = false;
    let lastPending = 0;
    const check = () => {
      const status = engine.status.get();
      const isWaiting = isWaitingForNetwork(status);
      if (isWaiting && (!wasWaiting || status.pendingCount > lastPending)) options.request();
      wasWaiting = isWaiting;
      lastPending = status.pendingCount;
    };
    unwatchStatus = engine.status.subscribe(check);
    check();
  };
  const unwatchEngine = options.subscribeEngine(watchEngine);
  watchEngine();
  return () => {
    unwatchEngine();
    unwatchStatus();
  };
}

/** Keeps the SW's copy of the session (src/db/sw-session.ts) in step with the page's; writes in order. */
function mirrorSessionForServiceWorker(): () => void {
  let writes: Promise<void> = Promise.resolve();
  let store: Promise<typeof import('../db/sw-session.ts')> | null = null;
  return subscribeToAccessToken((token) => {
    store ??= import('../db/sw-session.ts');
    const loaded = store;
    writes = writes
      .then(() => loaded)
      .then((module) => (token ? module.saveServiceWorkerSession(token) : module.clearServiceWorkerSession()))
      .catch((error: unknown) => logger.warn('The session could not be shared with the service worker', error));
  });
}

/** Starts both halves; returns the stop. Loaded after first paint, only where the browser has Background Sync. */
export function startBackgroundSync(): () => void {
  const unmirror = mirrorSessionForServiceWorker();
  const unwatch = watchForBackgroundSync({
    getEngine: getActiveEngine,
    subscribeEngine: subscribeActiveEngine,
    request: () => void requestBackgroundSync(),
  });
  return () => {
    unmirror();
    unwatch();
  };
}
