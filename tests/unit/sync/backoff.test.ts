import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF, retryDelay } from '../../../src/sync/backoff.ts';

describe('backoffDelay (full jitter, 1 s to 60 s)', () => {
  it('doubles the ceiling per attempt up to the cap', () => {
    const almostOne = () => 0.999999;
    expect(backoffDelay(1, almostOne)).toBe(999);
    expect(backoffDelay(2, almostOne)).toBe(1_999);
    expect(backoffDelay(3, almostOne)).toBe(3_999);
    expect(backoffDelay(6, almostOne)).toBe(31_999);
    expect(backoffDelay(7, almostOne)).toBe(59_999);
    expect(backoffDelay(50, almostOne)).toBe(59_999);
  });

  it('draws uniformly from zero to the ceiling', () => {
    expect(backoffDelay(4, () => 0)).toBe(0);
    expect(backoffDelay(4, () => 0.5)).toBe(4_000);
    for (let attempt = 1; attempt < 12; attempt += 1) {
      for (const r of [0, 0.1, 0.7, 0.999]) {
        const delay = backoffDelay(attempt, () => r);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(DEFAULT_BACKOFF.capMs);
      }
    }
  });

  it('treats attempt 0 like the first failure', () => {
    expect(backoffDelay(0, () => 0.5)).toBe(500);
  });

  it('honours Retry-After when it asks for longer than the jitter, capped', () => {
    expect(retryDelay(1, () => 0.5, 10_000)).toBe(10_000);
    expect(retryDelay(1, () => 0.5, 100)).toBe(500);
    expect(retryDelay(1, () => 0.5, 3_600_000)).toBe(60_000);
    expect(retryDelay(1, () => 0.5, null)).toBe(500);
  });
});
