import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { CohortEvent } from '../../shared/schemas/cohort.ts';
import { cohorts } from '../db/schema.ts';
import { createCohort, createCohortMembers } from '../../../testing/api/cohorts.ts';
import {
  createAdminSession,
  createTeamSession,
  describeApi,
  type Member,
  saveAnswers,
} from '../../../testing/api/test-app.ts';
import { MESSAGES } from '../lib/messages.ts';
import { liveChannel } from '../live/event-bus.ts';

/** A cohort whose teams have all submitted, with voting open and results visible. */
async function votingCohort(app: FastifyInstance, tag: string, names: string[]): Promise<Member[]> {
  await createCohort(app, tag, { competitionEnabled: true, votingOpen: true, resultsVisible: true });
  return createCohortMembers(app, tag, names);
}

async function castBallot(app: FastifyInstance, tag: string, voter: Member, ranked: Member[]) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/showcase/${tag}/vote`,
    headers: { cookie: voter.cookie },
    payload: { votes: ranked.map((m, i) => ({ voted_for_team_id: m.team.id, rank: i + 1 })) },
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** Answers and a shared fact of the member's, for a deletion to remove. */
async function saveAnswersAndFact(app: FastifyInstance, member: Member, phaseNumber: number) {
  const response = await saveAnswers(app, member, phaseNumber, {
    idea: `${member.team.name} ${phaseNumber}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const facts = await app.inject({
    method: 'POST',
    url: `/api/teams/${member.team.id}/facts`,
    headers: { cookie: member.cookie },
    payload: {
      values: { [phaseNumber === 1 ? 'company_name' : 'sector']: member.team.name },
      givenIn: phaseNumber,
    },
  });
  expect(facts.statusCode, facts.body).toBe(200);
}

