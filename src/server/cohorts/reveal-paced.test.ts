import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { CohortEvent } from '../../shared/schemas/cohort.ts';
import { cohorts } from '../db/schema.ts';
import { MESSAGES } from '../lib/messages.ts';
import { createCohort, createCohortMembers } from '../../../testing/api/cohorts.ts';
import { openEventStream } from '../../../testing/api/live.ts';
import { createAdminSession, describeApi, type Member } from '../../../testing/api/test-app.ts';

const openCohortStream = (app: FastifyInstance, tag: string) =>
  openEventStream<CohortEvent>(app, `/api/cohorts/${tag}/events`);

function post(app: FastifyInstance, url: string, cookie?: string, payload?: object) {
  return app.inject({
    method: 'POST',
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

const hold = (app: FastifyInstance, tag: string, cookie?: string) =>
  post(app, `/api/admin/cohorts/${tag}/reveal/hold`, cookie);
const revealStep = (app: FastifyInstance, tag: string, cookie: string, step?: unknown) =>
  post(app, `/api/admin/cohorts/${tag}/reveal`, cookie, step === undefined ? undefined : { step });
const results = (app: FastifyInstance, tag: string, cookie?: string) =>
  app.inject({ url: `/api/showcase/${tag}/results`, headers: cookie ? { cookie } : {} });

async function cohortRow(app: FastifyInstance, tag: string) {
  const [row] = await app.db.select().from(cohorts).where(eq(cohorts.tag, tag));
  return row!;
}

/** A released cohort of three teams, all with websites; results visible. */
async function releasedCohort(app: FastifyInstance, tag: string): Promise<Member[]> {
  await createCohort(app, tag, { competitionEnabled: true, resultsVisible: true });
  return createCohortMembers(app, tag, ['Alpha', 'Bravo', 'Charlie']);
}

describeApi('the room reveal held for the big screen', (ctx) => {
  it('refuses to hold for anyone but an instructor (401, a team session too) and an unknown cohort (404); nothing changes', async () => {
    const [member] = await releasedCohort(ctx.app, 'held');
    const anonymous = await hold(ctx.app, 'held');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: MESSAGES.adminSessionRequired });
    const team = await hold(ctx.app, 'held', member!.cookie);
    expect(team.statusCode).toBe(401);
    expect(team.json()).toEqual({ message: MESSAGES.adminSessionRequired });
    const admin = await createAdminSession(ctx.app);
    const unknown = await hold(ctx.app, 'nope', admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Cohort not found.' });
    expect((await cohortRow(ctx.app, 'held')).revealHeld).toBe(false);
    // Not held: the released results reach a team, as before.
    expect((await results(ctx.app, 'held', member!.cookie)).statusCode).toBe(200);
  });

  it("withholds the results from teams and anyone else until the room's reveal starts; the instructor keeps them", async () => {
    const [alpha] = await releasedCohort(ctx.app, 'finale');
    const admin = await createAdminSession(ctx.app);
    const stream = await openCohortStream(ctx.app, 'finale');
    await stream.waitFor(4);

    const held = await hold(ctx.app, 'finale', admin.cookie);
    expect(held.statusCode).toBe(200);
    expect(held.json()).toEqual({ revealHeld: true });
    // Every open page hears it: a team's page drops what it had and waits for the big screen.
    await stream.waitUntil((event) => event.type === 'cohort' && event.cohort.revealHeld);
    const status = await ctx.app.inject({ url: '/api/cohorts/finale/status' });
    expect(status.json()).toMatchObject({ resultsVisible: true, revealHeld: true, revealedAt: null });

    for (const cookie of [alpha!.cookie, undefined]) {
      const refused = await results(ctx.app, 'finale', cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: MESSAGES.resultsOnTheBigScreen });
    }
    expect((await results(ctx.app, 'finale', admin.cookie)).statusCode).toBe(200);
    // A second hold changes nothing and sends nothing.
    const count = stream.events.length;
    expect((await hold(ctx.app, 'finale', admin.cookie)).json()).toEqual({ revealHeld: true });

    // The room's reveal starts at 3rd place: from then on the team reads the results.
    const third = await revealStep(ctx.app, 'finale', admin.cookie, 1);
    expect(third.statusCode).toBe(200);
    expect(third.json()).toEqual({ revealedAt: expect.any(String), revealStep: 1 });
    await stream.waitUntil((event) => event.type === 'reveal' && event.revealStep === 1);
    expect(
      stream.events.slice(count).filter((e) => e.type === 'cohort' && e.cohort.revealStep === 0),
    ).toEqual([]);
    expect((await results(ctx.app, 'finale', alpha!.cookie)).statusCode).toBe(200);

    // Hidden again, then released: withheld again until a new reveal (the hold stays with the cohort).
    const hide = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/finale',
      headers: { cookie: admin.cookie },
      payload: { resultsVisible: false },
    });
    expect(hide.json()).toMatchObject({ revealedAt: null, revealStep: 0, revealHeld: true });
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/finale',
      headers: { cookie: admin.cookie },
      payload: { resultsVisible: true },
    });
    const again = await results(ctx.app, 'finale', alpha!.cookie);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: MESSAGES.resultsOnTheBigScreen });
    await stream.close();
  });

  it('gives a team only the places out on the big screen, step by step; the instructor reads them all', async () => {
    await createCohort(ctx.app, 'podium', { competitionEnabled: true, votingOpen: true });
    const [a, b, c, d] = await createCohortMembers(ctx.app, 'podium', ['Alpha', 'Bravo', 'Charlie', 'Delta']);
    const ballot = (voter: Member, ...ranked: Member[]) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/showcase/podium/vote',
        headers: { cookie: voter.cookie },
        payload: { votes: ranked.map((m, i) => ({ voted_for_team_id: m.team.id, rank: i + 1 })) },
      });
    // Alpha 9 points (1st), Bravo 7 (2nd), Charlie 5 (3rd), Delta 3.
    for (const [voter, ...ranked] of [
      [a!, b!, c!, d!],
      [b!, a!, c!, d!],
      [c!, a!, b!, d!],
      [d!, a!, b!, c!],
    ]) {
      expect((await ballot(voter!, ...ranked)).statusCode).toBe(201);
    }
    const admin = await createAdminSession(ctx.app);
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/podium',
      headers: { cookie: admin.cookie },
      payload: { resultsVisible: true },
    });
    await hold(ctx.app, 'podium', admin.cookie);
    const named = async (cookie: string) => {
      const read = await results(ctx.app, 'podium', cookie);
      expect(read.statusCode).toBe(200);
      return (read.json() as { teamName: string }[]).map((row) => row.teamName).filter(Boolean);
    };
    const text = async (cookie: string) => (await results(ctx.app, 'podium', cookie)).body;

    await revealStep(ctx.app, 'podium', admin.cookie, 1);
    expect(await named(d!.cookie)).toEqual(['Charlie']);
    for (const hidden of ['Alpha', 'Bravo', 'Delta', a!.team.id, b!.team.id]) {
      expect(await text(d!.cookie)).not.toContain(hidden);
    }
    expect((await named(admin.cookie)).sort()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);

    await revealStep(ctx.app, 'podium', admin.cookie, 2);
    expect((await named(a!.cookie)).sort()).toEqual(['Bravo', 'Charlie']);
    await revealStep(ctx.app, 'podium', admin.cookie, 3);
    expect((await named(a!.cookie)).sort()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await text(a!.cookie)).not.toContain('Delta');
    await revealStep(ctx.app, 'podium', admin.cookie, 4);
    expect((await named(a!.cookie)).sort()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
  });

  it('keeps a team from starting the reveal itself (401): the results stay withheld', async () => {
    const [alpha] = await releasedCohort(ctx.app, 'sneaky');
    const admin = await createAdminSession(ctx.app);
    await hold(ctx.app, 'sneaky', admin.cookie);
    for (const step of [undefined, 1, 4]) {
      const pressed = await revealStep(ctx.app, 'sneaky', alpha!.cookie, step);
      expect(pressed.statusCode).toBe(401);
    }
    const row = await cohortRow(ctx.app, 'sneaky');
    expect(row.revealedAt).toBeNull();
    expect(row.revealStep).toBe(0);
    expect((await results(ctx.app, 'sneaky', alpha!.cookie)).statusCode).toBe(403);
  });
});

