import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { upsertAdmin } from '../auth/queries.ts';
import { LOOKUP_BUCKET } from '../plugins/security.ts';
import { buildTestApp, describeApi, openTestDatabase, secondPoolOn } from '../../../testing/api/test-app.ts';

/**
 * The brute-force guards under bursts sent together (not one after another): a limit of N a minute means at
 * most N misses a minute, however the requests are timed, because the slot is taken before the look-up.
 */

const statuses = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

const unknownCode = (i: number) => `Z${String(i).padStart(3, '0')}`;
/** Misses one address may make at once (the look-up bucket's size). */
const BURST = LOOKUP_BUCKET.burst;

describeApi('brute-force guards under bursts', (ctx) => {
  it('a burst of 120 + 20 unknown codes sent together from one address: 120 answer 404, 20 answer 429', async () => {
    const responses = await Promise.all(
      Array.from({ length: BURST + 20 }, (_, i) => ctx.app.inject({ url: `/api/teams/${unknownCode(i)}` })),
    );
    expect(statuses(responses)).toEqual({ 404: BURST, 429: 20 });
    for (const refused of responses.filter((r) => r.statusCode === 429)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({
        message: expect.stringMatching(/^Too many wrong codes from this network/),
      });
    }
  });

  it('120 + 20 unknown access tokens sent together: 120 answer 401, 20 answer 429', async () => {
    const responses = await Promise.all(
      Array.from({ length: BURST + 20 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/team/login',
          payload: { access_token: `wrong-${i}` },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 401: BURST, 429: 20 });
  });

  it('25 wrong admin logins sent together: 10 answer 401, 15 answer 429', async () => {
    await upsertAdmin(ctx.app.db, 'instructor', 'correct horse battery');
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/admin/login',
          payload:
            i % 2 ? { username: 'instructor', password: `wrong ${i}` } : { username: 'ghost', password: 'x' },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 401: 10, 429: 15 });
  }, 60_000);

  it('a look-up that finds its workspace gives its slot back: 120 hits at once, 30 more, then 120 misses', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'Known' } });
    const { code } = created.json();
    // At most 120 look-ups are in flight per address at one moment: the slot is taken before the answer is known.
    const together = await Promise.all(
      Array.from({ length: BURST }, () => ctx.app.inject({ url: `/api/teams/${code}` })),
    );
    expect(statuses(together)).toEqual({ 200: BURST });
    for (let i = 0; i < 30; i++)
      expect((await ctx.app.inject({ url: `/api/teams/${code}` })).statusCode).toBe(200);
    const misses = await Promise.all(
      Array.from({ length: BURST }, (_, i) => ctx.app.inject({ url: `/api/teams/${unknownCode(i)}` })),
    );
    expect(statuses(misses)).toEqual({ 404: BURST });
    expect((await ctx.app.inject({ url: `/api/teams/${code}` })).statusCode).toBe(429);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('brute-force guards across two instances [postgres]', () => {
  let database: DatabaseHandle;
  let second: DatabaseHandle;
  let drop: () => Promise<void>;
  let apps: FastifyInstance[] = [];
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase('postgres'));
    second = await secondPoolOn(database);
  });
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
  });
  afterAll(async () => {
    await second?.close();
    await drop?.();
  });

  it('a burst of 120 + 20 misses split over two instances (own pools) gets 120 answers and 20 refusals', async () => {
    apps = [await buildTestApp(database), await buildTestApp(second)];
    const responses = await Promise.all(
      Array.from({ length: BURST + 20 }, (_, i) =>
        apps[i % 2]!.inject({ url: `/api/teams/${unknownCode(i)}`, remoteAddress: '10.9.9.9' }),
      ),
    );
    expect(statuses(responses)).toEqual({ 404: BURST, 429: 20 });
  });

  it('a burst of 24 wrong admin logins split over two instances gets 10 answers and 14 refusals', async () => {
    apps = [await buildTestApp(database), await buildTestApp(second)];
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/auth/admin/login',
          remoteAddress: '10.9.9.8',
          payload: { username: 'nobody', password: 'wrong' },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 401: 10, 429: 14 });
  }, 60_000);

  it('a burst of 70 creations from one address split over two instances creates 60 workspaces', async () => {
    apps = [await buildTestApp(database), await buildTestApp(second)];
    const responses = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/teams',
          remoteAddress: '10.9.9.7',
          payload: { name: `Shared ${i}` },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: 60, 429: 10 });
  });
});
