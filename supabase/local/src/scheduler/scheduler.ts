// Runs the scheduled functions (scheduled-functions.ts) every interval of real time, and at once when
// the clock is moved forward, through the stand-in's own /functions/v1 with the service key: the same
// call pg_cron makes on hosted Supabase, plus `{ now }` from the stand-in's clock.
import { scheduledFunctions, type ScheduledFunction } from './scheduled-functions.ts';
import type { SchedulerClock } from './clock.ts';

export interface ScheduledRun {
  name: string;
  status: number;
  body: unknown;
}

export interface Scheduler {
  /** Runs every scheduled function now (one at a time, in order), at the clock's time. */
  runNow(): Promise<ScheduledRun[]>;
  /**
   * Runs one function soon, after what is running: requests made before that run starts share it, so a
   * burst of requests costs one run (or two, when one was already running).
   */
  request(name: string): Promise<ScheduledRun>;
  stop(): void;
}

export function startScheduler(options: {
  clock: SchedulerClock;
  call: (name: string, body: unknown) => Promise<Response>;
  functions?: readonly ScheduledFunction[];
  onError?: (name: string, error: unknown) => void;
}): Scheduler {
  const functions = options.functions ?? scheduledFunctions;
  // Runs never overlap: a run asked for during another waits for it.
  let queue: Promise<unknown> = Promise.resolve();

  const runOne = async (fn: ScheduledFunction): Promise<ScheduledRun> => {
    const response = await options.call(fn.name, { now: options.clock.now().toISOString() });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return { name: fn.name, status: response.status, body };
  };

  const enqueue = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const requested = new Map<string, Promise<ScheduledRun>>();
  const request = (name: string): Promise<ScheduledRun> => {
    const waiting = requested.get(name);
    if (waiting) return waiting;
    const fn = functions.find((candidate) => candidate.name === name) ?? { name, cron: '', everyMs: 0 };
    const run = enqueue(() => {
      requested.delete(name);
      return runOne(fn);
    });
    requested.set(name, run);
    return run;
  };

  const timers = functions.map((fn) => {
    const timer = setInterval(() => {
      enqueue(() => runOne(fn)).catch((error: unknown) => options.onError?.(fn.name, error));
    }, fn.everyMs);
    timer.unref();
    return timer;
  });

  return {
    runNow: () => enqueue(async () => {
      const runs: ScheduledRun[] = [];
      for (const fn of functions) runs.push(await runOne(fn));
      return runs;
    }),
    request,
    stop: () => timers.forEach((timer) => clearInterval(timer)),
  };
}
