import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { CohortEvent } from '../../shared/schemas/cohort.ts';
import { ballots, teams } from '../db/schema.ts';
import {
  cookiesFrom,
  createAdminSession,
  createTeamSession,
  describeApi,
  saveAnswers,
  loginTeam,
} from '../../../testing/api/test-app.ts';
import { liveChannel } from '../live/event-bus.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function createCohort(app: FastifyInstance, cookie: string, tag: string, name = tag) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/cohorts',
    headers: { cookie },
    payload: { tag, name },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function assign(app: FastifyInstance, cookie: string, tag: string, teamIds: string[]) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/cohorts/${tag}/teams`,
    headers: { cookie },
    payload: { teamIds },
  });
}

// Who may call each admin route (401 for anyone without an admin session, a team session included) is the
// authorization matrix's (src/server/security/authorization-matrix.test.ts); here, what the refusal says.
describeApi('admin calls: refusals', (ctx) => {
  it('tell a caller without an admin session, a team session included, that one is required', async () => {
    const { cookie } = await createTeamSession(ctx.app, 'Sneaky Team');
    for (const headers of [{}, { cookie }]) {
      const refused = await ctx.app.inject({ url: '/api/admin/cohorts', headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: 'Admin session required.' });
    }
  });
});

describeApi('admin team list', (ctx) => {
  it('lists every team with its phases with data, progress and cohort name', async () => {
    const { cookie } = await createAdminSession(ctx.app);
    const a = await createTeamSession(ctx.app, 'Alpha');
    const b = await createTeamSession(ctx.app, 'Beta');
    for (const phaseNumber of [3, 1]) {
      const saved = await saveAnswers(ctx.app, a, phaseNumber, { company_name: 'Acme' });
      expect(saved.statusCode).toBe(200);
    }
    // Shared facts count in the activity they were first given in; a blank one does not.
    for (const [givenIn, value] of [
      [2, 'Beta Toys'],
      [6, ' '],
    ] as const) {
      const facts = await ctx.app.inject({
        method: 'POST',
        url: `/api/teams/${b.team.id}/facts`,
        headers: { cookie: b.cookie },
        payload: { values: { [givenIn === 2 ? 'company_name' : 'concept_name']: value }, givenIn },
      });
      expect(facts.statusCode).toBe(200);
    }
    await createCohort(ctx.app, cookie, 'spring-2026', 'Spring 2026');
    expect((await assign(ctx.app, cookie, 'spring-2026', [b.team.id])).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/teams/${b.team.id}/website`,
      headers: { cookie: b.cookie },
      payload: { websiteUrl: 'beta.example.com' },
    });

    const response = await ctx.app.inject({ url: '/api/teams', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(2);
    const alpha = list.find((t: { id: string }) => t.id === a.team.id);
    const beta = list.find((t: { id: string }) => t.id === b.team.id);
    expect(alpha).toMatchObject({
      name: 'Alpha',
      phasesWithData: [1, 3],
      currentPhase: 3,
      progress: 2 / 8,
      cohortTag: null,
      cohortName: null,
    });
    expect(beta).toMatchObject({
      phasesWithData: [2],
      progress: 1,
      cohortTag: 'spring-2026',
      cohortName: 'Spring 2026',
      submittedWebsiteUrl: 'https://beta.example.com',
    });
  });

  it('counts an activity with data only when it holds an answer, on the dashboard and in the export', async () => {
    const { cookie } = await createAdminSession(ctx.app);
    const member = await createTeamSession(ctx.app, 'Blanks');
    // Activity 2 saved, but every field blank (tabs and a no-break space are blank too); activity 3 answered.
    const blank = await saveAnswers(ctx.app, member, 2, {
      a: '',
      b: ' \t',
      c: '\u00a0',
      d: [],
      e: {},
      f: null,
    });
    expect(blank.statusCode).toBe(200);
    expect((await saveAnswers(ctx.app, member, 3, { a: '', b: 'Acme' })).statusCode).toBe(200);
    // A blank shared fact counts nowhere either.
    const fact = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${member.team.id}/facts`,
      headers: { cookie: member.cookie },
      payload: { values: { company_name: '\t ' }, givenIn: 1 },
    });
    expect(fact.statusCode).toBe(200);

    const list = await ctx.app.inject({ url: '/api/teams', headers: { cookie } });
    expect(list.json()[0]).toMatchObject({ name: 'Blanks', phasesWithData: [3] });
    const csv = (await ctx.app.inject({ url: '/api/admin/export', headers: { cookie } })).body;
    // Activities With Data "3"; Answered Fields 1, all of them in activity 3.
    expect(csv).toMatch(
      new RegExp(
        `\r\n${member.team.code},Blanks,,,3,25,3,,[^,]+,[^,]+,,,1,0,0,1,0,0,0,0,0,,Standard programme\r\n`,
      ),
    );
  });
});

describeApi('a new Workspace Code for a team', (ctx) => {
  const rotate = (cookie: string, id: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/teams/${id}/rotate-code`, headers: { cookie } });

  it('gives the team a new code and token, ends all its sessions, and keeps its answers', async () => {
    const { cookie } = await createAdminSession(ctx.app);
    const leaked = await createTeamSession(ctx.app, 'Leaky');
    const secondDevice = await loginTeam(ctx.app, leaked.team.accessToken);
    const saved = await saveAnswers(ctx.app, leaked, 2, { company_name: 'Kept' });
    expect(saved.statusCode).toBe(200);
    const bystander = await createTeamSession(ctx.app, 'Bystander');

    const response = await rotate(cookie, leaked.team.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const team = response.json();
    expect(team).toMatchObject({ id: leaked.team.id, name: 'Leaky', currentPhase: 2 });
    expect(team.code).toMatch(/^[A-Z0-9]{4}$/);
    expect(team.code).not.toBe(leaked.team.code);
    expect(team.accessToken).not.toBe(leaked.team.accessToken);
    expect(team.accessToken.length).toBeGreaterThanOrEqual(32);

    // The old code and token open nothing; the new ones do.
    expect((await ctx.app.inject({ url: `/api/teams/${leaked.team.code}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/teams/${team.code}` })).json().id).toBe(team.id);
    const oldToken = await loginTeam(ctx.app, leaked.team.accessToken);
    expect(oldToken.statusCode).toBe(401);
    // Every session of the team has ended, on every device; another team's has not.
    for (const session of [leaked.cookie, cookiesFrom(secondDevice)]) {
      const status = await ctx.app.inject({ url: '/api/auth/team/status', headers: { cookie: session } });
      expect(status.statusCode).toBe(401);
    }
    const other = await ctx.app.inject({
      url: '/api/auth/team/status',
      headers: { cookie: bystander.cookie },
    });
    expect(other.statusCode).toBe(200);
    // The answers stay, and the new token opens them.
    const login = await loginTeam(ctx.app, team.accessToken);
    expect(login.statusCode).toBe(200);
    const answers = await ctx.app.inject({
      url: `/api/phase-data/${team.id}/2`,
      headers: { cookie: cookiesFrom(login) },
    });
    expect(answers.json().data).toEqual({ company_name: 'Kept' });
  });

  it('answers 404 for an unknown team and 400 for a malformed id, changing nothing', async () => {
    const { cookie } = await createAdminSession(ctx.app);
    const { team } = await createTeamSession(ctx.app, 'Untouched');
    const unknown = await rotate(cookie, UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Workspace not found.' });
    const malformed = await rotate(cookie, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('id');
    const lookup = await ctx.app.inject({ url: `/api/teams/${team.code}` });
    expect(lookup.json().accessToken).toBe(team.accessToken);
  });

  it('refused callers change nothing: the code and the sessions stay', async () => {
    const own = await createTeamSession(ctx.app, 'Own');
    const refused = await rotate(own.cookie, own.team.id);
    expect(refused.statusCode).toBe(401);
    const status = await ctx.app.inject({ url: '/api/auth/team/status', headers: { cookie: own.cookie } });
    expect(status.json().team.code).toBe(own.team.code);
  });
});

describeApi('admin cohorts', (ctx) => {
  it('creates a cohort with competition off, lists it with counts, and refuses a taken tag with 409', async () => {
    const { cookie } = await createAdminSession(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts',
      headers: { cookie },
      payload: { tag: 'fall-2026', name: '  Fall 2026  ' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      tag: 'fall-2026',
      name: 'Fall 2026',
      description: '',
      competitionEnabled: false,
      votingOpen: false,
      resultsVisible: false,
      archived: false,
    });

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts',
      headers: { cookie },
      payload: { tag: 'fall-2026', name: 'Another' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already taken/);

    const list = await ctx.app.inject({ url: '/api/admin/cohorts', headers: { cookie } });
    expect(list.json()).toEqual([
      expect.objectContaining({ tag: 'fall-2026', teamCount: 0, submittedCount: 0, ballotCount: 0 }),
    ]);
  });

  it('lets two simultaneous creations of one tag give one 201 and one 409', async () => {
    const { cookie } = await createAdminSession(ctx.app);
    const [one, two] = await Promise.all(
      ['First', 'Second'].map((name) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/admin/cohorts',
          headers: { cookie },
          payload: { tag: 'race', name },
        }),
      ),
    );
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([201, 409]);
  });

  it.each([
    [{ name: 'No tag' }, 'tag'],
    [{ tag: 'Upper', name: 'x' }, 'tag'],
    [{ tag: 'with space', name: 'x' }, 'tag'],
    [{ tag: '-leading', name: 'x' }, 'tag'],
    [{ tag: 'double--hyphen', name: 'x' }, 'tag'],
    [{ tag: 'a'.repeat(49), name: 'x' }, 'tag'],
    [{ tag: 'ok', name: '   ' }, 'name'],
    [{ tag: 'ok' }, 'name'],
    [{ tag: 'ok', name: 'x', description: 5 }, 'description'],
  ])('refuses %j with 400 naming the field', async (payload, field) => {
    const { cookie } = await createAdminSession(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts',
      headers: { cookie },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
  });

  it('changes exactly one switch per call, publishes the change, and 404s an unknown cohort', async () => {
    const { cookie } = await createAdminSession(ctx.app);
    await createCohort(ctx.app, cookie, 'live', 'Live');
    const events: CohortEvent[] = [];
    const unsubscribe = ctx.app.liveEvents.subscribe(liveChannel.cohort('live'), (event) =>
      events.push(event as CohortEvent),
    );

    for (const payload of [{}, { votingOpen: true, resultsVisible: true }, { votingOpen: 'yes' }]) {
      const bad = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/admin/cohorts/live',
        headers: { cookie },
        payload,
      });
      expect(bad.statusCode).toBe(400);
    }
    expect(events).toEqual([]);

    const competition = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/live',
      headers: { cookie },
      payload: { competitionEnabled: true },
    });
    expect(competition.statusCode).toBe(200);
    expect(competition.json()).toMatchObject({ competitionEnabled: true, votingOpen: false });

    const voting = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/LIVE',
      headers: { cookie },
      payload: { votingOpen: true },
    });
    expect(voting.json()).toMatchObject({
      competitionEnabled: true,
      votingOpen: true,
      resultsVisible: false,
    });

    const results = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/live',
      headers: { cookie },
      payload: { resultsVisible: true },
    });
    expect(results.json()).toMatchObject({
      competitionEnabled: true,
      votingOpen: true,
      resultsVisible: true,
    });

    expect(events.map((e) => e.type)).toEqual(['cohort', 'cohort', 'cohort']);
    expect(events[2]).toEqual({ type: 'cohort', cohort: results.json() });
    unsubscribe();

    const unknown = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/nope',
      headers: { cookie },
      payload: { votingOpen: true },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('assigns teams, moves a team between cohorts, unassigns, and counts teams, submissions and ballots', async () => {
    const { cookie } = await createAdminSession(ctx.app);
    await createCohort(ctx.app, cookie, 'red');
    await createCohort(ctx.app, cookie, 'blue');
    const one = await createTeamSession(ctx.app, 'One');
    const two = await createTeamSession(ctx.app, 'Two');
    const three = await createTeamSession(ctx.app, 'Three');

    const assigned = await assign(ctx.app, cookie, 'red', [one.team.id, two.team.id, three.team.id]);
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toEqual({ cohortTag: 'red', updated: 3 });
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/teams/${one.team.id}/website`,
      headers: { cookie: one.cookie },
      payload: { websiteUrl: 'https://one.example.com' },
    });
    await ctx.app.db.insert(ballots).values({ cohortTag: 'red', voterTeamId: one.team.id });

    const moved = await assign(ctx.app, cookie, 'blue', [two.team.id]);
    expect(moved.json()).toEqual({ cohortTag: 'blue', updated: 1 });

    let cohorts = (await ctx.app.inject({ url: '/api/admin/cohorts', headers: { cookie } })).json();
    const counts = (tag: string) => {
      const c = cohorts.find((x: { tag: string }) => x.tag === tag);
      return [c.teamCount, c.submittedCount, c.ballotCount];
    };
    expect(counts('red')).toEqual([2, 1, 1]);
    expect(counts('blue')).toEqual([1, 0, 0]);

    const unassigned = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/unassign-teams',
      headers: { cookie },
      payload: { teamIds: [three.team.id, two.team.id] },
    });
    expect(unassigned.statusCode).toBe(200);
    expect(unassigned.json()).toEqual({ cohortTag: null, updated: 2 });
    cohorts = (await ctx.app.inject({ url: '/api/admin/cohorts', headers: { cookie } })).json();
    expect(counts('red')).toEqual([1, 1, 1]);
    expect(counts('blue')).toEqual([0, 0, 0]);
  });

  it('changes nothing when one id is unknown (400), 404s an unknown cohort, and needs at least one id', async () => {
    const { cookie } = await createAdminSession(ctx.app);
    await createCohort(ctx.app, cookie, 'red');
    const one = await createTeamSession(ctx.app, 'One');

    const partial = await assign(ctx.app, cookie, 'red', [one.team.id, UNKNOWN_ID]);
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toMatch(/teamIds/);
    const [row] = await ctx.app.db.select().from(teams).where(eq(teams.id, one.team.id));
    expect(row!.cohortTag).toBeNull();

    expect((await assign(ctx.app, cookie, 'nope', [one.team.id])).statusCode).toBe(404);
    expect((await assign(ctx.app, cookie, 'red', [])).statusCode).toBe(400);
    expect((await assign(ctx.app, cookie, 'red', ['not-a-uuid'])).statusCode).toBe(400);

    await assign(ctx.app, cookie, 'red', [one.team.id]);
    const unassign = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/unassign-teams',
      headers: { cookie },
      payload: { teamIds: [one.team.id, UNKNOWN_ID] },
    });
    expect(unassign.statusCode).toBe(400);
    const [still] = await ctx.app.db.select().from(teams).where(eq(teams.id, one.team.id));
    expect(still!.cohortTag).toBe('red');
  });

  it('archives and restores a cohort, moving it between the lists and publishing each change', async () => {
    const { cookie } = await createAdminSession(ctx.app);
    await createCohort(ctx.app, cookie, 'old');
    const one = await createTeamSession(ctx.app, 'One');
    await assign(ctx.app, cookie, 'old', [one.team.id]);
    const events: CohortEvent[] = [];
    ctx.app.liveEvents.subscribe(liveChannel.cohort('old'), (event) => events.push(event as CohortEvent));

    const archived = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts/old/archive',
      headers: { cookie },
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ tag: 'old', archived: true });
    expect((await ctx.app.inject({ url: '/api/admin/cohorts', headers: { cookie } })).json()).toEqual([]);
    const archivedList = await ctx.app.inject({ url: '/api/admin/cohorts/archived', headers: { cookie } });
    expect(archivedList.json()).toEqual([
      expect.objectContaining({ tag: 'old', archived: true, teamCount: 1 }),
    ]);

    const refused = await assign(ctx.app, cookie, 'old', [one.team.id]);
    expect(refused.statusCode).toBe(409);

    const restored = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts/old/unarchive',
      headers: { cookie },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ tag: 'old', archived: false });
    expect(
      (await ctx.app.inject({ url: '/api/admin/cohorts/archived', headers: { cookie } })).json(),
    ).toEqual([]);
    expect(events.flatMap((e) => (e.type === 'cohort' ? [e.cohort.archived] : []))).toEqual([true, false]);

    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts/nope/archive',
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describeApi('admin export', (ctx) => {
  it('streams a CSV with a BOM, RFC 4180 quoting and neutralised formulas', async () => {
    const { cookie } = await createAdminSession(ctx.app);
    await createCohort(ctx.app, cookie, 'csv', 'Cohort, "quoted"');
    const names = [
      'Comma, Inc',
      'Say "hi"',
      'Line\nbreak',
      'Zoë Ünïcødé 日本',
      '=1+2',
      '@SUM(A1)',
      '-3',
      '+x',
      'Team;=HYPERLINK("x")',
      'Tab\t@cmd',
      'Line\n=1+1',
    ];
    const created: Awaited<ReturnType<typeof createTeamSession>>[] = [];
    for (const name of names) {
      const member = await createTeamSession(ctx.app, name);
      // A name is one line now; written straight to the table, as rows from before that rule, so the
      // export's quoting of line breaks and tabs is still seen.
      await ctx.app.db.update(teams).set({ name }).where(eq(teams.id, member.team.id));
      created.push(member);
    }
    await assign(ctx.app, cookie, 'csv', [created[0]!.team.id]);
    await saveAnswers(ctx.app, created[0]!, 2, { research_goal: 'Size it', empty: '', list: [] });
    // Shared facts count with the activity they were first given in; a blank one counts nowhere.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${created[0]!.team.id}/facts`,
      headers: { cookie: created[0]!.cookie },
      payload: {
        values: { company_name: '=HYPERLINK("x")', concept_name: '  ', sector: 'Toys' },
        givenIn: 1,
      },
    });
    // The instructor's notes go in one cell, oldest first, the done ones said so.
    const note = async (phaseNumber: number, body: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/teams/${created[0]!.team.id}/feedback`,
          headers: { cookie },
          payload: { phaseNumber, body },
        })
      ).json() as { id: string };
    const rankNote = await note(2, 'Rank by threat');
    await note(3, 'Cite, then claim');
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/teams/${created[0]!.team.id}/feedback/${rankNote.id}`,
      headers: { cookie: created[0]!.cookie },
      payload: { done: true },
    });
    await note(1, '=cmd');

    const response = await ctx.app.inject({ url: '/api/admin/export', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="team-progress-${today}.csv"`);
    const body = response.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Team Code,Team Name,Cohort Tag,Cohort Name,Current Activity,Progress %,Activities With Data,Website,' +
        'Created,Last Activity,Company Name,Concept Name,Answered Fields,' +
        [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Activity ${n} Answered Fields`).join(',') +
        ',Instructor Feedback,Programme',
    );
    const [first] = created;
    expect(lines[1]).toMatch(
      new RegExp(
        `^${first!.team.code},"Comma, Inc",csv,"Cohort, ""quoted""",2,13,1 2,,[0-9TZ:.-]+,[0-9TZ:.-]+,` +
          `"'=HYPERLINK\\(""x""\\)",,3,2,1,0,0,0,0,0,0,` +
          '"Activity 2 \\(done\\): Rank by threat \\| Activity 3: Cite, then claim \\| Activity 1: =cmd",Standard programme$',
      ),
    );
    // A team without notes has an empty cell.
    expect(body).toMatch(
      new RegExp(`\r\n${created[1]!.team.code},[^\r]*,0,0,0,0,0,0,0,0,,Standard programme\r\n`),
    );
    expect(body).toContain(`${created[1]!.team.code},"Say ""hi""",`);
    expect(body).toContain(`${created[2]!.team.code},"Line\nbreak",`);
    expect(body).toContain(`${created[3]!.team.code},Zoë Ünïcødé 日本,`);
    expect(body).toContain(`${created[4]!.team.code},'=1+2,`);
    expect(body).toContain(`${created[5]!.team.code},'@SUM(A1),`);
    expect(body).toContain(`${created[6]!.team.code},'-3,`);
    expect(body).toContain(`${created[7]!.team.code},'+x,`);
    // A formula after a separator a spreadsheet may split on is neutralised too, and the cell quoted.
    expect(body).toContain(`${created[8]!.team.code},"Team;'=HYPERLINK(""x"")",`);
    expect(body).toContain(`${created[9]!.team.code},"Tab\t'@cmd",`);
    expect(body).toContain(`${created[10]!.team.code},"Line\n'=1+1",`);
    // Records end in CRLF; a name's bare LF stays inside its quoted cell. One header, a row per team, and
    // the empty string after the last CRLF.
    expect(lines).toHaveLength(1 + names.length + 1);
    expect(lines.at(-1)).toBe('');
  });

  it('pages through more teams than one batch holds, each team exactly once', async () => {
    const { cookie } = await createAdminSession(ctx.app);
    const values = Array.from({ length: 1203 }, (_, i) => ({
      code: i.toString(36).toUpperCase().padStart(4, '0'),
      name: `Bulk ${i}`,
      accessToken: `bulk-token-${i}`,
    }));
    // Same creation time for many rows: the keyset must still move on by id.
    await ctx.app.db.insert(teams).values(values);
    const response = await ctx.app.inject({ url: '/api/admin/export', headers: { cookie } });
    const rows = response.body.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(1203);
    expect(new Set(rows.map((r) => r.split(',')[0])).size).toBe(1203);
  });

  it('exports just the header row when there are no teams', async () => {
    const { cookie } = await createAdminSession(ctx.app);
    const response = await ctx.app.inject({ url: '/api/admin/export', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body.replace('\uFEFF', '').split('\r\n')).toHaveLength(2);
  });
});
