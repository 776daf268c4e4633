import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { AVATAR_ICONS } from '../../shared/avatars.ts';
import { cohorts, teams } from '../db/schema.ts';
import { createCohort } from '../../../testing/api/cohorts.ts';
import {
  createAdminSession,
  createTeamSession,
  describeApi,
  type Member,
  setAvatar,
} from '../../../testing/api/test-app.ts';

const avatarOf = async (app: FastifyInstance, teamId: string) => {
  const [row] = await app.db.select({ avatarIcon: teams.avatarIcon }).from(teams).where(eq(teams.id, teamId));
  return row!.avatarIcon;
};

/** Teams with their sessions, each with this avatar (a team's own choice, through the API). */
async function teamsWith(app: FastifyInstance, avatar: string, names: string[]): Promise<Member[]> {
  const members: Member[] = [];
  for (const name of names) {
    const member = await createTeamSession(app, name);
    expect((await setAvatar(app, member.cookie, member.team.id, avatar)).statusCode).toBe(200);
    members.push(member);
  }
  return members;
}

const joinByCode = async (app: FastifyInstance, member: Member, tag: string) => {
  const [row] = await app.db.select({ roomCode: cohorts.roomCode }).from(cohorts).where(eq(cohorts.tag, tag));
  return app.inject({
    method: 'POST',
    url: `/api/teams/${member.team.id}/cohort-join`,
    headers: { cookie: member.cookie },
    payload: { code: row!.roomCode },
  });
};

describeApi('no two teams of a cohort share an avatar', (ctx) => {
  it('a team joining with an avatar the cohort holds gets a free one; the team there first keeps its own', async () => {
    await createCohort(ctx.app, 'spring');
    const [first, second] = await teamsWith(ctx.app, 'fox.svg', ['Aurora', 'Borealis']);
    const [third] = await teamsWith(ctx.app, 'owl.svg', ['Comet']);
    // The owl joins before the second fox: the free avatar the second fox is given is chosen at random, and
    // could otherwise be the owl.
    expect((await joinByCode(ctx.app, first!, 'spring')).statusCode).toBe(200);
    expect((await joinByCode(ctx.app, third!, 'spring')).statusCode).toBe(200);
    expect((await joinByCode(ctx.app, second!, 'spring')).statusCode).toBe(200);
    expect(await avatarOf(ctx.app, first!.team.id)).toBe('fox.svg');
    const given = await avatarOf(ctx.app, second!.team.id);
    expect(given).not.toBe('fox.svg');
    expect(given).not.toBe('owl.svg');
    expect(AVATAR_ICONS).toContain(given);
    // A free choice is the team's to keep.
    expect(await avatarOf(ctx.app, third!.team.id)).toBe('owl.svg');
  });

  it("an instructor's assignment of many teams with one avatar leaves each its own, and many joins at once do too", async () => {
    await createCohort(ctx.app, 'crowd');
    await createCohort(ctx.app, 'rush');
    const admin = await createAdminSession(ctx.app);
    const assigned = await teamsWith(ctx.app, 'fox.svg', ['A1', 'A2', 'A3', 'A4', 'A5']);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts/crowd/teams',
      headers: { cookie: admin.cookie },
      payload: { teamIds: assigned.map((m) => m.team.id) },
    });
    expect(response.statusCode).toBe(200);
    const ids = assigned.map((m) => m.team.id);
    const rows = await ctx.app.db
      .select({ avatarIcon: teams.avatarIcon })
      .from(teams)
      .where(inArray(teams.id, ids));
    expect(new Set(rows.map((r) => r.avatarIcon)).size).toBe(5);
    // The first created keeps its own.
    expect(await avatarOf(ctx.app, assigned[0]!.team.id)).toBe('fox.svg');

    const rush = await teamsWith(ctx.app, 'owl.svg', ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8']);
    const answers = await Promise.all(rush.map((member) => joinByCode(ctx.app, member, 'rush')));
    expect(answers.map((a) => a.statusCode)).toEqual(rush.map(() => 200));
    const rushRows = await ctx.app.db
      .select({ avatarIcon: teams.avatarIcon })
      .from(teams)
      .where(eq(teams.cohortTag, 'rush'));
    expect(rushRows).toHaveLength(8);
    expect(new Set(rushRows.map((r) => r.avatarIcon)).size).toBe(8);
  });

  it('refuses an avatar another team of the cohort holds, and changes nothing; any other is the team’s choice', async () => {
    await createCohort(ctx.app, 'spring');
    const [aurora] = await teamsWith(ctx.app, 'fox.svg', ['Aurora']);
    const [borealis] = await teamsWith(ctx.app, 'owl.svg', ['Borealis']);
    await joinByCode(ctx.app, aurora!, 'spring');
    await joinByCode(ctx.app, borealis!, 'spring');
    const refused = await setAvatar(ctx.app, borealis!.cookie, borealis!.team.id, 'fox.svg');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Another team in your cohort has this avatar. Choose another one.');
    expect(await avatarOf(ctx.app, borealis!.team.id)).toBe('owl.svg');
    expect((await setAvatar(ctx.app, borealis!.cookie, borealis!.team.id, 'cat.svg')).statusCode).toBe(200);
    expect(await avatarOf(ctx.app, borealis!.team.id)).toBe('cat.svg');
    // Its own avatar again is no conflict, and a team in no cohort may take any.
    expect((await setAvatar(ctx.app, aurora!.cookie, aurora!.team.id, 'fox.svg')).statusCode).toBe(200);
    const [loner] = await teamsWith(ctx.app, 'fox.svg', ['Loner']);
    expect(await avatarOf(ctx.app, loner!.team.id)).toBe('fox.svg');
  });
});
