import type { Database } from '../db/client.ts';
import { type AttemptLimiter, MemoryAttemptLimiter, SharedAttemptLimiter } from '../lib/attempt-limiter.ts';
import { MESSAGES } from '../lib/messages.ts';

/**
 * Join codes that match no cohort, per team a minute (docs/decisions/035-pacing-and-joining.md). A code has
 * 48 random bits, so guessing is hopeless at any rate; this only keeps a broken or hostile page from
 * hammering the look-up. A code that exists never counts.
 */
export const JOIN_CODE_MISSES_PER_MINUTE = 20;

/** The limiter, shared by every instance on PostgreSQL (table `rate_limits`), in memory on PGlite. */
export function joinMissLimiter(db: Database, shared: boolean): AttemptLimiter {
  return shared
    ? new SharedAttemptLimiter(db, 'join', JOIN_CODE_MISSES_PER_MINUTE, MESSAGES.tooManyJoinCodes)
    : new MemoryAttemptLimiter(JOIN_CODE_MISSES_PER_MINUTE, MESSAGES.tooManyJoinCodes);
}
