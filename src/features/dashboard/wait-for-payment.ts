// After the payment page sends the guest back, Stripe and its webhook may need a moment: verify a few
// times with growing pauses before treating the booking as still unpaid. Failures are only logged
// (docs/product.md §8 "payment verification failure: logged only"), so the caller gets an outcome, never a throw.

export type PaymentOutcome = 'paid' | 'unpaid' | 'failed';

/** Pauses before each attempt: at once, then 1 s, 2 s, 4 s, 8 s (about 15 s in all). */
export const VERIFY_DELAYS_MS: readonly number[] = [0, 1000, 2000, 4000, 8000];

export interface WaitForPaymentOptions {
  verify: (bookingId: string) => Promise<{ paid: boolean }>;
  delaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  /** Stops early (e.g. the page was left). */
  isCancelled?: () => boolean;
  onError?: (error: unknown, attempt: number) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitForPayment(bookingId: string, options: WaitForPaymentOptions): Promise<PaymentOutcome> {
  const { verify, delaysMs = VERIFY_DELAYS_MS, sleep = defaultSleep, isCancelled = () => false, onError } = options;
  let answered = false;
  for (const [attempt, delay] of delaysMs.entries()) {
    if (delay > 0) await sleep(delay);
    if (isCancelled()) break;
    try {
      const { paid } = await verify(bookingId);
      answered = true;
      if (paid) return 'paid';
    } catch (error) {
      onError?.(error, attempt + 1);
    }
  }
  return answered ? 'unpaid' : 'failed';
}
