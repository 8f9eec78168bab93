// The app's boot on the performance timeline, so tests/bench/offline-boot.ts can show where the time
// to content goes (entry evaluated, session known, database open, first query answered, route code in,
// first render). One mark per name and page load; a no-op where the Performance API is missing.

export type BootStep = 'entry' | 'first-render' | 'session-known' | 'auth-client' | 'route-chunk' | 'db-open' | 'first-query';

const marked = new Set<string>();

/** Puts `name` on the timeline once per page load (later calls do nothing). */
export function markOnce(name: string): void {
  if (marked.has(name) || typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  marked.add(name);
  performance.mark(name);
}

/** Marks a step of the boot as `boot:<step>`. */
export function markBoot(step: BootStep): void {
  markOnce(`boot:${step}`);
}
