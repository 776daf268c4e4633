import type { FastifyRateLimitStore } from '@fastify/rate-limit';

/** Keys kept at most; past this, expired windows are dropped, then the oldest. */
const MAX_KEYS = 100_000;

/**
 * The flood limit's in-process counters. @fastify/rate-limit's own store answers every caller with the
 * same mutable record and the plugin reads it after an `await`, so a burst sent together all read the
 * final count: 40 calls at once against a limit of 30 were all refused. Here each call gets its own count.
 */
export class FloodStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  // @fastify/rate-limit constructs its store with its own options; this store needs none.
  private readonly now = Date.now;

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const now = this.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      this.windows.delete(key);
      entry = { count: 0, resetAt: now + timeWindow };
      this.windows.set(key, entry);
      if (this.windows.size > MAX_KEYS) this.prune(now);
    }
    entry.count += 1;
    callback(null, { current: entry.count, ttl: entry.resetAt - now });
  }

  child(): FastifyRateLimitStore {
    return new FloodStore();
  }

  private prune(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    // Still full: the oldest windows go (they are first in insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size <= MAX_KEYS) break;
      this.windows.delete(key);
    }
  }
}
