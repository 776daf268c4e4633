import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { FACT_VALUE_MAX, type Fact } from '../../shared/schemas/facts.ts';
import type { TeamEvent } from '../../shared/schemas/team-events.ts';
import { liveChannel } from '../live/event-bus.ts';
import { createAdminSession, createTeamSession, describeApi } from '../../../testing/api/test-app.ts';

describeApi('shared facts', (ctx) => {
  function save(cookie: string | undefined, teamId: string, payload: unknown) {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${teamId}/facts`,
      headers: cookie ? { cookie } : {},
      payload: payload as Record<string, unknown>,
    });
  }
  function read(cookie: string | undefined, teamId: string) {
    return ctx.app.inject({ url: `/api/teams/${teamId}/facts`, headers: cookie ? { cookie } : {} });
  }
  const brief = (facts: Fact[]) => facts.map((f) => [f.id, f.value, f.givenIn]);

  it('saves facts and reads them back; a new team has none', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const empty = await read(cookie, team.id);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ facts: [] });

    const saved = await save(cookie, team.id, {
      values: { company_name: 'BrightSpark Labs', sector: 'STEM toys' },
      givenIn: 1,
    });
    expect(saved.statusCode).toBe(200);
    const { facts } = saved.json() as { facts: Fact[] };
    expect(brief(facts)).toEqual([
      ['company_name', 'BrightSpark Labs', 1],
      ['sector', 'STEM toys', 1],
    ]);
    for (const fact of facts) expect(new Date(fact.updatedAt).toString()).not.toBe('Invalid Date');
    expect((await read(cookie, team.id)).json()).toEqual({ facts });
  });

  it('keeps the business profile of Activity 1, ticked boxes as one text', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const profile = {
      customer_type: 'businesses',
      sensitive_areas: 'children, food',
      rule_regions: 'uk, eu',
    };
    const saved = await save(cookie, team.id, { values: profile, givenIn: 1 });
    expect(saved.statusCode).toBe(200);
    expect(brief((saved.json() as { facts: Fact[] }).facts)).toEqual([
      ['customer_type', 'businesses', 1],
      ['rule_regions', 'uk, eu', 1],
      ['sensitive_areas', 'children, food', 1],
    ]);
  });

  it('a partial save keeps the other facts, keeps where a fact was first given, and clears with ""', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    await save(cookie, team.id, {
      values: { company_name: 'BrightSpark Labs', sector: 'STEM toys' },
      givenIn: 1,
    });
    const renamed = await save(cookie, team.id, {
      values: { company_name: 'BrightSpark Robotics', concept_name: 'SunBot Grow' },
      givenIn: 5,
    });
    expect(brief(renamed.json().facts)).toEqual([
      ['company_name', 'BrightSpark Robotics', 1],
      ['concept_name', 'SunBot Grow', 5],
      ['sector', 'STEM toys', 1],
    ]);
    const cleared = await save(cookie, team.id, { values: { sector: '' }, givenIn: 2 });
    expect(brief(cleared.json().facts)).toEqual([
      ['company_name', 'BrightSpark Robotics', 1],
      ['concept_name', 'SunBot Grow', 5],
      ['sector', '', 1],
    ]);
    expect(brief((await read(cookie, team.id)).json().facts)).toEqual(brief(cleared.json().facts));
  });

  it('refuses an unknown fact, an empty save, a value too long and an activity out of range (400)', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const bodies = [
      { values: { research_goal: 'not a fact' }, givenIn: 1 },
      { values: {}, givenIn: 1 },
      { values: { company_name: 'x'.repeat(FACT_VALUE_MAX + 1) }, givenIn: 1 },
      { values: { company_name: 'x' }, givenIn: 9 },
      { values: { company_name: 42 }, givenIn: 1 },
    ];
    for (const body of bodies) {
      const response = await save(cookie, team.id, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    const longest = await save(cookie, team.id, {
      values: { company_name: 'x'.repeat(FACT_VALUE_MAX) },
      givenIn: 1,
    });
    expect(longest.statusCode).toBe(200);
    expect(brief((await read(cookie, team.id)).json().facts)).toEqual([
      ['company_name', 'x'.repeat(FACT_VALUE_MAX), 1],
    ]);
  });

  it("refuses another team's session (403) and no session (401), reading and writing nothing", async () => {
    const own = await createTeamSession(ctx.app, 'Own');
    const other = await createTeamSession(ctx.app, 'Other');
    await save(own.cookie, own.team.id, { values: { company_name: 'Ours' }, givenIn: 1 });
    expect((await read(other.cookie, own.team.id)).statusCode).toBe(403);
    expect((await read(undefined, own.team.id)).statusCode).toBe(401);
    const body = { values: { company_name: 'Theirs' }, givenIn: 1 };
    expect((await save(other.cookie, own.team.id, body)).statusCode).toBe(403);
    expect((await save(undefined, own.team.id, body)).statusCode).toBe(401);
    expect(brief((await read(own.cookie, own.team.id)).json().facts)).toEqual([['company_name', 'Ours', 1]]);
  });

  it('lets an admin read and write a team, and answers 404 for a team that does not exist', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const admin = await createAdminSession(ctx.app);
    const saved = await save(admin.cookie, team.id, {
      values: { company_name: 'Fixed by the instructor' },
      givenIn: 3,
    });
    expect(saved.statusCode).toBe(200);
    expect(brief((await read(cookie, team.id)).json().facts)).toEqual([
      ['company_name', 'Fixed by the instructor', 3],
    ]);
    expect((await read(admin.cookie, team.id)).statusCode).toBe(200);
    const missing = randomUUID();
    expect((await read(admin.cookie, missing)).statusCode).toBe(404);
    expect(
      (await save(admin.cookie, missing, { values: { company_name: 'x' }, givenIn: 1 })).statusCode,
    ).toBe(404);
  });

  it('keeps both of two saves of different facts sent together', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    await save(cookie, team.id, { values: { company_name: 'Before', sector: 'Before' }, givenIn: 1 });
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([
        save(cookie, team.id, { values: { company_name: `Company ${round}` }, givenIn: 2 }),
        save(cookie, team.id, { values: { sector: `Sector ${round}` }, givenIn: 3 }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(brief((await read(cookie, team.id)).json().facts)).toEqual([
        ['company_name', `Company ${round}`, 1],
        ['sector', `Sector ${round}`, 1],
      ]);
    }
  });

  it('orders the saves of one fact by when they landed: the stored copy is the one with the latest time', async () => {
    // Two devices typing in one field: whichever lands last is stored, and its time is later than the
    // other's, to the millisecond a page compares, so a page holding both copies keeps the stored one.
    const { team, cookie } = await createTeamSession(ctx.app);
    for (let round = 0; round < 8; round++) {
      const answers = await Promise.all(
        ['the United Kingdom', 'Germany', 'France'].map((value) =>
          save(cookie, team.id, { values: { target_region: `${value} ${round}` }, givenIn: 1 }),
        ),
      );
      const copies = answers.map((answer) => {
        expect(answer.statusCode).toBe(200);
        return (answer.json() as { facts: Fact[] }).facts.find((fact) => fact.id === 'target_region')!;
      });
      const times = copies.map((copy) => copy.updatedAt);
      expect(new Set(times).size).toBe(copies.length);
      const latest = copies.reduce((a, b) => (a.updatedAt >= b.updatedAt ? a : b));
      const stored = (await read(cookie, team.id)).json().facts as Fact[];
      expect(stored.find((fact) => fact.id === 'target_region')).toEqual(latest);
    }
  });

  it("publishes the written facts on the team's channel with the saving page's id", async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    await save(cookie, team.id, { values: { sector: 'STEM toys' }, givenIn: 1 });
    const events: TeamEvent[] = [];
    const unsubscribe = ctx.app.liveEvents.subscribe(liveChannel.team(team.id), (e) =>
      events.push(e as TeamEvent),
    );
    const other = await createTeamSession(ctx.app, 'Other');
    const otherEvents: TeamEvent[] = [];
    const unsubscribeOther = ctx.app.liveEvents.subscribe(liveChannel.team(other.team.id), (e) =>
      otherEvents.push(e as TeamEvent),
    );
    try {
      const saved = await save(cookie, team.id, {
        values: { company_name: 'BrightSpark Labs' },
        givenIn: 2,
        clientId: 'page-one',
      });
      const written = (saved.json().facts as Fact[]).filter((f) => f.id === 'company_name');
      expect(events).toEqual([{ type: 'facts', clientId: 'page-one', facts: written }]);
      await save(cookie, team.id, { values: { company_name: 'Again' }, givenIn: 2 });
      expect(events[1]).toMatchObject({
        type: 'facts',
        clientId: null,
        facts: [{ id: 'company_name', value: 'Again' }],
      });
      expect(otherEvents).toEqual([]);
    } finally {
      unsubscribe();
      unsubscribeOther();
    }
  });

  it("a save touches the team's last activity and raises its current activity, never lowering it", async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const before = await ctx.app.inject({ url: `/api/teams/${team.code}` });
    await save(cookie, team.id, { values: { concept_name: 'SunBot Grow' }, givenIn: 5 });
    const after = (await ctx.app.inject({ url: `/api/teams/${team.code}` })).json();
    expect(after.currentPhase).toBe(5);
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(before.json().updatedAt).getTime());
    await save(cookie, team.id, { values: { company_name: 'x' }, givenIn: 2 });
    expect((await ctx.app.inject({ url: `/api/teams/${team.code}` })).json().currentPhase).toBe(5);
  });
});
