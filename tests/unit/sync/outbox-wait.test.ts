import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../src/sync/outbox.ts';

// How long a queued write waits (src/sync/outbox.ts): never longer than the backoff's cap, so a device
// clock that went back after the write was queued cannot hold it for hours.
describe('waitFor', () => {
  const cap = 60_000;
  it.each([
    { name: 'due now', nextAttemptAt: 1_000, now: 1_000, wait: 0 },
    { name: 'overdue', nextAttemptAt: 1_000, now: 5_000, wait: 0 },
    { name: 'a backoff in progress', nextAttemptAt: 31_000, now: 1_000, wait: 30_000 },
    { name: 'the longest backoff', nextAttemptAt: 61_000, now: 1_000, wait: 60_000 },
    { name: 'the clock went back 3 hours after queueing', nextAttemptAt: 10_800_000, now: 0, wait: 0 },
    { name: 'just past the cap', nextAttemptAt: 61_001, now: 1_000, wait: 0 },
  ])('$name: $wait ms', ({ nextAttemptAt, now, wait }) => {
    expect(waitFor({ nextAttemptAt }, now, cap)).toBe(wait);
  });
});
