/** Nearest-rank quantile (q in 0..1) of samples; the median of an odd count is its middle sample. */
export function quantile(samples: number[], q: number): number {
  if (samples.length === 0) throw new Error('quantile of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** "median 123 ms  (100–150)" of samples, or "n/a". */
export function formatRange(samples: number[], width = 5): string {
  if (!samples.length) return 'n/a';
  return `median ${quantile(samples, 0.5).toFixed(0).padStart(width)} ms  (${Math.min(...samples).toFixed(0)}–${Math.max(...samples).toFixed(0)})`;
}
