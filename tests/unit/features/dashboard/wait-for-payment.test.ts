import { describe, expect, it, vi } from 'vitest';
import { VERIFY_DELAYS_MS, waitForPayment } from '../../../../src/features/dashboard/wait-for-payment.ts';

const noSleep = vi.fn(async () => {});

describe('waiting for a payment to be verified', () => {
  it('stops as soon as the booking is paid', async () => {
    const verify = vi.fn().mockResolvedValueOnce({ paid: false }).mockResolvedValueOnce({ paid: true });
    await expect(waitForPayment('b', { verify, sleep: noSleep })).resolves.toBe('paid');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('backs off between attempts and reports unpaid after the last one', async () => {
    const sleep = vi.fn(async (_ms: number) => {});
    const verify = vi.fn().mockResolvedValue({ paid: false });
    await expect(waitForPayment('b', { verify, sleep })).resolves.toBe('unpaid');
    expect(verify).toHaveBeenCalledTimes(VERIFY_DELAYS_MS.length);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual(VERIFY_DELAYS_MS.filter((ms) => ms > 0));
    expect(VERIFY_DELAYS_MS.slice(1).every((ms, index) => ms > VERIFY_DELAYS_MS[index]!)).toBe(true);
  });

  it('keeps trying through failures, which are only reported to onError', async () => {
    const onError = vi.fn();
    const verify = vi.fn().mockRejectedValueOnce(new Error('webhook not there yet')).mockResolvedValueOnce({ paid: true });
    await expect(waitForPayment('b', { verify, sleep: noSleep, onError })).resolves.toBe('paid');
    expect(onError).toHaveBeenCalledWith(expect.any(Error), 1);
  });

  it('is "failed" when no attempt got an answer', async () => {
    const verify = vi.fn().mockRejectedValue(new Error('offline'));
    await expect(waitForPayment('b', { verify, sleep: noSleep, delaysMs: [0, 1, 1] })).resolves.toBe('failed');
    expect(verify).toHaveBeenCalledTimes(3);
  });

  it('stops when cancelled', async () => {
    const verify = vi.fn().mockResolvedValue({ paid: false });
    let calls = 0;
    await waitForPayment('b', { verify, sleep: noSleep, isCancelled: () => ++calls > 1 });
    expect(verify).toHaveBeenCalledTimes(1);
  });
});
