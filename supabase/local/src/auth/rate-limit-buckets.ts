// The two limiter algorithms GoTrue uses, as pure clock-driven state (no timers, so tests advance a clock):
// - token buckets per key (tollbooth over golang.org/x/time/rate): `burst` tokens when a key is first seen,
//   refilled continuously at `ratePerSecond`; a request takes one token or is refused without taking any.
//   tollbooth keeps a key's bucket for a TTL counted from its creation (go-cache), then starts a full one.
// - a fixed-interval counter (internal/ratelimit IntervalLimiter): at most `limit` events per interval,
//   the count resetting at each interval boundary. GoTrue uses it project-wide for e-mails sent.

export interface BucketRule {
  /** e.g. `sign_in_sign_ups|127.0.0.1`: one bucket per limiter and client */
  key: string;
  ratePerSecond: number;
  burst: number;
  /** the bucket is dropped (and the next request starts a full one) this long after it was created */
  ttlMs: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
  /** creation + TTL */
  expiresAt: number;
}

/** Above this many keys, expired buckets are swept on the next take. */
const sweepThreshold = 10_000;

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number) {}

  /** Tokens a key would have now (burst for an unknown or expired key); for tests and diagnostics. */
  available(rule: BucketRule): number {
    return this.current(rule, this.now()).tokens;
  }

  /**
   * Takes one token from each rule's bucket when every one of them has a token; otherwise takes
   * none and returns false (a refused request costs nothing, as with rate.Limiter.Allow).
   */
  takeAll(rules: readonly BucketRule[]): boolean {
    const now = this.now();
    if (this.buckets.size > sweepThreshold) this.sweep(now);
    const current = rules.map((rule) => this.current(rule, now));
    if (current.some((bucket) => bucket.tokens < 1)) {
      rules.forEach((rule, index) => this.buckets.set(rule.key, current[index] as Bucket));
      return false;
    }
    rules.forEach((rule, index) => {
      const bucket = current[index] as Bucket;
      this.buckets.set(rule.key, { ...bucket, tokens: bucket.tokens - 1 });
    });
    return true;
  }

  private current(rule: BucketRule, now: number): Bucket {
    const stored = this.buckets.get(rule.key);
    if (!stored || now >= stored.expiresAt) return { tokens: rule.burst, updatedAt: now, expiresAt: now + rule.ttlMs };
    const elapsedSeconds = Math.max(0, now - stored.updatedAt) / 1000;
    return {
      tokens: Math.min(rule.burst, stored.tokens + elapsedSeconds * rule.ratePerSecond),
      updatedAt: Math.max(now, stored.updatedAt),
      expiresAt: stored.expiresAt,
    };
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) if (now >= bucket.expiresAt) this.buckets.delete(key);
  }
}

/** At most `limit` events per `intervalMs`, counted from fixed boundaries (GoTrue's IntervalLimiter). */
export class IntervalCounter {
  private start: number;
  private count = 0;

  constructor(private readonly now: () => number) {
    this.start = now();
  }

  allow(limit: number, intervalMs: number): boolean {
    const now = this.now();
    const intervals = Math.floor((now - this.start) / intervalMs);
    if (intervals > 0) {
      this.start += intervals * intervalMs;
      this.count = 0;
    }
    if (this.count < limit) {
      this.count += 1;
      return true;
    }
    return false;
  }
}
