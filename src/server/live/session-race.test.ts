import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { LiveMessage } from '../../shared/schemas/live.ts';
import { describeTwoInstances, openEventStream } from '../../../testing/api/live.ts';
import {
  createAdminSession,
  createTeamSession,
  describeApi,
  type Member,
} from '../../../testing/api/test-app.ts';

/**
 * A stream is never granted on a session that has already ended, whatever the timing (docs/SECURITY.md,
 * Live streams): a stream opened at the very moment its session ends (a logout, a new code) ends with it,
 * at once, on one instance or two. Before, an end-streams notice heard between the grant and the stream's
 * registration was missed, and the stream lived on until the next session check (up to 20 s).
 */

const ROUNDS = 25;
/** Far below the periodic session check (20 s): the stream ended with its session, not later. */
const ENDS_WITHIN_MS = 3000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function endsSoon(stream: { ended: boolean; pump: Promise<void> }, what: string) {
  await Promise.race([
    stream.pump,
    pause(ENDS_WITHIN_MS).then(() => {
      throw new Error(`a stream opened as ${what} was still open after ${ENDS_WITHIN_MS} ms`);
    }),
  ]);
  expect(stream.ended).toBe(true);
}

type End = {
  what: string;
  prepare?(app: FastifyInstance): Promise<unknown>;
  run(member: Member): Promise<unknown>;
};

/** Opens a team page's stream on `streams` and ends its session on `ender`, the two racing, many times. */
async function race(streams: FastifyInstance, ender: FastifyInstance, end: End) {
  for (let round = 0; round < ROUNDS; round++) {
    const member = await createTeamSession(ender, `Racer ${round}`);
    await end.prepare?.(ender);
    const opening = openEventStream<LiveMessage>(
      streams,
      `/api/events?page=${member.team.id}:racing-page-${round}:1`,
      { cookie: member.cookie },
    );
    // The end lands before, during or after the grant: a few milliseconds either way.
    await pause(round % 5);
    const [stream] = await Promise.all([opening, end.run(member)]);
    await endsSoon(stream, `${end.what} (round ${round})`);
  }
}

/** One instructor per app, made once (a password hash is slow next to the race). */
const instructors = new WeakMap<FastifyInstance, Promise<string>>();
const instructorOf = (app: FastifyInstance) => {
  let cookie = instructors.get(app);
  if (!cookie) {
    cookie = createAdminSession(app, 'racing-instructor').then((admin) => admin.cookie);
    instructors.set(app, cookie);
  }
  return cookie;
};

function ends(app: () => FastifyInstance): End[] {
  return [
    {
      what: 'the team logged out',
      run: (member) =>
        app().inject({ method: 'POST', url: '/api/auth/team/logout', headers: { cookie: member.cookie } }),
    },
    {
      what: 'the team got a new code',
      prepare: instructorOf,
      run: async (member) =>
        app().inject({
          method: 'POST',
          url: `/api/admin/teams/${member.team.id}/rotate-code`,
          headers: { cookie: await instructorOf(app()) },
        }),
    },
  ];
}

describeApi('a stream opened as its session ends', (ctx) => {
  for (const end of ends(() => ctx.app)) {
    it(`ends at once when ${end.what}, whatever the timing`, async () => {
      await race(ctx.app, ctx.app, end);
    }, 120_000);
  }
});

describeTwoInstances('a stream opened on one instance as its session ends on the other', (apps) => {
  for (const end of ends(() => apps.first)) {
    it(`ends at once when ${end.what}, whatever the timing`, async () => {
      await race(apps.second, apps.first, end);
    }, 120_000);
  }
});
