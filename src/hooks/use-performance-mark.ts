import { useEffect } from 'react';
import { markOnce } from '../lib/boot-marks.ts';

/**
 * Puts `name` on the performance timeline once per page load, after the first commit in which
 * `ready` is true (e.g. 'bookings-rendered' when the dashboard first shows bookings from the local
 * mirror). Benchmarks read it (tests/bench/offline-boot.ts); it costs one effect and no state.
 */
export function usePerformanceMark(name: string, ready: boolean): void {
  useEffect(() => {
    if (ready) markOnce(name);
  }, [name, ready]);
}
