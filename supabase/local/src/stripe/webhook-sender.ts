// Delivers events to the configured webhook endpoints with a real `Stripe-Signature`
// (t=<unix>,v1=HMAC-SHA256(secret, "<t>.<raw body>")), retrying failed deliveries with backoff.
import { createHmac } from 'node:crypto';
import type { StripeEvent } from './stripe-objects.ts';
import type { WebhookDelivery } from './stripe-store.ts';

/** Delay before each attempt; sandbox Stripe also gives up after a few retries. */
const attemptDelaysMs = [0, 1_000, 4_000, 15_000];
const attemptTimeoutMs = 10_000;

export function signatureHeader(secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export class WebhookSender {
  /** deliveries scheduled or under way (retries included) */
  private pending = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly secret: string,
    private readonly urls: () => string[],
    private readonly record: (delivery: Omit<WebhookDelivery, 'delivered_at'>) => Promise<void>,
  ) {}

  /** Fire and forget: the API call that caused the event does not wait for its delivery. */
  deliverLater(event: StripeEvent): void {
    for (const url of this.urls()) this.schedule(event, url, 1);
  }

  private schedule(event: StripeEvent, url: string, attempt: number): void {
    const delay = attemptDelaysMs[attempt - 1];
    if (delay === undefined) return;
    this.pending += 1;
    // unref: pending retries must not keep a stopped stand-in (or a test run) alive.
    setTimeout(() => {
      void this.attempt(event, url, attempt).finally(() => {
        this.pending -= 1;
        if (this.pending === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      });
    }, delay).unref();
  }

  /** Resolves once no delivery is scheduled or under way (a retry counts): what tests wait on before comparing state. */
  idle(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async attempt(event: StripeEvent, url: string, attempt: number): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(this.secret, payload),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(attemptTimeoutMs),
      });
      status = response.status;
      const text = await response.text();
      if (!response.ok) error = text.slice(0, 500) || response.statusText;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    const delivered = error === null;
    const outcome = status === null ? error : String(status);
    if (delivered) console.info(`[stripe] webhook ${event.type} ${event.id} → ${url}: ${outcome}`);
    else console.warn(`[stripe] webhook ${event.type} ${event.id} → ${url} failed (attempt ${attempt}): ${outcome}`);
    await this.record({ event_id: event.id, event_type: event.type, url, attempt, status, error }).catch(() => {
      // The stand-in is shutting down; the delivery itself has already happened or failed.
    });
    if (!delivered) this.schedule(event, url, attempt + 1);
  }
}
