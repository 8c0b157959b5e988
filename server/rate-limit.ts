// Per-key rate limits: a token bucket per key (or per client address for requests without
// one), `limit` tokens refilled evenly over `intervalMs` — the model the official clients'
// limiter uses, which they configure from our X-RateLimit-Limit and X-RateLimit-Interval-Ms
// headers. Buckets live in this process; idle ones are dropped so memory stays bounded.

export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  readonly intervalMs: number;
  /** Whole seconds until a request would be allowed (≥ 1), when not allowed. */
  readonly retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
  readonly limit: number;
}

/** Buckets kept at most; the least recently used go first beyond this. */
const MAX_BUCKETS = 100_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly intervalMs: number, private readonly now: () => number = () => performance.now()) {}

  /** Takes one token from `key`'s bucket of `limit` per interval, if there is one. */
  take(key: string, limit: number): RateDecision {
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (bucket && bucket.limit !== limit) bucket = undefined;
    if (bucket) {
      this.buckets.delete(key);
      bucket.tokens = Math.min(limit, bucket.tokens + ((now - bucket.updatedAt) * limit) / this.intervalMs);
      bucket.updatedAt = now;
    } else {
      bucket = { tokens: limit, updatedAt: now, limit };
      if (this.buckets.size >= MAX_BUCKETS) this.buckets.delete(this.buckets.keys().next().value!);
    }
    // Re-inserted: the Map's order is then least recently used first.
    this.buckets.set(key, bucket);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const wait = allowed ? 0 : ((1 - bucket.tokens) * this.intervalMs) / limit;
    return { allowed, limit, remaining: Math.floor(bucket.tokens), intervalMs: this.intervalMs, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
  }
}
