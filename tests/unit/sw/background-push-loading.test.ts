// How the service worker loads its Background Sync push (sw/background-sync.ts lazyBackgroundPush):
// stored at install, evaluated in a sync, never fetched afterwards. The fake scope keeps the spec's
// rule for classic service workers: importScripts fetches new URLs only while installing; afterwards
// it answers only with scripts stored then (the script resource map), else throws a NetworkError.
import { describe, expect, it, vi } from 'vitest';
import { BACKGROUND_PUSH_GLOBAL, lazyBackgroundPush, type BackgroundPush, type BackgroundPushScope } from '../../../sw/background-sync.ts';

const scriptUrl = '/assets/background-push-script-abc123.js';
/** No update under way: the push is never asked to stop. */
const noStop = new AbortController().signal;

function fakeWorker(script: { defines: BackgroundPush | undefined }, options: { hasBackgroundSync?: boolean } = {}) {
  const stored = new Set<string>();
  const fetched: string[] = [];
  const evaluated: string[] = [];
  let installListener: (() => void) | null = null;
  let isInstalling = false;

  /** A fresh start of the same installed worker: globals gone, stored scripts kept. */
  const start = (): BackgroundPushScope => {
    const scope: BackgroundPushScope & { SyncManager?: unknown } = {
      ...((options.hasBackgroundSync ?? true) && { SyncManager: class {} }),
      importScripts(...urls) {
        for (const url of urls) {
          if (!stored.has(url)) {
            if (!isInstalling) throw new DOMException(`${url} was not stored at install`, 'NetworkError');
            fetched.push(url);
            stored.add(url);
          }
          evaluated.push(url);
          if (script.defines) scope[BACKGROUND_PUSH_GLOBAL] = script.defines;
        }
      },
      addEventListener(type, listener) {
        if (type === 'install') installListener = listener;
      },
    };
    return scope;
  };
  const install = () => {
    isInstalling = true;
    installListener?.();
    isInstalling = false;
  };
  return { start, install, fetched, evaluated };
}

describe('service worker: the Background Sync push is loaded only for a sync', () => {
  it('is fetched once at install and evaluated again from the stored copy when a restarted worker gets a sync', async () => {
    const push = vi.fn<BackgroundPush>(() => Promise.resolve('sent'));
    const worker = fakeWorker({ defines: push });
    const scope = worker.start();
    const pushLazily = lazyBackgroundPush(scope, scriptUrl);
    expect(worker.evaluated).toEqual([]);
    worker.install();
    expect(worker.fetched).toEqual([scriptUrl]);

    // The worker that installed still has it: no second evaluation.
    expect(await pushLazily(noStop)).toBe('sent');
    expect(worker.evaluated).toEqual([scriptUrl]);

    // The browser stopped the worker; it starts again (for a fetch: nothing loaded), then a sync fires.
    const restarted = worker.start();
    const pushAfterRestart = lazyBackgroundPush(restarted, scriptUrl);
    expect(restarted[BACKGROUND_PUSH_GLOBAL]).toBeUndefined();
    expect(await pushAfterRestart(noStop)).toBe('sent');
    expect(worker.evaluated).toEqual([scriptUrl, scriptUrl]);
    expect(worker.fetched).toEqual([scriptUrl]);
    expect(push).toHaveBeenCalledTimes(2);
  });

  it('rejects (so the browser retries the sync) when the script was not stored or defines no push', async () => {
    const notInstalled = fakeWorker({ defines: vi.fn<BackgroundPush>() });
    await expect(lazyBackgroundPush(notInstalled.start(), scriptUrl)(noStop)).rejects.toThrow(/not stored at install/);

    const empty = fakeWorker({ defines: undefined });
    const pushLazily = lazyBackgroundPush(empty.start(), scriptUrl);
    empty.install();
    await expect(pushLazily(noStop)).rejects.toThrow(`${scriptUrl} did not define ${BACKGROUND_PUSH_GLOBAL}`);
  });

  it('is not downloaded at all where the browser has no Background Sync (Firefox, Safari)', () => {
    const worker = fakeWorker({ defines: vi.fn<BackgroundPush>() }, { hasBackgroundSync: false });
    lazyBackgroundPush(worker.start(), scriptUrl);
    worker.install();
    expect(worker.fetched).toEqual([]);
    expect(worker.evaluated).toEqual([]);
  });
});
