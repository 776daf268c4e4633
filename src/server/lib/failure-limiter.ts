import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { HttpError } from './http-error.ts';

/**
 * Counts failed attempts (unknown codes, bad tokens, wrong passwords) per key in a fixed window. Only
 * failures count, so a classroom behind one IP is not throttled by its successful calls.
 */
export interface FailureLimiter {
  /** Throws 429 with Retry-After when the key has used up its failures for this window. */
  assertAllowed(key: string): Promise<void>;
  recordFailure(key: string): Promise<void>;
}

function tooManyFailures(secondsLeft: number): HttpError {
  return new HttpError(429, 'Too many failed attempts. Please wait a minute and try again.', {
    'retry-after': String(Math.max(1, Math.ceil(secondsLeft))),
  });
}

/** One process's counters (PGlite, which is one process anyway, and unit tests). */
export class MemoryFailureLimiter implements FailureLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async assertAllowed(key: string): Promise<void> {
    const entry = this.current(key);
    if (entry && entry.count >= this.max) throw tooManyFailures((entry.resetAt - this.now()) / 1000);
  }

  async recordFailure(key: string): Promise<void> {
    const entry = this.current(key);
    if (entry) entry.count += 1;
    else this.windows.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.windows.size > 50_000) this.prune();
  }

  private current(key: string) {
    const entry = this.windows.get(key);
    if (!entry) return undefined;
    if (entry.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return entry;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * Counters in the `rate_limits` table, shared by every app instance on one PostgreSQL
 * (docs/decisions/006-shared-rate-limit-store.md). One atomic upsert per failure; the database's clock
 * decides the window, so instances with skewed clocks still agree.
 */
export class SharedFailureLimiter implements FailureLimiter {
  private lastPrune = 0;

  constructor(
    private readonly db: Database,
    /** Keeps the limiters apart in one table: `lookup`, `login`. */
    private readonly scope: string,
    private readonly max: number,
    private readonly windowMs = 60_000,
  ) {}

  private keyOf(key: string): string {
    return `${this.scope}:${key}`.slice(0, 200);
  }

  async assertAllowed(key: string): Promise<void> {
    const result = (await this.db.execute(sql`
      select count, extract(epoch from (reset_at - now())) as seconds_left
      from rate_limits where key = ${this.keyOf(key)} and reset_at > now()`)) as {
      rows: { count: number | string; seconds_left: number | string }[];
    };
    const row = result.rows[0];
    if (row && Number(row.count) >= this.max) throw tooManyFailures(Number(row.seconds_left));
  }

  async recordFailure(key: string): Promise<void> {
    const window = `${this.windowMs} milliseconds`;
    // Atomic: two instances recording at once both land, and an expired window restarts at 1.
    await this.db.execute(sql`
      insert into rate_limits (key, count, reset_at)
      values (${this.keyOf(key)}, 1, now() + ${window}::interval)
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning count, reset_at`);
    if (Date.now() - this.lastPrune > this.windowMs) {
      this.lastPrune = Date.now();
      await this.db.execute(sql`delete from rate_limits where reset_at < now()`);
    }
  }
}
