import { useEffect } from 'react';

/**
 * Puts `name` on the performance timeline once per page load, after the first commit in which
 * `ready` is true (e.g. 'bookings-rendered' when the dashboard first shows bookings from the local
 * mirror). Benchmarks read it (tests/bench/offline-boot.ts); it costs one effect and no state.
 */
export function usePerformanceMark(name: string, ready: boolean): void {
  useEffect(() => {
    if (!ready || typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
    if (performance.getEntriesByName(name, 'mark').length > 0) return;
    performance.mark(name);
  }, [name, ready]);
}
