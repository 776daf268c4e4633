import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { AdminEvent } from '../../shared/schemas/admin.ts';
import type { CohortJoinPreview, CohortJoinResult } from '../../shared/schemas/cohort.ts';
import { cohorts, teams } from '../db/schema.ts';
import { createCohort, createCohortMembers } from '../../../testing/api/cohorts.ts';
import { openEventStream } from '../../../testing/api/live.ts';
import { createAdminSession, createTeamSession, describeApi } from '../../../testing/api/test-app.ts';
import { LOOKUP_BUCKET } from '../plugins/security.ts';
import { JOIN_CODE_MISSES_PER_MINUTE } from './join-limit.ts';

const codeOf = async (app: FastifyInstance, tag: string) => {
  const [row] = await app.db.select({ joinCode: cohorts.joinCode }).from(cohorts).where(eq(cohorts.tag, tag));
  return row!.joinCode;
};

const roomCodeOf = async (app: FastifyInstance, tag: string) => {
  const [row] = await app.db.select({ roomCode: cohorts.roomCode }).from(cohorts).where(eq(cohorts.tag, tag));
  return row!.roomCode;
};

const cohortOf = async (app: FastifyInstance, teamId: string) => {
  const [row] = await app.db.select({ cohortTag: teams.cohortTag }).from(teams).where(eq(teams.id, teamId));
  return row!.cohortTag;
};

const join = (app: FastifyInstance, teamId: string, payload: object, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/cohort-join`,
    headers: cookie ? { cookie } : {},
    payload,
  });

const preview = (app: FastifyInstance, teamId: string, code: string, cookie?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/teams/${teamId}/cohort-join/${encodeURIComponent(code)}`,
    headers: cookie ? { cookie } : {},
  });

