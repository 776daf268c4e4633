import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { HttpError } from './http-error.ts';

/** A slot taken for one attempt: given back when the attempt turns out not to count. */
export type Slot = { release(): Promise<void> };

/**
 * At most `max` attempts per key in a fixed window, however the attempts are timed: a slot is taken
 * (atomically) BEFORE the attempt runs, and refused with 429 when none is left; an attempt that should not
 * count (a code that exists, a correct password) gives its slot back. Checking first and recording the
 * failure afterwards let a burst sent together pass the check before any failure was recorded.
 */
export interface AttemptLimiter {
  /** Takes one of the key's slots for this window; throws 429 with Retry-After when none is left. */
  take(key: string): Promise<Slot>;
}

/**
 * Runs `attempt` holding one of the key's slots; a miss (`undefined`) keeps the slot, a hit or an error
 * gives it back (a database outage is not a guess).
 */
export async function guarded<T>(
  limiter: AttemptLimiter,
  key: string,
  attempt: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const slot = await limiter.take(key);
  let result: T | undefined;
  try {
    result = await attempt();
  } catch (error) {
    await slot.release();
    throw error;
  }
  if (result !== undefined) await slot.release();
  return result;
}

/** What a refused attempt answers: 429, a message for the caller and the seconds until the window ends. */
export type Refusal = (secondsLeft: number) => string;

function refused(refusal: Refusal, secondsLeft: number): HttpError {
  const seconds = Math.max(1, Math.ceil(secondsLeft));
  return new HttpError(429, refusal(seconds), { 'retry-after': String(seconds) });
}

