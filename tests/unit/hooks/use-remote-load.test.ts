import { afterEach, describe, expect, it, vi } from 'vitest';
import { resultFor, startLoad, type RemoteLoad } from '../../../src/hooks/use-remote-load.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Resolves once startLoad has handled the settled promise (its then-callbacks ran). */
const handled = (promise: Promise<unknown>) => promise.then(() => undefined, () => undefined);

describe('startLoad (the effect of useRemoteLoad)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reports the data of a load that was not cancelled', async () => {
    const answer = deferred<string>();
    const outcomes: RemoteLoad<string>[] = [];
    startLoad(() => answer.promise, (result) => outcomes.push(result), 'note');
    answer.resolve('data');
    await handled(answer.promise);
    expect(outcomes).toEqual([{ status: 'ready', data: 'data' }]);
  });

  it('cancelling (unmount, deps change) aborts the signal and drops a later answer', async () => {
    const answer = deferred<string>();
    let seen: AbortSignal | null = null;
    const outcomes: RemoteLoad<string>[] = [];
    const cancel = startLoad(
      (signal) => {
        seen = signal;
        return answer.promise;
      },
      (result) => outcomes.push(result),
      'note',
    );
    expect(seen!.aborted).toBe(false);
    cancel();
    expect(seen!.aborted).toBe(true);
    answer.resolve('late');
    await handled(answer.promise);
    expect(outcomes).toEqual([]);
  });

  it('a failure is logged with its note and reported; a cancelled failure is neither', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = deferred<string>();
    const outcomes: RemoteLoad<string>[] = [];
    startLoad(() => failing.promise, (result) => outcomes.push(result), 'Role lookup failed');
    const error = new Error('offline');
    failing.reject(error);
    await handled(failing.promise);
    expect(outcomes).toEqual([{ status: 'failed', error }]);
    expect(warn).toHaveBeenCalledWith('[nomadnest] Role lookup failed', error);

    const cancelled = deferred<string>();
    startLoad(() => cancelled.promise, (result) => outcomes.push(result), 'Role lookup failed')();
    cancelled.reject(new Error('late'));
    await handled(cancelled.promise);
    expect(outcomes).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('resultFor (what a render shows)', () => {
  it('loading before anything settled', () => {
    expect(resultFor(null, ['a'])).toEqual({ status: 'loading' });
  });

  it('the outcome only for the deps it was loaded with; other deps show loading with the last data', () => {
    const settled = { deps: ['a', 1], result: { status: 'ready', data: 'A' } as const, lastData: 'A' };
    expect(resultFor(settled, ['a', 1])).toEqual({ status: 'ready', data: 'A' });
    expect(resultFor(settled, ['b', 1])).toEqual({ status: 'loading', previous: 'A' });
    expect(resultFor(settled, ['a'])).toEqual({ status: 'loading', previous: 'A' });
  });

  it('a failure carries the last data loaded before it', () => {
    const error = new Error('x');
    expect(resultFor({ deps: ['a'], result: { status: 'failed', error }, lastData: 'old' }, ['a'])).toEqual({ status: 'failed', error, previous: 'old' });
    expect(resultFor<string>({ deps: ['a'], result: { status: 'failed', error } }, ['a'])).toEqual({ status: 'failed', error });
  });
});
