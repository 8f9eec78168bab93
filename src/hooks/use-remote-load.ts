// The one way a component loads something from the server: load when the inputs change, drop the
// answer of inputs that changed meanwhile (or of an unmounted component), log a failure.
import { useEffect, useState, type DependencyList } from 'react';
import { logger } from '../lib/logger.ts';

export type RemoteLoad<T> =
  /** nothing to load (the load function was null) */
  | { status: 'idle' }
  /** `previous`: the last data loaded for any inputs since the load was last idle (to keep showing while reloading) */
  | { status: 'loading'; previous?: T }
  | { status: 'ready'; data: T }
  | { status: 'failed'; error: unknown; previous?: T };

export type LoadFn<T> = (signal: AbortSignal) => Promise<T>;

interface Settled<T> {
  deps: DependencyList;
  result: RemoteLoad<T>;
  lastData?: T;
}

const IDLE = { status: 'idle' } as const;

/**
 * Runs `load` once and reports its outcome unless cancelled first (the returned function): a
 * cancelled load's signal is aborted and its outcome dropped. A failure is logged with `failureNote`.
 */
export function startLoad<T>(load: LoadFn<T>, onSettled: (result: RemoteLoad<T>) => void, failureNote: string): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  load(signal).then(
    (data) => {
      if (!signal.aborted) onSettled({ status: 'ready', data });
    },
    (error: unknown) => {
      if (signal.aborted) return;
      logger.warn(failureNote, error);
      onSettled({ status: 'failed', error });
    },
  );
  return () => controller.abort();
}

const sameDeps = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/** What a render with `deps` shows: the settled outcome of these very inputs, else loading. */
export function resultFor<T>(settled: Settled<T> | null, deps: DependencyList): RemoteLoad<T> {
  if (settled && sameDeps(settled.deps, deps)) {
    const { result, lastData } = settled;
    return result.status === 'failed' && lastData !== undefined ? { ...result, previous: lastData } : result;
  }
  return settled?.lastData === undefined ? { status: 'loading' } : { status: 'loading', previous: settled.lastData };
}

/**
 * Loads with `load` whenever `deps` change (`load` null: nothing to load, 'idle'), and returns the
 * outcome for the current `deps` only. Unmounting or changing `deps` aborts the load in flight
 * (its signal) and drops its outcome, so a late answer never lands on other inputs.
 */
export function useRemoteLoad<T>(load: LoadFn<T>, deps: DependencyList, failureNote: string): Exclude<RemoteLoad<T>, { status: 'idle' }>;
export function useRemoteLoad<T>(load: LoadFn<T> | null, deps: DependencyList, failureNote: string): RemoteLoad<T>;
export function useRemoteLoad<T>(load: LoadFn<T> | null, deps: DependencyList, failureNote: string): RemoteLoad<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const isActive = load !== null;
  useEffect(
    () => {
      if (!load) {
        setSettled(null);
        return;
      }
      return startLoad(load, (result) => setSettled((prev) => ({ deps, result, lastData: result.status === 'ready' ? result.data : prev?.lastData })), failureNote);
    },
    // The caller's deps say when to load again (load is a new closure every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [isActive, ...deps],
  );
  return isActive ? resultFor(settled, deps) : IDLE;
}
