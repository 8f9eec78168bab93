// What the engine needs from its environment, injected so it runs in a page, a service worker and
// tests alike (no DOM, no React, no timers it cannot control).

export interface Clock {
  now(): number;
  /** Runs `task` after `ms`; returns a cancel function. */
  setTimeout(task: () => void, ms: number): () => void;
}

export type RandomSource = () => number;

/** `navigator.locks` when the platform has it: one holder of a name at a time, across tabs. */
export interface Locks {
  request<T>(name: string, task: () => Promise<T>): Promise<T>;
}

/** Signals that should trigger a sync; every subscription returns its unsubscribe. */
export interface Triggers {
  isOnline(): boolean;
  onOnline(listener: () => void): () => void;
  onOffline(listener: () => void): () => void;
  /** the app became visible again (tab focus, app resumed) */
  onVisible(listener: () => void): () => void;
}

export interface SyncLogger {
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(task, ms) {
    const handle = setTimeout(task, ms);
    return () => clearTimeout(handle);
  },
};

/** A mutex for one JavaScript realm, for platforms without `navigator.locks` (and tests). */
export function createLocalLocks(): Locks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(task, task);
      const tail = run.catch(() => undefined);
      tails.set(name, tail);
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      return run;
    },
  };
}

/** Triggers that never fire (a service worker run, tests that drive the engine by hand). */
export const noTriggers: Triggers = {
  isOnline: () => true,
  onOnline: () => () => {},
  onOffline: () => () => {},
  onVisible: () => () => {},
};