describeApi('the paced reveal', (ctx) => {
  it('moves one place at a time, only forward; every open page and a late one hear the step', async () => {
    await releasedCohort(ctx.app, 'paced');
    const admin = await createAdminSession(ctx.app);
    const stream = await openCohortStream(ctx.app, 'paced');
    await stream.waitFor(4);

    const first = await revealStep(ctx.app, 'paced', admin.cookie, 1);
    const { revealedAt } = first.json() as { revealedAt: string };
    await stream.waitUntil((event) => event.type === 'reveal' && event.revealStep === 1);

    const second = await revealStep(ctx.app, 'paced', admin.cookie, 2);
    // One start time for the whole reveal.
    expect(second.json()).toEqual({ revealedAt, revealStep: 2 });
    await stream.waitUntil((event) => event.type === 'reveal' && event.revealStep === 2);

    // A press for a step already reached (a second instructor, a double click) changes nothing.
    const late = await revealStep(ctx.app, 'paced', admin.cookie, 1);
    expect(late.json()).toEqual({ revealedAt, revealStep: 2 });
    expect((await cohortRow(ctx.app, 'paced')).revealStep).toBe(2);

    // A page opened now starts from the steps already revealed.
    const latePage = await openCohortStream(ctx.app, 'paced');
    expect((await latePage.waitFor(4))[2]).toEqual({ type: 'reveal', revealedAt, revealStep: 2 });
    const status = await ctx.app.inject({ url: '/api/cohorts/paced/status' });
    expect(status.json()).toMatchObject({ revealedAt, revealStep: 2 });

    // "Reveal all" finishes it: the leaderboard.
    const all = await revealStep(ctx.app, 'paced', admin.cookie);
    expect(all.json()).toEqual({ revealedAt, revealStep: 4 });
    await latePage.waitUntil((event) => event.type === 'reveal' && event.revealStep === 4);
    const reveals = stream.events
      .filter((e) => e.type === 'reveal')
      .map((e) => e.type === 'reveal' && e.revealStep);
    expect(reveals).toEqual([0, 1, 2, 4]);
    await latePage.close();
    await stream.close();
  });

  it('refuses a step that is not 1 to 4 (400, the field named) and a step before release (409); nothing stored', async () => {
    await createCohort(ctx.app, 'early', { competitionEnabled: true });
    await releasedCohort(ctx.app, 'steps');
    const admin = await createAdminSession(ctx.app);
    for (const step of [0, 5, 1.5, 'two', null]) {
      const bad = await revealStep(ctx.app, 'steps', admin.cookie, step);
      expect(bad.statusCode, String(step)).toBe(400);
      expect(bad.json().message, String(step)).toMatch(/^step/);
    }
    const row = await cohortRow(ctx.app, 'steps');
    expect(row.revealStep).toBe(0);
    expect(row.revealedAt).toBeNull();

    const early = await revealStep(ctx.app, 'early', admin.cookie, 1);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: MESSAGES.revealBeforeRelease });
    expect((await cohortRow(ctx.app, 'early')).revealStep).toBe(0);
  });
});
