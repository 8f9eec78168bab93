/** Nearest-rank quantile (q in 0..1) of samples; the median of an odd count is its middle sample. */
export function quantile(samples: number[], q: number): number {
  if (samples.length === 0) throw new Error('quantile of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