function deleteTeam(app: FastifyInstance, id: string, cookie: string | undefined, payload?: unknown) {
  return app.inject({
    method: 'DELETE',
    url: `/api/teams/${id}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function deleteCohort(app: FastifyInstance, tag: string, cookie: string | undefined) {
  return app.inject({
    method: 'DELETE',
    url: `/api/admin/cohorts/${tag}`,
    headers: cookie ? { cookie } : {},
  });
}

/** Row counts of every table a deletion may touch, to prove a refusal changed nothing. */
async function snapshot(app: FastifyInstance) {
  const result = (await app.db.execute(sql`
    select (select count(*) from teams)::int as teams, (select count(*) from phase_data)::int as answers,
      (select count(*) from team_facts)::int as facts,
      (select count(*) from ballots)::int as ballots, (select count(*) from ballot_entries)::int as entries,
      (select count(*) from sessions)::int as sessions, (select count(*) from cohorts)::int as cohorts,
      (select count(*) from teams where cohort_tag is not null)::int as assigned`)) as unknown as {
    rows: Record<string, number>[];
  };
  return result.rows[0];
}

async function results(app: FastifyInstance, tag: string, cookie: string) {
  const response = await app.inject({ url: `/api/showcase/${tag}/results`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { teamName: string; totalPoints: number; votes: { count: number }[] }[]).map(
    (row) => [row.teamName, row.totalPoints, row.votes.map((v) => v.count).join('/')],
  );
}

/** Events published for a cohort while `action` runs. */
async function eventsDuring(app: FastifyInstance, tag: string, action: () => Promise<unknown>) {
  const events: CohortEvent[] = [];
  const unsubscribe = app.liveEvents.subscribe(liveChannel.cohort(tag), (event) =>
    events.push(event as CohortEvent),
  );
  try {
    await action();
  } finally {
    unsubscribe();
  }
  return events;
}

describeApi('deleting a team', (ctx) => {
  it('an instructor deletes a team with its answers, ballot, votes and sessions; the rest stays', async () => {
    const [alpha, beta, gamma, delta] = await votingCohort(ctx.app, 'spring', [
      'Alpha',
      'Beta',
      'Gamma',
      'Delta',
    ]);
    await saveAnswersAndFact(ctx.app, beta!, 1);
    await saveAnswersAndFact(ctx.app, beta!, 2);
    await saveAnswersAndFact(ctx.app, alpha!, 1);
    await castBallot(ctx.app, 'spring', beta!, [alpha!, gamma!, delta!]);
    await castBallot(ctx.app, 'spring', alpha!, [beta!, gamma!, delta!]);
    const admin = await createAdminSession(ctx.app);
    const before = await snapshot(ctx.app);

    const response = await deleteTeam(ctx.app, beta!.team.id, admin.cookie, { confirmName: 'Beta' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: beta!.team.id, name: 'Beta', cohortTag: 'spring' });
    expect(response.headers['set-cookie'], 'an instructor keeps their own cookies').toBeUndefined();

    expect(await snapshot(ctx.app)).toEqual({
      ...before,
      teams: before!.teams! - 1,
      answers: before!.answers! - 2,
      facts: before!.facts! - 2,
      // Beta's ballot (3 entries) and Alpha's vote for Beta.
      ballots: before!.ballots! - 1,
      entries: before!.entries! - 4,
      sessions: before!.sessions! - 1,
      assigned: before!.assigned! - 1,
    });
    // Beta's session ended; its code opens nothing; Alpha's answers are untouched.
    const status = await ctx.app.inject({ url: '/api/auth/team/status', headers: { cookie: beta!.cookie } });
    expect(status.statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `/api/teams/${beta!.team.code}` })).statusCode).toBe(404);
    const kept = await ctx.app.inject({
      url: `/api/phase-data/${alpha!.team.id}/1`,
      headers: { cookie: alpha!.cookie },
    });
    expect(kept.json().data).toEqual({ idea: 'Alpha 1' });
  });

  it('results recompute without the deleted team: neither its ballot nor the votes for it count', async () => {
    const [alpha, beta, gamma, delta] = await votingCohort(ctx.app, 'spring', [
      'Alpha',
      'Beta',
      'Gamma',
      'Delta',
    ]);
    await castBallot(ctx.app, 'spring', alpha!, [beta!, gamma!, delta!]);
    await castBallot(ctx.app, 'spring', beta!, [gamma!, delta!, alpha!]);
    await castBallot(ctx.app, 'spring', gamma!, [beta!, alpha!, delta!]);
    const admin = await createAdminSession(ctx.app);
    expect(await results(ctx.app, 'spring', admin.cookie)).toEqual([
      ['Beta', 6, '2/0/0'],
      ['Gamma', 5, '1/1/0'],
      ['Delta', 4, '0/1/2'],
      ['Alpha', 3, '0/1/1'],
    ]);

    expect((await deleteTeam(ctx.app, beta!.team.id, admin.cookie, { confirmName: 'Beta' })).statusCode).toBe(
      200,
    );
    // Left: Alpha's ballot without its vote for Beta (Gamma 2, Delta 1) and Gamma's (Alpha 2, Delta 1).
    // All on 2 points: Alpha and Gamma, with a 2nd place each, share a place ahead of Delta.
    expect(await results(ctx.app, 'spring', admin.cookie)).toEqual([
      ['Alpha', 2, '0/1/0'],
      ['Gamma', 2, '0/1/0'],
      ['Delta', 2, '0/0/2'],
    ]);
  });

  it('a team deletes its own workspace: its cookie is cleared and its session ends', async () => {
    const own = await createTeamSession(ctx.app, 'Solo Squad');
    await saveAnswersAndFact(ctx.app, own, 3);
    const response = await deleteTeam(ctx.app, own.team.id, own.cookie, { confirmName: '  Solo Squad ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: own.team.id, name: 'Solo Squad', cohortTag: null });
    // The session cookie and its readable hint both go.
    for (const name of ['genai_team', 'genai_team_hint']) {
      expect(response.cookies.find((c) => c.name === name)?.value, name).toBe('');
    }
    expect(await snapshot(ctx.app)).toMatchObject({ teams: 0, answers: 0, sessions: 0 });
    const after = await ctx.app.inject({
      url: `/api/phase-data/${own.team.id}/3`,
      headers: { cookie: own.cookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it("tells the cohort's live pages the new ballot and team counts", async () => {
    const [alpha, beta, gamma] = await votingCohort(ctx.app, 'spring', ['Alpha', 'Beta', 'Gamma']);
    await castBallot(ctx.app, 'spring', beta!, [alpha!, gamma!]);
    const events = await eventsDuring(ctx.app, 'spring', () =>
      deleteTeam(ctx.app, beta!.team.id, beta!.cookie, { confirmName: 'Beta' }),
    );
    expect(events).toEqual([{ type: 'ballots', ballotCount: 0, teamCount: 2 }]);
  });

  it.each([
    ['another name', { confirmName: 'Gamma' }],
    ['the name in another case', { confirmName: 'beta' }],
    ['an empty confirmation', { confirmName: '' }],
  ])('refuses %s with a clear 400 and changes nothing', async (_label, payload) => {
    const [alpha, beta, gamma] = await votingCohort(ctx.app, 'spring', ['Alpha', 'Beta', 'Gamma']);
    await saveAnswersAndFact(ctx.app, beta!, 1);
    await castBallot(ctx.app, 'spring', beta!, [alpha!, gamma!]);
    const admin = await createAdminSession(ctx.app);
    const before = await snapshot(ctx.app);
    for (const cookie of [beta!.cookie, admin.cookie]) {
      const response = await deleteTeam(ctx.app, beta!.team.id, cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.wrongDeletionConfirmation });
    }
    expect(await snapshot(ctx.app)).toEqual(before);
    const status = await ctx.app.inject({ url: '/api/auth/team/status', headers: { cookie: beta!.cookie } });
    expect(status.statusCode).toBe(200);
  });

  it('refuses a missing confirmation, nobody (401), another team (403) and an unknown team (404)', async () => {
    const own = await createTeamSession(ctx.app, 'Own');
    const other = await createTeamSession(ctx.app, 'Other');
    const admin = await createAdminSession(ctx.app);
    const before = await snapshot(ctx.app);

    const missing = await deleteTeam(ctx.app, own.team.id, own.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/confirmName/);
    const noName = await deleteTeam(ctx.app, own.team.id, own.cookie, {});
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/confirmName is required/);

    const anonymous = await deleteTeam(ctx.app, own.team.id, undefined, { confirmName: 'Own' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Team session required. Open your workspace first.' });
    const foreign = await deleteTeam(ctx.app, own.team.id, other.cookie, { confirmName: 'Own' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'This workspace belongs to another team.' });
    const unknown = await deleteTeam(ctx.app, '00000000-0000-4000-8000-000000000000', admin.cookie, {
      confirmName: 'Own',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MESSAGES.workspaceNotFound });
    const badId = await deleteTeam(ctx.app, 'not-a-uuid', admin.cookie, { confirmName: 'Own' });
    expect(badId.statusCode).toBe(400);
    expect(await snapshot(ctx.app)).toEqual(before);
  });

  it('two deletions of one team sent together: one succeeds, the other finds nothing (404)', async () => {
    const own = await createTeamSession(ctx.app, 'Twice');
    const admin = await createAdminSession(ctx.app);
    const responses = await Promise.all([
      deleteTeam(ctx.app, own.team.id, own.cookie, { confirmName: 'Twice' }),
      deleteTeam(ctx.app, own.team.id, admin.cookie, { confirmName: 'Twice' }),
    ]);
    const statuses = responses.map((r) => r.statusCode).sort();
    // The team's own call may also find its session already gone with the team (401).
    expect(statuses[0]).toBe(200);
    expect([401, 404]).toContain(statuses[1]);
    expect(await snapshot(ctx.app)).toMatchObject({ teams: 0 });
  });
});

describeApi('deleting a cohort', (ctx) => {
  it('deletes an archived cohort: its teams stay, in no cohort; its ballots go; its tag is free again', async () => {
    const [alpha, beta, gamma] = await votingCohort(ctx.app, 'autumn', ['Alpha', 'Beta', 'Gamma']);
    await castBallot(ctx.app, 'autumn', alpha!, [beta!, gamma!]);
    await castBallot(ctx.app, 'autumn', beta!, [alpha!, gamma!]);
    await votingCohort(ctx.app, 'winter', ['Other']);
    const admin = await createAdminSession(ctx.app);
    const archive = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts/autumn/archive',
      headers: { cookie: admin.cookie },
    });
    expect(archive.statusCode).toBe(200);

    const events = await eventsDuring(ctx.app, 'autumn', async () => {
      const response = await deleteCohort(ctx.app, 'Autumn', admin.cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        tag: 'autumn',
        name: 'Cohort autumn',
        teamsUnassigned: 3,
        ballotsDeleted: 2,
      });
    });
    expect(events).toEqual([{ type: 'ballots', ballotCount: 0, teamCount: 0 }]);

    expect(await snapshot(ctx.app)).toMatchObject({
      teams: 4,
      cohorts: 1,
      ballots: 0,
      entries: 0,
      assigned: 1,
    });
    expect((await ctx.app.inject({ url: '/api/cohorts/autumn' })).statusCode).toBe(404);
    const archived = await ctx.app.inject({
      url: '/api/admin/cohorts/archived',
      headers: { cookie: admin.cookie },
    });
    expect(archived.json()).toEqual([]);
    // The teams keep their answers and sessions.
    const status = await ctx.app.inject({ url: '/api/auth/team/status', headers: { cookie: alpha!.cookie } });
    expect(status.json().team).toMatchObject({ id: alpha!.team.id, cohortTag: null });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts',
      headers: { cookie: admin.cookie },
      payload: { tag: 'autumn', name: 'Autumn again' },
    });
    expect(again.statusCode).toBe(201);
  });

  it('refuses an active cohort with a clear 409 and changes nothing', async () => {
    const [alpha, beta] = await votingCohort(ctx.app, 'autumn', ['Alpha', 'Beta']);
    await castBallot(ctx.app, 'autumn', alpha!, [beta!]);
    const admin = await createAdminSession(ctx.app);
    const before = await snapshot(ctx.app);
    const response = await deleteCohort(ctx.app, 'autumn', admin.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: MESSAGES.cohortStillActive });
    expect(await snapshot(ctx.app)).toEqual(before);
  });

  it('refuses an unknown cohort (404), nobody and a team (401), and changes nothing', async () => {
    const [alpha] = await votingCohort(ctx.app, 'autumn', ['Alpha']);
    await ctx.app.db.update(cohorts).set({ archivedAt: new Date() }).where(eq(cohorts.tag, 'autumn'));
    const admin = await createAdminSession(ctx.app);
    const before = await snapshot(ctx.app);
    const unknown = await deleteCohort(ctx.app, 'nope', admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MESSAGES.cohortNotFound });
    for (const cookie of [undefined, alpha!.cookie]) {
      const refused = await deleteCohort(ctx.app, 'autumn', cookie);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: 'Admin session required.' });
    }
    expect(await snapshot(ctx.app)).toEqual(before);
  });
});
