import { Redis } from 'ioredis';
import { redisOptions } from '@mepedia/server-queue';

export type RateDecision = { allowed: boolean; retryAfterSeconds: number };

/** Fixed-window counters: `limit` hits per `windowSeconds` per key. */
export interface RateLimitStore {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
      this.sweep(now);
    }
    window.count += 1;
    return {
      allowed: window.count <= limit,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  private sweep(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

/** Shared by every gateway replica. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis({ ...redisOptions(url), maxRetriesPerRequest: 1 });
    this.redis.on('error', () => undefined);
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const full = `${this.prefix}:ratelimit:${key}`;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(full).pttl(full).exec()) as [
      [unknown, number],
      [unknown, number],
    ];
    let ttlMs = ttl;
    if (ttl < 0) {
      await this.redis.pexpire(full, windowSeconds * 1000);
      ttlMs = windowSeconds * 1000;
    }
    return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