describeApi('joining a cohort by its join link', (ctx) => {
  it('shows the cohort, joins it after the confirmation, and tells the dashboards live', async () => {
    await createCohort(ctx.app, 'spring');
    const code = await codeOf(ctx.app, 'spring');
    expect(code).toMatch(/^[ACDEFGHJKMNPRTWX]{12}$/);
    const admin = await createAdminSession(ctx.app);
    const team = await createTeamSession(ctx.app, 'Newcomers');
    const dashboard = await openEventStream<AdminEvent>(ctx.app, '/api/admin/events', {
      cookie: admin.cookie,
    });
    await dashboard.waitFor(1);

    // Read in capitals, spaces and hyphens aside.
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4, 8)} ${code.slice(8)}`;
    const seen = await preview(ctx.app, team.team.id, typed, team.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ cohort: { tag: 'spring', name: 'Cohort spring' }, from: null });
    expect(await cohortOf(ctx.app, team.team.id)).toBeNull();

    const joined = await join(ctx.app, team.team.id, { code: typed }, team.cookie);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({
      cohort: { tag: 'spring', name: 'Cohort spring' },
      from: null,
      joined: true,
    });
    expect(await cohortOf(ctx.app, team.team.id)).toBe('spring');
    expect(await dashboard.waitUntil((e) => e.type === 'joined')).toEqual({
      type: 'joined',
      teamId: team.team.id,
      teamName: 'Newcomers',
      cohortTag: 'spring',
      cohortName: 'Cohort spring',
    });
    expect(await dashboard.waitUntil((e) => e.type === 'team')).toMatchObject({
      teamId: team.team.id,
      reason: 'cohort',
    });

    // Again: nothing to do.
    const again = await join(ctx.app, team.team.id, { code }, team.cookie);
    expect(again.json()).toMatchObject({ joined: false, from: { tag: 'spring' } });
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/team/status',
      headers: { cookie: team.cookie },
    });
    expect(status.json().team.cohortTag).toBe('spring');
    await dashboard.close();
  });

  it('refuses every wrong caller and every cohort that takes no team, and changes nothing', async () => {
    await createCohort(ctx.app, 'open');
    await createCohort(ctx.app, 'closed');
    await createCohort(ctx.app, 'gone');
    await ctx.app.db.update(cohorts).set({ joiningOpen: false }).where(eq(cohorts.tag, 'closed'));
    await ctx.app.db.update(cohorts).set({ archivedAt: new Date() }).where(eq(cohorts.tag, 'gone'));
    const [open, closed, gone] = (await Promise.all(
      ['open', 'closed', 'gone'].map((tag) => codeOf(ctx.app, tag)),
    )) as [string, string, string];
    const [settled] = await createCohortMembers(ctx.app, 'open', ['Settled']);
    const other = await createTeamSession(ctx.app, 'Other');
    const team = await createTeamSession(ctx.app, 'Careful');

    const refusals: [string, () => ReturnType<typeof join>, number, string][] = [
      [
        'no session',
        () => join(ctx.app, team.team.id, { code: open }),
        401,
        'Team session required. Open your workspace first.',
      ],
      [
        "another team's id",
        () => join(ctx.app, team.team.id, { code: open }, other.cookie),
        403,
        'This workspace belongs to another team.',
      ],
      [
        'unknown code',
        () => join(ctx.app, team.team.id, { code: 'ACDEACDEACDE' }, team.cookie),
        404,
        "No cohort has this code. Check it on the room's screen or with your instructor.",
      ],
      [
        'not a code',
        () => join(ctx.app, team.team.id, { code: 'spring-2026' }, team.cookie),
        404,
        "No cohort has this code. Check it on the room's screen or with your instructor.",
      ],
      [
        'closed',
        () => join(ctx.app, team.team.id, { code: closed }, team.cookie),
        409,
        'Joining Cohort closed is closed. Ask your instructor to open it, then try again.',
      ],
      [
        'archived',
        () => join(ctx.app, team.team.id, { code: gone }, team.cookie),
        409,
        'Cohort gone is archived: it takes no new teams.',
      ],
      ['no code', () => join(ctx.app, team.team.id, {}, team.cookie), 400, 'code is required'],
    ];
    for (const [what, call, status, message] of refusals) {
      const response = await call();
      expect(response.statusCode, what).toBe(status);
      if (message) expect(response.json().message, what).toContain(message);
    }
    expect(await cohortOf(ctx.app, team.team.id)).toBeNull();

    // A team in another cohort is asked first: refused without `move`, moved with it.
    await createCohort(ctx.app, 'next');
    const next = await codeOf(ctx.app, 'next');
    const unconfirmed = await join(ctx.app, settled!.team.id, { code: next }, settled!.cookie);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toBe(
      'Your team is in Cohort open. Confirm that it moves to Cohort next (move: true).',
    );
    expect(await cohortOf(ctx.app, settled!.team.id)).toBe('open');
    const seen = await preview(ctx.app, settled!.team.id, next, settled!.cookie);
    expect(seen.json()).toEqual({
      cohort: { tag: 'next', name: 'Cohort next' },
      from: { tag: 'open', name: 'Cohort open' },
    } satisfies CohortJoinPreview);
    const moved = await join(ctx.app, settled!.team.id, { code: next, move: true }, settled!.cookie);
    expect(moved.json()).toEqual({
      cohort: { tag: 'next', name: 'Cohort next' },
      from: { tag: 'open', name: 'Cohort open' },
      joined: true,
    } satisfies CohortJoinResult);

    // The preview refuses the same way.
    expect((await preview(ctx.app, team.team.id, open)).statusCode).toBe(401);
    expect((await preview(ctx.app, team.team.id, open, other.cookie)).statusCode).toBe(403);
    expect((await preview(ctx.app, team.team.id, 'ACDEACDEACDE', team.cookie)).statusCode).toBe(404);
    expect((await preview(ctx.app, team.team.id, closed, team.cookie)).statusCode).toBe(409);
    expect((await preview(ctx.app, team.team.id, gone, team.cookie)).statusCode).toBe(409);
    expect(await cohortOf(ctx.app, team.team.id)).toBeNull();
  });

  it('lets the instructor close and reopen joining', async () => {
    await createCohort(ctx.app, 'spring');
    const code = await codeOf(ctx.app, 'spring');
    const admin = await createAdminSession(ctx.app);
    const team = await createTeamSession(ctx.app, 'Late');
    const close = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/spring',
      headers: { cookie: admin.cookie },
      payload: { joiningOpen: false },
    });
    expect(close.json()).toMatchObject({ tag: 'spring', joiningOpen: false });
    expect((await join(ctx.app, team.team.id, { code }, team.cookie)).statusCode).toBe(409);
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/spring',
      headers: { cookie: admin.cookie },
      payload: { joiningOpen: true },
    });
    expect((await join(ctx.app, team.team.id, { code }, team.cookie)).json()).toMatchObject({ joined: true });
  });

  it('slows down a page that tries code after code, and never counts a code that exists', async () => {
    await createCohort(ctx.app, 'spring');
    const code = await codeOf(ctx.app, 'spring');
    const team = await createTeamSession(ctx.app, 'Guesser');
    for (let i = 0; i < 5; i++) {
      expect((await preview(ctx.app, team.team.id, code, team.cookie)).statusCode).toBe(200);
    }
    for (let i = 0; i < JOIN_CODE_MISSES_PER_MINUTE; i++) {
      expect((await preview(ctx.app, team.team.id, 'ACDEACDEACDE', team.cookie)).statusCode).toBe(404);
    }
    const refused = await join(ctx.app, team.team.id, { code }, team.cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(
      /^Too many join codes that match no cohort\. Please wait \d+ seconds/,
    );
    // Another team of the room is not slowed down.
    const neighbour = await createTeamSession(ctx.app, 'Neighbour');
    expect((await join(ctx.app, neighbour.team.id, { code }, neighbour.cookie)).statusCode).toBe(200);
  });

  it('takes many teams joining at once, each once, and a team sending its join twice joins once', async () => {
    await createCohort(ctx.app, 'crowd');
    const code = await codeOf(ctx.app, 'crowd');
    const room = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createTeamSession(ctx.app, `Team ${i + 1}`)),
    );
    const answers = await Promise.all(
      room.flatMap((member) => [
        join(ctx.app, member.team.id, { code }, member.cookie),
        join(ctx.app, member.team.id, { code }, member.cookie),
      ]),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const joinedCount = answers.filter((a) => a.json().joined === true).length;
    expect(joinedCount).toBe(room.length);
    const members = await ctx.app.db.select({ id: teams.id }).from(teams).where(eq(teams.cohortTag, 'crowd'));
    expect(members).toHaveLength(room.length);
  });

  it('joins by the room code typed from the screen, beside the join link, and refuses a code no cohort has', async () => {
    await createCohort(ctx.app, 'spring');
    await createCohort(ctx.app, 'autumn');
    const room = await roomCodeOf(ctx.app, 'spring');
    expect(room).toMatch(/^[ACDEFGHJKMNPRTWX]{6}$/);
    expect(room).not.toBe(await roomCodeOf(ctx.app, 'autumn'));
    const admin = await createAdminSession(ctx.app);
    const list = await ctx.app.inject({ url: '/api/admin/cohorts', headers: { cookie: admin.cookie } });
    expect(list.json().find((c: { tag: string }) => c.tag === 'spring')).toMatchObject({ roomCode: room });
    // Never on the cohort's public record.
    const status = await ctx.app.inject({ url: '/api/cohorts/spring/status' });
    expect(JSON.stringify(status.json())).not.toContain(room);

    const team = await createTeamSession(ctx.app, 'Typists');
    // Typed as the screen shows it: lower case, in two groups.
    const typed = `${room.slice(0, 3).toLowerCase()} ${room.slice(3)}`;
    const seen = await preview(ctx.app, team.team.id, typed, team.cookie);
    expect(seen.json()).toEqual({ cohort: { tag: 'spring', name: 'Cohort spring' }, from: null });
    const joined = await join(ctx.app, team.team.id, { code: typed }, team.cookie);
    expect(joined.json()).toMatchObject({ joined: true, cohort: { tag: 'spring' } });
    expect(await cohortOf(ctx.app, team.team.id)).toBe('spring');

    // A room code no cohort has, and one no cohort can have: the same clear refusal; nothing changes.
    const other = await createTeamSession(ctx.app, 'Mistypers');
    const unused = room === 'ACDEFG' ? 'ACDEFH' : 'ACDEFG';
    const takenByNone = (await roomCodeOf(ctx.app, 'autumn')) === unused ? 'HJKMNP' : unused;
    for (const code of [takenByNone, 'SPRING', 'AB']) {
      const refused = await join(ctx.app, other.team.id, { code }, other.cookie);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(
        "No cohort has this code. Check it on the room's screen or with your instructor.",
      );
    }
    expect(await cohortOf(ctx.app, other.team.id)).toBeNull();

    // Closed joining refuses the room code as it does the link.
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/spring',
      headers: { cookie: admin.cookie },
      payload: { joiningOpen: false },
    });
    const closed = await join(ctx.app, other.team.id, { code: room }, other.cookie);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(
      'Joining Cohort spring is closed. Ask your instructor to open it, then try again.',
    );
    expect(await cohortOf(ctx.app, other.team.id)).toBeNull();
  });

  it("counts a room code that matches no cohort on the address's look-up bucket, the Workspace Code's", async () => {
    await createCohort(ctx.app, 'spring');
    const room = await roomCodeOf(ctx.app, 'spring');
    const team = await createTeamSession(ctx.app, 'Guesser');
    const address = '198.51.100.77';
    // The address spends its bucket on Workspace Codes that match no team.
    for (let i = 0; i < LOOKUP_BUCKET.burst; i++) {
      const miss = await ctx.app.inject({
        url: `/api/teams/Q${String(i).padStart(3, '0')}`,
        remoteAddress: address,
      });
      expect(miss.statusCode).toBe(404);
    }
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${team.team.id}/cohort-join/${room === 'ACDEFG' ? 'ACDEFH' : 'ACDEFG'}`,
      headers: { cookie: team.cookie },
      remoteAddress: address,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many wrong codes from this network\. Try again in \d+ seconds\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address of the room is not slowed down.
    expect((await preview(ctx.app, team.team.id, room, team.cookie)).statusCode).toBe(200);
  });
});
