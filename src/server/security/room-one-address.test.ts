import { expect, it } from 'vitest';
import { CODE_SPACE } from '../../shared/workspace-code.ts';
import { HttpError } from '../lib/http-error.ts';
import { MemoryAttemptLimiter } from '../lib/attempt-limiter.ts';
import { LOOKUP_BUCKET } from '../plugins/security.ts';
import { buildTestApp, describeApi, stillClock } from '../../../testing/api/test-app.ts';

/**
 * A classroom behind one address (a venue's network) against a guesser on one address: the room's typos
 * never empty the bucket of failed look-ups, so every team opens its own code; a guesser's tries an hour
 * stay below what the fixed window of 20 a minute allowed before.
 */

const ROOM = '203.0.113.30';
const TEAMS = 30;
/** A miss no team has: `Q` and a number. */
const typo = (team: number, attempt: number) => `/api/teams/Q${String(team * 10 + attempt).padStart(3, '0')}`;

/**
 * The limit before, measured on the same guesser: a fixed window of 20 failed look-ups a minute, tried
 * every 2.5 seconds for an hour, as fast as it lets tries through.
 */
async function guessesAnHourBefore(): Promise<number> {
  let now = 0;
  const window = new MemoryAttemptLimiter(
    20,
    () => 'Too many.',
    60_000,
    () => now,
  );
  let passed = 0;
  for (; now < 3_600_000; now += 2_500) {
    for (;;) {
      try {
        await window.take('guesser');
        passed += 1;
      } catch (error) {
        if (error instanceof HttpError) break;
        throw error;
      }
    }
  }
  return passed;
}

describeApi('a room on one address', (ctx) => {
  it('30 teams each mistype 3 times, all at the same moment, and then every team opens its own code', async () => {
    const room = await Promise.all(
      Array.from({ length: TEAMS }, async (_, i) => {
        const created = await ctx.app.inject({
          method: 'POST',
          url: '/api/teams',
          remoteAddress: ROOM,
          payload: { name: `Team ${i + 1}` },
        });
        expect(created.statusCode).toBe(201);
        return created.json() as { code: string; accessToken: string; name: string };
      }),
    );
    // 90 misses from one address, on a clock that stands still: no try comes back in between.
    const misses = await Promise.all(
      room.flatMap((_, team) =>
        [0, 1, 2].map((attempt) => ctx.app.inject({ url: typo(team, attempt), remoteAddress: ROOM })),
      ),
    );
    expect(misses.map((r) => r.statusCode)).toEqual(Array(TEAMS * 3).fill(404));
    // Each team types its code in lower case, as it reads it off its note, and opens its workspace.
    const opened = await Promise.all(
      room.map(async (team) => {
        const found = await ctx.app.inject({
          url: `/api/teams/${team.code.toLowerCase()}`,
          remoteAddress: ROOM,
        });
        const login = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/team/login',
          remoteAddress: ROOM,
          payload: { access_token: found.json().accessToken },
        });
        return [found.statusCode, login.statusCode, login.json().name];
      }),
    );
    expect(opened).toEqual(room.map((team) => [200, 200, team.name]));
  });

  it('the same room mistyping twice each (60 misses) still has 60 tries left for later typos', async () => {
    for (let i = 0; i < TEAMS * 2; i++) {
      expect((await ctx.app.inject({ url: typo(i, 0), remoteAddress: ROOM })).statusCode).toBe(404);
    }
    for (let i = 0; i < LOOKUP_BUCKET.burst - TEAMS * 2; i++) {
      expect((await ctx.app.inject({ url: typo(i, 1), remoteAddress: ROOM })).statusCode).toBe(404);
    }
    const refused = await ctx.app.inject({ url: typo(0, 2), remoteAddress: ROOM });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().message).toBe('Too many wrong codes from this network. Try again in 5 seconds.');
  });

  it('a guesser on one address: 120 at once, then 12 a minute, no more tries an hour than before', async () => {
    const clock = stillClock();
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, {}, { clock: clock.now });
    let guess = 0;
    const next = () => `/api/teams/X${String(guess++ % 1000).padStart(3, '0')}`;
    /** Guesses until one is refused; how many were let through. */
    const guessUntilRefused = async () => {
      let passed = 0;
      for (;;) {
        const response = await ctx.app.inject({ url: next(), remoteAddress: '198.51.100.66' });
        if (response.statusCode === 429) return passed;
        expect(response.statusCode).toBe(404);
        passed += 1;
      }
    };

    const burst = await guessUntilRefused();
    expect(burst).toBe(LOOKUP_BUCKET.burst);
    // Ten minutes of guessing as fast as it is let through, every 2.5 seconds.
    let sustained = 0;
    for (let elapsed = 0; elapsed < 600_000; elapsed += 2_500) {
      clock.advance(2_500);
      sustained += await guessUntilRefused();
    }
    expect(sustained).toBe(120);

    const perHour = sustained * 6;
    expect(perHour).toBe(720);
    // Before: a fixed window of 20 a minute, 1,200 an hour; now even the first hour (burst included) is below.
    const before = await guessesAnHourBefore();
    expect(before).toBe(1_200);
    expect(burst + perHour).toBeLessThanOrEqual(before);
    // The expected time to find one of 30 workspaces: before, 36^4 codes at 1,200 an hour (about 45 hours);
    // now, new codes of 32 characters (32^4) at 720 an hour (about 47 hours): no faster.
    const hoursToFindOneOf30 = (space: number, perHourRate: number) => (space + 1) / (30 + 1) / perHourRate;
    expect(CODE_SPACE).toBe(32 ** 4);
    expect(Math.round(hoursToFindOneOf30(36 ** 4, before))).toBe(45);
    expect(Math.round(hoursToFindOneOf30(CODE_SPACE, perHour))).toBe(47);
    expect(hoursToFindOneOf30(CODE_SPACE, perHour)).toBeGreaterThan(hoursToFindOneOf30(36 ** 4, before));
  }, 120_000);
});
