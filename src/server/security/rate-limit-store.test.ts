import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import {
  type AttemptLimiter,
  type BucketSize,
  MemoryAttemptLimiter,
  MemoryTokenBucket,
  SharedAttemptLimiter,
  SharedTokenBucket,
  type Slot,
} from '../lib/attempt-limiter.ts';
import { HttpError } from '../lib/http-error.ts';
import {
  DATABASE_MODES,
  buildTestApp,
  describeApi,
  openTestDatabase,
  stillClock,
  type TestClock,
} from '../../../testing/api/test-app.ts';
import { LOOKUP_BUCKET } from '../plugins/security.ts';

async function rejection(promise: Promise<unknown>): Promise<HttpError | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

const refusal = () => 'Too many.';

/** The behaviour both stores share: `max` slots per window, then 429 with Retry-After, then a reset. */
async function expectLimits(limiter: AttemptLimiter, max: number, waitForReset: () => Promise<void>) {
  for (let i = 0; i < max; i++) await limiter.take('1.2.3.4');
  const refused = await rejection(limiter.take('1.2.3.4'));
  expect(refused?.statusCode).toBe(429);
  expect(refused?.message).toBe('Too many.');
  expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  // Another key has its own count.
  await expect(limiter.take('5.6.7.8')).resolves.toBeDefined();
  await waitForReset();
  await expect(limiter.take('1.2.3.4')).resolves.toBeDefined();
}

/** Slots given back are free again; a refused take holds none. */
async function expectRelease(limiter: AttemptLimiter, max: number) {
  const slots: Slot[] = [];
  for (let i = 0; i < max; i++) slots.push(await limiter.take('k'));
  expect((await rejection(limiter.take('k')))?.statusCode).toBe(429);
  expect((await rejection(limiter.take('k')))?.statusCode).toBe(429);
  await slots[0]!.release();
  await limiter.take('k');
  expect((await rejection(limiter.take('k')))?.statusCode).toBe(429);
}

describe('MemoryAttemptLimiter (PGlite, one process)', () => {
  it('allows max slots per window, then 429 with Retry-After, and resets with the window', async () => {
    let now = 1_000_000;
    const limiter = new MemoryAttemptLimiter(3, refusal, 60_000, () => now);
    await expectLimits(limiter, 3, async () => {
      now += 60_000;
    });
  });

  it('reports the seconds left in the window as Retry-After', async () => {
    let now = 0;
    const limiter = new MemoryAttemptLimiter(1, refusal, 60_000, () => now);
    await limiter.take('k');
    now = 45_500;
    expect((await rejection(limiter.take('k')))?.headers['retry-after']).toBe('15');
  });

  it('takes a slot back on release, and a refused take holds none', async () => {
    await expectRelease(new MemoryAttemptLimiter(3, refusal), 3);
  });

  it('a release from an ended window leaves the new window alone', async () => {
    let now = 0;
    const limiter = new MemoryAttemptLimiter(1, refusal, 60_000, () => now);
    const old = await limiter.take('k');
    now = 60_000;
    await limiter.take('k');
    await old.release();
    expect((await rejection(limiter.take('k')))?.statusCode).toBe(429);
  });

  it('gives exactly max of many simultaneous takes', async () => {
    const limiter = new MemoryAttemptLimiter(20, refusal);
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => limiter.take('burst')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
  });
});

