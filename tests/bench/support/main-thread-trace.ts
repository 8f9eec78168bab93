// Where a page's main thread spends a window of time, from a Chrome trace: its tasks in order, each with
// the events that took most of it (parsing, compiling and evaluating scripts, style, layout, paint). A
// bench prints it to explain a figure (where the time goes, as a trace in the bench's output).
import type { Browser, Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

/** Trace categories: the DevTools timeline, script compile and evaluation, the parser and loading. */
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8.execute', 'blink.user_timing', 'loading'];

/** Event names worth naming inside a task (the rest are wrappers of these or too small to matter); TRACE_ALL=1 names every one. */
const NAMED = ['ParseHTML', 'EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'v8.produceModuleCache', 'FunctionCall', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'ParseAuthorStyleSheet', 'TimerFire', 'EventDispatch', 'MajorGC', 'MinorGC', 'Commit', 'ScheduleStyleRecalculation'];

/** Records a trace of `page` while `during` runs; returns the raw events. */
export async function recordTrace(browser: Browser, page: Page, during: () => Promise<void>): Promise<TraceEvent[]> {
  await browser.startTracing(page, { categories: CATEGORIES });
  let buffer: Buffer;
  try {
    await during();
  } finally {
    // stopped on failure too, so the next run can trace
    buffer = await browser.stopTracing();
  }
  const trace = JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
}

/**
 * The page's renderer main-thread tasks from navigation start until `untilMs` (the page's own clock, e.g.
 * its first contentful paint), longer than `minTaskMs`, one line each: "start +duration: top children".
 * With `originMark`, from the page's `performance.mark(originMark)` instead (a page that did not navigate).
 */
export function mainThreadTasks(events: TraceEvent[], untilMs: number, minTaskMs = 8, originMark?: string): string[] {
  const parsers = new Set(events.filter((e) => e.name === 'ParseHTML' || e.name === originMark).map((e) => `${e.pid}:${e.tid}`));
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && parsers.has(`${e.pid}:${e.tid}`));
  // the page's time origin: the navigation's start as the renderer marks it
  const origin = originMark
    ? events.find((e) => e.name === originMark)
    : (events.find((e) => e.name === 'navigationStart' && (!main || e.pid === main.pid)) ?? events.find((e) => e.name === 'ResourceSendRequest'));
  if (!main || !origin) return ['(no renderer main thread or navigation start in the trace)'];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (!originMark || e.ts >= origin.ts) && (e.ts - origin.ts) / 1000 <= untilMs && e.dur! / 1000 >= minTaskMs).sort((a, b) => a.ts - b.ts);
  return tasks.map((task) => {
    const largest = new Map<string, number>();
    for (const e of onMain) {
      if (e === task || e.ts < task.ts || e.ts + e.dur! > task.ts + task.dur! || (process.env.TRACE_ALL !== '1' && !NAMED.includes(e.name))) continue;
      const url = e.args?.data?.url;
      const key = url ? `${e.name} ${url.split('/').pop()!.replace(/-[\w-]{8}\.js$/, '').slice(0, 32)}` : e.name;
      largest.set(key, Math.max(largest.get(key) ?? 0, e.dur! / 1000));
    }
    const top = [...largest.entries()].sort((a, b) => b[1] - a[1]).slice(0, process.env.TRACE_ALL === '1' ? 12 : 5).map(([key, ms]) => `${key} ${ms.toFixed(0)}`);
    return `${((task.ts - origin.ts) / 1000).toFixed(0).padStart(5)} ms +${(task.dur! / 1000).toFixed(0).padStart(4)}: ${top.join('; ')}`;
  });
}
