// The two job shapes the sync engine's loops are built from: a coalesced job (one run at a time; a
// request during a run runs it once more) and a resettable timer on the engine's clock.
import type { Clock } from './ports.ts';

export interface CoalescedJob {
  /** Starts the job, or asks the running one to go round once more; resolves when it is idle. */
  start(): Promise<void>;
  /** Resolves once no run is in progress. */
  idle(): Promise<void>;
}

export function coalesced(job: () => Promise<void>, isStopped: () => boolean): CoalescedJob {
  let running: Promise<void> | null = null;
  let isRequestedAgain = false;
  const start = (): Promise<void> => {
    if (running) {
      isRequestedAgain = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          isRequestedAgain = false;
          if (isStopped()) return;
          await job();
        } while (isRequestedAgain);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  return { start, idle: () => running ?? Promise.resolve() };
}

export interface EngineTimer {
  /** Runs `task` after `ms`, replacing what was set before. */
  set(ms: number, task: () => void): void;
  clear(): void;
}

export function engineTimer(clock: Clock): EngineTimer {
  let cancel: (() => void) | null = null;
  return {
    set(ms, task) {
      cancel?.();
      cancel = clock.setTimeout(() => {
        cancel = null;
        task();
      }, ms);
    },
    clear() {
      cancel?.();
      cancel = null;
    },
  };
}