for (const mode of DATABASE_MODES) {
  describe(`SharedAttemptLimiter on the rate_limits table [${mode}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ database, drop } = await openTestDatabase(mode));
    });
    afterAll(async () => {
      await drop?.();
    });

    it('allows max slots per window, then 429 with Retry-After, and resets with the window', async () => {
      const limiter = new SharedAttemptLimiter(database.db, 'unit', 3, refusal, 700);
      await expectLimits(limiter, 3, () => new Promise((resolve) => setTimeout(resolve, 800)));
    });

    it('takes a slot back on release, and a refused take holds none', async () => {
      await expectRelease(new SharedAttemptLimiter(database.db, 'release', 3, refusal), 3);
    });

    it('a release from an ended window leaves the new window alone', async () => {
      const limiter = new SharedAttemptLimiter(database.db, 'windows', 1, refusal, 300);
      const old = await limiter.take('k');
      await new Promise((resolve) => setTimeout(resolve, 400));
      await limiter.take('k');
      await old.release();
      expect((await rejection(limiter.take('k')))?.statusCode).toBe(429);
    });

    it('gives exactly max of many simultaneous takes (one atomic statement each)', async () => {
      const limiter = new SharedAttemptLimiter(database.db, 'burst', 20, refusal);
      const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => limiter.take('9.9.9.9')));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
      const result = (await database.db.execute(
        sql`select count from rate_limits where key = 'burst:9.9.9.9'`,
      )) as unknown as { rows: { count: number }[] };
      // Full, and someone was refused: max + 1, never more.
      expect(Number(result.rows[0]?.count)).toBe(21);
    });

    it('keeps scopes apart: lookups and admin logins count separately', async () => {
      const lookups = new SharedAttemptLimiter(database.db, 'lookup-scope', 1, refusal);
      const logins = new SharedAttemptLimiter(database.db, 'login-scope', 1, refusal);
      await lookups.take('ip');
      expect((await rejection(lookups.take('ip')))?.statusCode).toBe(429);
      await expect(logins.take('ip')).resolves.toBeDefined();
    });
  });
}

/** A bucket of 3, one try back every 10 seconds. */
const SMALL: BucketSize = { burst: 3, perMinute: 6 };

/** What both token buckets do: a burst, then one try per refill, a release gives one back. */
function bucketBehaviour(make: (clock: TestClock) => AttemptLimiter) {
  it('passes the burst at once, then refuses with the seconds until the next try comes back', async () => {
    const clock = stillClock();
    const bucket = make(clock);
    for (let i = 0; i < 3; i++) await bucket.take('k');
    const refused = await rejection(bucket.take('k'));
    expect(refused?.statusCode).toBe(429);
    expect(refused?.message).toBe('Too many.');
    expect(refused?.headers['retry-after']).toBe('10');
    clock.advance(4_000);
    expect((await rejection(bucket.take('k')))?.headers['retry-after']).toBe('6');
    // Another key has its own bucket.
    await expect(bucket.take('other')).resolves.toBeDefined();
  });

  it('refills one try per interval, never more than the burst', async () => {
    const clock = stillClock();
    const bucket = make(clock);
    for (let i = 0; i < 3; i++) await bucket.take('k');
    clock.advance(10_000);
    await bucket.take('k');
    expect((await rejection(bucket.take('k')))?.statusCode).toBe(429);
    // A long pause fills the bucket up to its size, not beyond.
    clock.advance(3_600_000);
    for (let i = 0; i < 3; i++) await bucket.take('k');
    expect((await rejection(bucket.take('k')))?.statusCode).toBe(429);
  });

  it('takes a try back on release, and a refused take holds none', async () => {
    const clock = stillClock();
    const bucket = make(clock);
    const slots: Slot[] = [];
    for (let i = 0; i < 3; i++) slots.push(await bucket.take('k'));
    expect((await rejection(bucket.take('k')))?.statusCode).toBe(429);
    expect((await rejection(bucket.take('k')))?.statusCode).toBe(429);
    await slots[0]!.release();
    await bucket.take('k');
    expect((await rejection(bucket.take('k')))?.statusCode).toBe(429);
  });

  it('gives exactly the burst of many simultaneous takes', async () => {
    const bucket = make(stillClock());
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => bucket.take('burst')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
  });
}

describe('MemoryTokenBucket (PGlite, one process)', () => {
  bucketBehaviour((clock) => new MemoryTokenBucket(SMALL, refusal, clock.now));
});

for (const mode of DATABASE_MODES) {
  describe(`SharedTokenBucket on the rate_limits table [${mode}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let scope = 0;
    beforeAll(async () => {
      ({ database, drop } = await openTestDatabase(mode));
    });
    afterAll(async () => {
      await drop?.();
    });

    bucketBehaviour((clock) => {
      scope += 1;
      return new SharedTokenBucket(database.db, `bucket-${scope}`, SMALL, refusal, clock.now);
    });

    it("reads the database's clock when given none", async () => {
      const bucket = new SharedTokenBucket(database.db, 'real-clock', SMALL, refusal);
      for (let i = 0; i < 3; i++) await bucket.take('k');
      const refused = await rejection(bucket.take('k'));
      expect(refused?.statusCode).toBe(429);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(9);
      expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(10);
    });
  });
}

describeApi('attempt limiter wiring', (ctx) => {
  it('uses the shared table on PostgreSQL and memory on PGlite', () => {
    const expected = ctx.mode === 'postgres' ? SharedAttemptLimiter : MemoryAttemptLimiter;
    const bucket = ctx.mode === 'postgres' ? SharedTokenBucket : MemoryTokenBucket;
    expect(ctx.app.lookupAttempts).toBeInstanceOf(bucket);
    expect(ctx.app.loginAttempts).toBeInstanceOf(expected);
    expect(ctx.app.creationAttempts).toBeInstanceOf(expected);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL [postgres]', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase('postgres'));
  });
  afterEach(async () => {
    await first?.close();
    await second?.close();
  });
  afterAll(async () => {
    await drop?.();
  });

  it('share the failed look-up bucket: 60 misses on each empty it, then a 429 on either', async () => {
    first = await buildTestApp(database);
    second = await buildTestApp(database);
    for (let i = 0; i < LOOKUP_BUCKET.burst; i++) {
      const app = i % 2 === 0 ? first : second;
      const miss = await app.inject({ url: `/api/teams/Q${String(i).padStart(3, '0')}` });
      expect(miss.statusCode).toBe(404);
    }
    for (const app of [first, second]) {
      const limited = await app.inject({ url: '/api/teams/QQQQ' });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(5);
    }
    // Another address is not limited.
    const elsewhere = await second.inject({ url: '/api/teams/QQQQ', remoteAddress: '10.0.0.9' });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('share the failed admin login limit: 5 on each make the 11th a 429', async () => {
    first = await buildTestApp(database);
    second = await buildTestApp(database);
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? first : second;
      const failed = await app.inject({
        method: 'POST',
        url: '/api/auth/admin/login',
        remoteAddress: '10.0.0.77',
        payload: { username: 'nobody', password: 'wrong' },
      });
      expect(failed.statusCode).toBe(401);
    }
    const limited = await first.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      remoteAddress: '10.0.0.77',
      payload: { username: 'nobody', password: 'wrong' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describeApi('general request limit (per instance)', (ctx) => {
  it('answers 429 { message } with Retry-After past the limit, per IP, and never limits /api/health', async () => {
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { requestsPerMinute: 5 });
    for (let i = 0; i < 5; i++) {
      expect((await ctx.app.inject({ url: '/api/auth/admin/status' })).statusCode).toBe(200);
    }
    const limited = await ctx.app.inject({ url: '/api/auth/admin/status' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/Too many requests/) });
    const otherAddress = await ctx.app.inject({ url: '/api/auth/admin/status', remoteAddress: '10.1.1.1' });
    expect(otherAddress.statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