/** One process's counters (PGlite, which is one process anyway, and unit tests). */
export class MemoryAttemptLimiter implements AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly refusal: Refusal,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  // Synchronous from the check to the increment: requests sent together are counted one by one.
  async take(key: string): Promise<Slot> {
    const now = this.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, entry);
      if (this.windows.size > 50_000) this.prune(now);
    }
    if (entry.count >= this.max) throw refused(this.refusal, (entry.resetAt - now) / 1000);
    entry.count += 1;
    const window = entry;
    return {
      release: async () => {
        // Only the window the slot was taken in: a new window starts from zero anyway.
        if (this.windows.get(key) === window && window.count > 0) window.count -= 1;
      },
    };
  }

  private prune(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * Counters in the `rate_limits` table, shared by every app instance on one PostgreSQL
 * (docs/decisions/006-shared-rate-limit-store.md). Taking a slot is ONE statement, an upsert that
 * increments and returns the count, so requests racing on any number of instances and connections each get
 * a different count; the database's clock decides the window, so instances with skewed clocks agree.
 */
export class SharedAttemptLimiter implements AttemptLimiter {
  private lastPrune = 0;

  constructor(
    private readonly db: Database,
    /** Keeps the limiters apart in one table: `lookup`, `login`, `create`. */
    private readonly scope: string,
    private readonly max: number,
    private readonly refusal: Refusal,
    private readonly windowMs = 60_000,
  ) {}

  private keyOf(key: string): string {
    return `${this.scope}:${key}`.slice(0, 200);
  }

  async take(key: string): Promise<Slot> {
    const rowKey = this.keyOf(key);
    const window = `${this.windowMs} milliseconds`;
    // The count never passes max + 1: max + 1 means "full, and someone was refused"; a refused attempt
    // holds no slot. An expired window restarts at 1. reset_at is read back as text: it names the window
    // a release belongs to, to the microsecond.
    const result = (await this.db.execute(sql`
      insert into rate_limits (key, count, reset_at)
      values (${rowKey}, 1, now() + ${window}::interval)
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1
                     else least(rate_limits.count + 1, ${this.max + 1}) end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at
                        else rate_limits.reset_at end
      returning count, reset_at::text as window_end,
        extract(epoch from (reset_at - now())) as seconds_left`)) as unknown as {
      rows: { count: number | string; window_end: string; seconds_left: number | string }[];
    };
    await this.pruneNow();
    const row = result.rows[0]!;
    if (Number(row.count) > this.max) throw refused(this.refusal, Number(row.seconds_left));
    return {
      release: async () => {
        await this.db.execute(sql`
          update rate_limits set count = greatest(least(count, ${this.max}) - 1, 0)
          where key = ${rowKey} and reset_at = ${row.window_end}::timestamptz`);
      },
    };
  }

  /** Each instance deletes expired rows at most once a window: the table holds the last minute's keys. */
  private async pruneNow(): Promise<void> {
    if (Date.now() - this.lastPrune <= this.windowMs) return;
    this.lastPrune = Date.now();
    await this.db.execute(sql`delete from rate_limits where reset_at < now()`);
  }
}

/**
 * A token bucket's size: `burst` attempts at once when it is full, refilled at `perMinute` (one token every
 * 60 / perMinute seconds). Over any span, at most burst + perMinute * minutes attempts pass.
 */
export type BucketSize = { burst: number; perMinute: number };

/** The time one token takes to come back, in milliseconds. */
function refillMs(size: BucketSize): number {
  return 60_000 / size.perMinute;
}

/**
 * A token bucket per key in one process (PGlite, unit tests). Kept as one instant per key, the moment the
 * bucket is full again (the generic cell rate algorithm): a take moves it one token later, and is refused
 * when that would lie more than `burst` tokens ahead of now; a release moves it back.
 */
export class MemoryTokenBucket implements AttemptLimiter {
  private readonly fullAt = new Map<string, number>();

  constructor(
    private readonly size: BucketSize,
    private readonly refusal: Refusal,
    private readonly now: () => number = Date.now,
  ) {}

  // Synchronous from the check to the update: requests sent together are counted one by one.
  async take(key: string): Promise<Slot> {
    const now = this.now();
    const step = refillMs(this.size);
    const next = Math.max(this.fullAt.get(key) ?? now, now) + step;
    const overBy = next - now - this.size.burst * step;
    if (overBy > 0) throw refused(this.refusal, overBy / 1000);
    this.fullAt.set(key, next);
    if (this.fullAt.size > 50_000) this.prune(now);
    return {
      release: async () => {
        const at = this.fullAt.get(key);
        // A bucket already full again (or pruned) has nothing to give back.
        if (at !== undefined) this.fullAt.set(key, at - step);
      },
    };
  }

  private prune(now: number): void {
    for (const [key, at] of this.fullAt) if (at <= now) this.fullAt.delete(key);
  }
}

/**
 * The same token bucket in the `rate_limits` table, shared by every instance on one PostgreSQL, with no
 * column of its own: `reset_at` holds the moment the bucket is full again, `count` says whether the last
 * take passed (1) or was refused (0). Taking is ONE upsert, so racing requests on any number of instances
 * each see the one before; the database's clock decides. A row whose moment has passed is a full bucket,
 * so the pruning of expired windows deletes it with them.
 */
export class SharedTokenBucket implements AttemptLimiter {
  private lastPrune = 0;

  constructor(
    private readonly db: Database,
    /** Keeps the limiters apart in one table. */
    private readonly scope: string,
    private readonly size: BucketSize,
    private readonly refusal: Refusal,
    /** The time in milliseconds, for tests that hold it still; the database's clock when absent. */
    private readonly clock?: () => number,
  ) {}

  async take(key: string): Promise<Slot> {
    const rowKey = `${this.scope}:${key}`.slice(0, 200);
    const step = `${refillMs(this.size)} milliseconds`;
    const span = `${refillMs(this.size) * this.size.burst} milliseconds`;
    const now = this.clock ? sql`to_timestamp(${this.clock() / 1000}::double precision)` : sql`now()`;
    // `next` is when the bucket would be full again with this take; it passes unless that lies more than
    // the burst ahead of now. A refused take leaves the row's moment as it was.
    const next = sql`greatest(rate_limits.reset_at, ${now}) + ${step}::interval`;
    const passes = sql`${next} <= ${now} + ${span}::interval`;
    const result = (await this.db.execute(sql`
      insert into rate_limits (key, count, reset_at)
      values (${rowKey}, 1, ${now} + ${step}::interval)
      on conflict (key) do update set
        count = case when ${passes} then 1 else 0 end,
        reset_at = case when ${passes} then ${next} else rate_limits.reset_at end
      returning count,
        extract(epoch from (reset_at + ${step}::interval - ${now} - ${span}::interval)) as seconds_left`)) as unknown as {
      rows: { count: number | string; seconds_left: number | string }[];
    };
    await this.pruneNow();
    const row = result.rows[0]!;
    if (Number(row.count) === 0) throw refused(this.refusal, Number(row.seconds_left));
    return {
      release: async () => {
        await this.db.execute(sql`
          update rate_limits set reset_at = reset_at - ${step}::interval where key = ${rowKey}`);
      },
    };
  }

  /** Each instance deletes full buckets (and expired windows) at most once a minute. */
  private async pruneNow(): Promise<void> {
    if (Date.now() - this.lastPrune <= 60_000) return;
    this.lastPrune = Date.now();
    await this.db.execute(sql`delete from rate_limits where reset_at < now()`);
  }
}
