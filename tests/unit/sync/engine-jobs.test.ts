import { describe, expect, it } from 'vitest';
import { coalesced } from '../../../src/sync/engine-jobs.ts';

/** A job whose runs wait until released, counting how many started. */
function gatedJob() {
  const releases: (() => void)[] = [];
  let runs = 0;
  const job = () => {
    runs += 1;
    return new Promise<void>((resolve) => releases.push(resolve));
  };
  const releaseNext = async () => {
    while (releases.length === 0) await Promise.resolve();
    releases.shift()!();
  };
  return { job, releaseNext, runs: () => runs };
}

describe('coalesced job', () => {
  it('runs once for a single start', async () => {
    const gate = gatedJob();
    const job = coalesced(gate.job, () => false);
    const done = job.start();
    await gate.releaseNext();
    await done;
    expect(gate.runs()).toBe(1);
  });

  it('many starts during a run make exactly one more run, and every caller waits for it', async () => {
    const gate = gatedJob();
    const job = coalesced(gate.job, () => false);
    const first = job.start();
    const second = job.start();
    const third = job.start();
    await gate.releaseNext();
    await gate.releaseNext();
    await Promise.all([first, second, third]);
    expect(gate.runs()).toBe(2);
  });

  it('does not run, nor run again, once stopped', async () => {
    const gate = gatedJob();
    let isStopped = false;
    const job = coalesced(gate.job, () => isStopped);
    const first = job.start();
    void job.start();
    isStopped = true;
    await gate.releaseNext();
    await first;
    expect(gate.runs()).toBe(1);
    await job.start();
    expect(gate.runs()).toBe(1);
  });

  it('idle resolves when no run is in progress', async () => {
    const gate = gatedJob();
    const job = coalesced(gate.job, () => false);
    await job.idle();
    let isIdle = false;
    void job.start();
    const idle = job.idle().then(() => (isIdle = true));
    await Promise.resolve();
    expect(isIdle).toBe(false);
    await gate.releaseNext();
    await idle;
    expect(isIdle).toBe(true);
  });
});
