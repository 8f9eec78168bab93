// The state machine of the Stripe test double: one serialised transaction per change, events recorded
// in the same transaction and delivered to the webhook endpoints after it commits.
import type { LocalContext } from '../context.ts';
import { expireDueSessions } from './checkout-sessions.ts';
import { RequestHolds } from './request-holds.ts';
import { SerialLock } from './serial-lock.ts';
import { stripeDoubleConfig, type StripeDoubleConfig } from './stripe-config.ts';
import { idPrefixes, newId, nowSeconds } from './stripe-ids.ts';
import { eventApiVersion, type StripeEvent } from './stripe-objects.ts';
import { StripeStore, stripeSchemaSql } from './stripe-store.ts';
import type { StripeTx } from './stripe-tx.ts';
import { WebhookSender } from './webhook-sender.ts';

export interface RequestOrigin {
  /** `req_…` of the API request that caused the change; null for the checkout page, expiry and onboarding */
  id: string | null;
  idempotency_key: string | null;
}

const sweepIntervalMs = 30_000;

export class StripeDouble {
  readonly config: StripeDoubleConfig;
  /** Test seam: API requests a test holds until it releases them (request-holds.ts). */
  readonly holds = new RequestHolds();
  private readonly lock = new SerialLock();
  private readonly webhooks: WebhookSender;
  private schema: Promise<void> | undefined;
  private lastSweep = 0;

  constructor(private readonly ctx: LocalContext) {
    this.config = stripeDoubleConfig(ctx);
    this.webhooks = new WebhookSender(
      this.config.webhookSecret,
      () => this.config.webhookUrls,
      (delivery) => this.reader().then((store) => store.recordDelivery(delivery)),
    );
    // Sessions expire on time even when nobody calls the API; unref keeps it from holding the process,
    // and a failure (the stand-in closed its database) ends it: API calls still sweep on their own.
    const timer = setInterval(() => void this.sweep(true).catch(() => clearInterval(timer)), sweepIntervalMs).unref();
  }

  /** Resolves once every webhook delivery has been made (or given up): test seam. */
  webhooksIdle(): Promise<void> {
    return this.webhooks.idle();
  }

  get apiUrl(): string {
    return this.ctx.apiUrl;
  }

  private ready(): Promise<void> {
    this.schema ??= this.ctx.db.exec(stripeSchemaSql).catch((error: unknown) => {
      this.schema = undefined;
      throw error;
    });
    return this.schema;
  }

  /** A store for reads outside a change. */
  async reader(): Promise<StripeStore> {
    await this.ready();
    return new StripeStore(this.ctx.db);
  }

  /**
   * One change, serialised with every other and in one transaction. `beforeCommit` runs in that same
   * transaction with the change's result: the API saves an idempotent request's response there, so the
   * change and the record that it happened commit together or not at all.
   */
  async mutate<T>(origin: RequestOrigin, fn: (tx: StripeTx) => Promise<T>, beforeCommit?: (tx: StripeTx, result: T) => Promise<void>): Promise<T> {
    await this.ready();
    return this.lock.run(async () => {
      const events: StripeEvent[] = [];
      const result = await this.ctx.db.transaction(async (q) => {
        const store = new StripeStore(q);
        const now = nowSeconds();
        const tx: StripeTx = {
          store,
          now,
          apiUrl: this.ctx.apiUrl,
          emit: async (type, object, opts = {}) => {
            const event: StripeEvent = {
              id: newId(idPrefixes.event),
              object: 'event',
              ...(opts.account ? { account: opts.account } : {}),
              api_version: eventApiVersion,
              created: now,
              data: { object: structuredClone(object) as unknown as Record<string, unknown>, ...(opts.previous ? { previous_attributes: opts.previous } : {}) },
              livemode: false,
              pending_webhooks: this.config.webhookUrls.length,
              request: origin,
              type,
            };
            events.push(await store.put(event));
            return event;
          },
        };
        const result = await fn(tx);
        if (beforeCommit) await beforeCommit(tx, result);
        return result;
      });
      for (const event of events) this.webhooks.deliverLater(event);
      return result;
    });
  }

  /** Expires open checkout sessions whose `expires_at` has passed (at most every few seconds unless forced). */
  async sweep(force = false): Promise<void> {
    const now = Date.now();
    if (!force && now - this.lastSweep < 2_000) return;
    this.lastSweep = now;
    await this.mutate({ id: null, idempotency_key: null }, expireDueSessions);
  }
}
