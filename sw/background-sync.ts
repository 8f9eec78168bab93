/// <reference lib="webworker" />
// Background Sync in the service worker: when the browser fires the outbox tag (registered by the page
// while offline, src/pwa/background-sync.ts), the same DOM-free push the page runs sends the queued
// writes, even if no page is open. The decisions are documented in src/sync/background-push.ts; the
// push's code is a script of its own (background-push-script.ts), evaluated only when it is needed.
import { OUTBOX_SYNC_TAG } from '../src/pwa/background-sync.ts';
import type { BackgroundPushOutcome } from '../src/sync/background-push.ts';

/** Where background-push-script.ts leaves the push on the worker's global scope. */
export const BACKGROUND_PUSH_GLOBAL = 'nomadnestBackgroundPush';

/** One run of the push; `signal` aborts when a new version of the worker takes over. */
export type BackgroundPush = (signal: AbortSignal) => Promise<BackgroundPushOutcome>;

/** The parts of a classic service worker's global scope the lazy push uses. */
export interface BackgroundPushScope {
  importScripts(...urls: string[]): void;
  addEventListener(type: 'install', listener: () => void): void;
  [BACKGROUND_PUSH_GLOBAL]?: BackgroundPush;
}

/**
 * The push (Dexie, the sync engine, postgrest-js: most of the worker's code) loaded only when a sync
 * fires, so a worker started for a fetch never parses it. An ES-module worker cannot `import()`, and a
 * classic one may fetch new scripts only while installing: later `importScripts` answers only with
 * scripts stored then (the script resource map). So `install` imports the script once, which stores it
 * with this version of the worker (evaluating it only defines the push), and a sync in a worker started
 * without it imports it again from that store, offline too.
 */
export function lazyBackgroundPush(scope: BackgroundPushScope, scriptUrl: string): BackgroundPush {
  // Without Background Sync (Firefox, Safari) no sync ever fires: the install skips the download.
  if ('SyncManager' in scope) scope.addEventListener('install', () => scope.importScripts(scriptUrl));
  return async (signal) => {
    if (!scope[BACKGROUND_PUSH_GLOBAL]) scope.importScripts(scriptUrl);
    const push = scope[BACKGROUND_PUSH_GLOBAL];
    if (!push) throw new Error(`${scriptUrl} did not define ${BACKGROUND_PUSH_GLOBAL}`);
    return push(signal);
  };
}

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

/** What the page or the new version of the worker posts to the active worker to stop its push at once. */
export const STOP_BACKGROUND_PUSH_MESSAGE = 'STOP_BACKGROUND_PUSH';

/** Outcomes that leave writes for a browser retry of the sync (or the page, or the next worker). */
const retriedOutcomes: ReadonlySet<BackgroundPushOutcome> = new Set(['incomplete', 'stopped']);

export interface BackgroundSyncHandle {
  /**
   * Stops the push for good in this worker (a new version is taking over): a running push ends at once
   * and later sync events start none, so the sync event ends and the new worker can activate. The writes
   * stay queued in IndexedDB (docs/decisions/update-with-queued-writes.md).
   */
  stop(): void;
}

/**
 * Answers the outbox sync. Rejects when writes are still queued after a network or server failure, wait
 * out a backoff or were left for a new version, which makes the browser retry later; an expired or
 * refused token, no signed-in user or an empty queue resolve (the page sends anything left when next opened).
 */
export function registerBackgroundSync(scope: ServiceWorkerGlobalScope, push: BackgroundPush): BackgroundSyncHandle {
  const update = new AbortController();
  // Sync events that overlap (the browser's and a retry) run one after the other, not side by side.
  let previous: Promise<unknown> = Promise.resolve();
  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    const run = previous.then(() => push(update.signal));
    previous = run.catch(() => undefined);
    sync.waitUntil(
      run.then((outcome) => {
        if (retriedOutcomes.has(outcome)) throw new BackgroundSyncIncompleteError();
      }),
    );
  });
  return { stop: () => update.abort() };
}
