// Browser (page or service worker) adapters for the engine's ports. Every global is feature-tested,
// so the same code runs where `document` or `navigator.locks` is missing.
import { createLocalLocks, type Locks, type Triggers } from './ports.ts';

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

interface EventSourceLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** `navigator.locks` (one pusher across tabs and the service worker), else a per-realm mutex. */
export function platformLocks(): Locks {
  const manager = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  if (!manager) return createLocalLocks();
  return { request: (name, task) => manager.request(name, task) };
}

function listen(target: EventSourceLike | undefined, type: string, listener: () => void): () => void {
  if (!target) return () => {};
  target.addEventListener(type, listener);
  return () => target.removeEventListener(type, listener);
}

/** online/offline events and "became visible" from the page; never used to gate a push, only to trigger one. */
export function platformTriggers(): Triggers {
  const scope = globalThis as unknown as EventSourceLike;
  const doc = (globalThis as { document?: EventSourceLike & { visibilityState?: string } }).document;
  return {
    isOnline: () => (globalThis.navigator as { onLine?: boolean } | undefined)?.onLine ?? true,
    onOnline: (listener) => listen(scope, 'online', listener),
    onOffline: (listener) => listen(scope, 'offline', listener),
    onVisible: (listener) =>
      listen(doc, 'visibilitychange', () => {
        if (doc?.visibilityState === 'visible') listener();
      }),
  };
}
