/// <reference lib="webworker" />
// Background Sync in the service worker: when the browser fires the outbox tag (registered by the page
// while offline, src/pwa/background-sync.ts), the same DOM-free push the page runs sends the queued
// writes, even if no page is open. The decisions are documented in src/sync/background-push.ts.
import { OUTBOX_SYNC_TAG } from '../src/pwa/background-sync.ts';
import type { BackgroundPushOutcome } from '../src/sync/background-push.ts';

// The Background Sync event is not in TypeScript's WebWorker lib.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

export class BackgroundSyncIncompleteError extends Error {
  constructor() {
    super('Queued writes are still waiting for the network; the browser will retry the sync');
    this.name = 'BackgroundSyncIncompleteError';
  }
}

/**
 * Answers the outbox sync. Rejects only when writes are still queued after a network or server
 * failure, which makes the browser retry later; an expired or refused token, no signed-in user or an
 * empty queue resolve (the page sends anything left when next opened).
 */
export function registerBackgroundSync(scope: ServiceWorkerGlobalScope, push: () => Promise<BackgroundPushOutcome>): void {
  // Sync events that overlap (the browser's and a retry) run one after the other, not side by side.
  let previous: Promise<unknown> = Promise.resolve();
  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    const run = previous.then(() => push());
    previous = run.catch(() => undefined);
    sync.waitUntil(
      run.then((outcome) => {
        if (outcome === 'incomplete') throw new BackgroundSyncIncompleteError();
      }),
    );
  });
}
