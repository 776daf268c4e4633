import { HttpError } from './http-error.ts';

/**
 * Counts failed attempts (unknown codes, bad tokens, wrong passwords) per key in a fixed window. Only
 * failures count, so a classroom behind one IP is not throttled by its successful calls.
 */
export class FailureLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 with Retry-After when the key has used up its failures for this window. */
  assertAllowed(key: string): void {
    const entry = this.current(key);
    if (entry && entry.count >= this.max) {
      const retryAfter = Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000));
      throw new HttpError(429, 'Too many failed attempts. Please wait a minute and try again.', {
        'retry-after': String(retryAfter),
      });
    }
  }

  recordFailure(key: string): void {
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
