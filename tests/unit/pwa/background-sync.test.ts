// Background Sync's page-side trigger (when to ask the browser for a sync) and the SW's event handler
// (which tag it answers, when it asks the browser to retry). The push itself is tested against the
// stand-in in tests/integration/sync/background-push.test.ts.
import { describe, expect, it, vi } from 'vitest';
import { watchForBackgroundSync } from '../../../src/hooks/background-sync-page.ts';
import { hasBackgroundSync, OUTBOX_SYNC_TAG, requestBackgroundSync } from '../../../src/pwa/background-sync.ts';
import type { BackgroundPushOutcome } from '../../../src/sync/background-push.ts';
import { createStatusStore, initialSyncStatus } from '../../../src/sync/status.ts';
import { BackgroundSyncIncompleteError, registerBackgroundSync } from '../../../sw/background-sync.ts';

function engineSource() {
  let engine: { status: ReturnType<typeof createStatusStore> } | null = null;
  const listeners = new Set<() => void>();
  return {
    getEngine: () => engine,
    subscribeEngine(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setEngine(next: typeof engine) {
      engine = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('page: when to register the outbox sync', () => {
  it('asks when writes are pending while offline, again when more queue, not while online', () => {
    const source = engineSource();
    const request = vi.fn();
    const unwatch = watchForBackgroundSync({ ...source, request });
    const status = createStatusStore(initialSyncStatus);
    source.setEngine({ status });
    expect(request).not.toHaveBeenCalled();

    status.set({ pendingCount: 1 }); // online: the page pushes by itself
    expect(request).not.toHaveBeenCalled();
    status.set({ isOnline: false }); // the push failed for the network
    expect(request).toHaveBeenCalledTimes(1);
    status.set({ isPushing: true });
    status.set({ isPushing: false });
    expect(request).toHaveBeenCalledTimes(1);
    status.set({ pendingCount: 2 }); // another message written offline
    expect(request).toHaveBeenCalledTimes(2);
    status.set({ pendingCount: 1 });
    expect(request).toHaveBeenCalledTimes(2);
    status.set({ isOnline: true, pendingCount: 0 });
    status.set({ isOnline: false });
    expect(request).toHaveBeenCalledTimes(2);

    // A session opened offline with writes left from before asks at once; sign-out stops watching.
    const reopened = createStatusStore({ ...initialSyncStatus, isOnline: false, pendingCount: 3 });
    source.setEngine({ status: reopened });
    expect(request).toHaveBeenCalledTimes(3);
    source.setEngine(null);
    status.set({ pendingCount: 5 });
    reopened.set({ pendingCount: 5 });
    expect(request).toHaveBeenCalledTimes(3);
    unwatch();
  });

  it('without the Background Sync API (Node here, Firefox, Safari) registers nothing', async () => {
    expect(hasBackgroundSync()).toBe(false);
    expect(await requestBackgroundSync()).toBe(false);
  });
});

describe('service worker: the sync event', () => {
  function fakeScope() {
    let listener: ((event: Event) => void) | null = null;
    const scope = {
      addEventListener(type: string, handler: (event: Event) => void) {
        if (type === 'sync') listener = handler;
      },
    } as unknown as ServiceWorkerGlobalScope;
    const fire = (tag: string) => {
      let waited: Promise<unknown> | null = null;
      listener?.({ tag, lastChance: false, waitUntil: (promise: Promise<unknown>) => (waited = promise) } as unknown as Event);
      return waited as Promise<unknown> | null;
    };
    return { scope, fire };
  }

  it.each<[BackgroundPushOutcome, boolean]>([
    ['sent', false],
    ['nothing-queued', false],
    ['no-session', false],
    ['token-expired', false],
    ['rejected', false],
    ['database-unavailable', false],
    ['incomplete', true],
    ['stopped', true],
  ])('after "%s" asks the browser to retry: %s', async (outcome, isRetried) => {
    const { scope, fire } = fakeScope();
    const push = vi.fn(() => Promise.resolve(outcome));
    registerBackgroundSync(scope, push);
    const waited = fire(OUTBOX_SYNC_TAG);
    expect(waited).not.toBeNull();
    if (isRetried) await expect(waited).rejects.toBeInstanceOf(BackgroundSyncIncompleteError);
    else await expect(waited).resolves.toBeUndefined();
    expect(push).toHaveBeenCalledTimes(1);
  });

  it('runs overlapping sync events one after the other', async () => {
    const { scope, fire } = fakeScope();
    let running = 0;
    let maxRunning = 0;
    const push = vi.fn(async (): Promise<BackgroundPushOutcome> => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running -= 1;
      return 'incomplete';
    });
    registerBackgroundSync(scope, push);
    const first = fire(OUTBOX_SYNC_TAG);
    const second = fire(OUTBOX_SYNC_TAG);
    await expect(first).rejects.toBeInstanceOf(BackgroundSyncIncompleteError);
    await expect(second).rejects.toBeInstanceOf(BackgroundSyncIncompleteError);
    expect(push).toHaveBeenCalledTimes(2);
    expect(maxRunning).toBe(1);
  });

  it('stop() (a new version takes over) ends the running push at once, and later syncs start none', async () => {
    const { scope, fire } = fakeScope();
    const signals: AbortSignal[] = [];
    const push = vi.fn((signal: AbortSignal) => {
      signals.push(signal);
      // Like the push: runs until it is stopped.
      return new Promise<BackgroundPushOutcome>((resolve) => {
        if (signal.aborted) resolve('stopped');
        signal.addEventListener('abort', () => resolve('stopped'));
      });
    });
    const sync = registerBackgroundSync(scope, push);
    const running = fire(OUTBOX_SYNC_TAG);
    await vi.waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    expect(signals[0]!.aborted).toBe(false);
    sync.stop();
    // The event ends (so the new worker can activate) and asks the browser to retry: the writes are still queued.
    await expect(running).rejects.toBeInstanceOf(BackgroundSyncIncompleteError);
    await expect(fire(OUTBOX_SYNC_TAG)).rejects.toBeInstanceOf(BackgroundSyncIncompleteError);
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true]);
  });

  it('ignores other tags', () => {
    const { scope, fire } = fakeScope();
    const push = vi.fn(() => Promise.resolve<BackgroundPushOutcome>('sent'));
    registerBackgroundSync(scope, push);
    expect(fire('something-else')).toBeNull();
    expect(push).not.toHaveBeenCalled();
  });
});
