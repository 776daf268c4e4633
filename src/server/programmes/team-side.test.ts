import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { ProgrammeContent, ProgrammeDetail } from '../../shared/schemas/programmes.ts';
import type { AdminEvent } from '../../shared/schemas/admin.ts';
import type { TeamEvent } from '../../shared/schemas/team-events.ts';
import type { AdminTeam } from '../../shared/schemas/team.ts';
import { isSharedFactId } from '../../shared/shared-facts.ts';
import { createCohort, createCohortMembers } from '../../../testing/api/cohorts.ts';
import { openEventStream } from '../../../testing/api/live.ts';
import {
  createAdminSession,
  createTeamSession,
  describeApi,
  saveAnswers,
} from '../../../testing/api/test-app.ts';

const get = (app: FastifyInstance, url: string, cookie?: string) =>
  app.inject({ url, headers: cookie ? { cookie } : {} });

/**
 * A programme made by an instructor, published with `change` applied to the standard's copy, and given to
 * cohort `tag`.
 */
async function publishedProgramme(
  app: FastifyInstance,
  cookie: string,
  tag: string,
  change: (draft: ProgrammeContent) => ProgrammeContent = (draft) => draft,
) {
  const send = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const created = (
    await send('POST', '/api/admin/programmes', { name: '=Clinics' })
  ).json() as ProgrammeDetail;
  const url = `/api/admin/programmes/${created.id}`;
  expect((await send('PUT', `${url}/draft`, { revision: 0, draft: change(created.draft) })).statusCode).toBe(
    200,
  );
  expect((await send('POST', `${url}/publish`, { revision: 1 })).statusCode).toBe(201);
  const assigned = await send('PUT', `/api/admin/cohorts/${tag}/programme`, { programmeId: created.id });
  expect(assigned.statusCode).toBe(200);
  return { id: created.id, url, draft: change(created.draft), send };
}

/** Activity 2 without its first field, and activities 3 and 4 switched off. */
function halfDay(draft: ProgrammeContent): ProgrammeContent {
  const activities = draft.activities.map((config, i) =>
    i === 1 ? { ...config, intro: 'A clinic’s competitors.' } : config,
  );
  return { activities, switchedOff: [3, 4] };
}

describeApi('programmes: what a team runs', (ctx) => {
  it('a team in no cohort, or in one running the standard, runs the standard; a cohort’s programme otherwise', async () => {
    const admin = await createAdminSession(ctx.app);
    const loner = await createTeamSession(ctx.app, 'Loner');
    await createCohort(ctx.app, 'spring');
    const [member] = await createCohortMembers(ctx.app, 'spring', ['Member']);
    const standard = { programmeId: 'standard', version: 1, switchedOff: [] };
    const own = (m: { team: { id: string }; cookie: string }) =>
      get(ctx.app, `/api/teams/${m.team.id}/programme`, m.cookie);
    expect((await own(loner)).json()).toEqual(standard);
    expect((await own(member!)).json()).toEqual(standard);

    const programme = await publishedProgramme(ctx.app, admin.cookie, 'spring', halfDay);
    const runs = await own(member!);
    expect(runs.statusCode).toBe(200);
    expect(runs.headers['cache-control']).toBe('no-store');
    expect(runs.json()).toEqual({ programmeId: programme.id, version: 1, switchedOff: [3, 4] });
    // An instructor reads it too; another team and nobody may not.
    expect((await get(ctx.app, `/api/teams/${member!.team.id}/programme`, admin.cookie)).json()).toEqual(
      runs.json(),
    );
    expect((await get(ctx.app, `/api/teams/${member!.team.id}/programme`, loner.cookie)).statusCode).toBe(
      403,
    );
    expect((await get(ctx.app, `/api/teams/${member!.team.id}/programme`)).statusCode).toBe(401);
    expect(
      (await get(ctx.app, '/api/teams/00000000-0000-4000-8000-000000000000/programme', admin.cookie))
        .statusCode,
    ).toBe(404);
  });

  it('serves a version’s activities to its cohort’s teams and instructors only; the standard’s to anyone', async () => {
    const admin = await createAdminSession(ctx.app);
    await createCohort(ctx.app, 'spring');
    await createCohort(ctx.app, 'other');
    const [member] = await createCohortMembers(ctx.app, 'spring', ['Member']);
    const [outsider] = await createCohortMembers(ctx.app, 'other', ['Outsider']);
    const programme = await publishedProgramme(ctx.app, admin.cookie, 'spring', halfDay);
    const base = `/api/programmes/${programme.id}/versions/1`;

    const phase = await get(ctx.app, `${base}/phase-2`, member!.cookie);
    expect(phase.statusCode).toBe(200);
    expect(phase.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(phase.json()).toMatchObject({ phase: 2, intro: 'A clinic’s competitors.' });
    const fields = await get(ctx.app, `${base}/fields`, admin.cookie);
    expect(fields.statusCode).toBe(200);
    expect(fields.json().activities).toHaveLength(8);
    expect(fields.json().activities[1].fields[0]).toEqual({
      id: expect.any(String),
      required: expect.any(Boolean),
    });

    for (const url of [`${base}/phase-2`, `${base}/fields`]) {
      expect((await get(ctx.app, url)).statusCode, url).toBe(401);
      const refused = await get(ctx.app, url, outsider!.cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ message: "This programme is not your cohort's." });
    }
    expect((await get(ctx.app, `${base}/phase-9`, member!.cookie)).statusCode).toBe(404);
    expect((await get(ctx.app, `${base}/phase-x`, admin.cookie)).statusCode).toBe(404);
    expect(
      (await get(ctx.app, `/api/programmes/${programme.id}/versions/2/fields`, admin.cookie)).json(),
    ).toEqual({ message: 'That version of the programme was not found.' });
    expect((await get(ctx.app, '/api/programmes/nope/versions/1/fields', admin.cookie)).statusCode).toBe(404);

    const standard = await get(ctx.app, '/api/programmes/standard/versions/1/phase-2');
    expect(standard.statusCode).toBe(200);
    expect(standard.headers['cache-control']).toBe('public, max-age=300');
    expect(standard.json()).toEqual((await get(ctx.app, '/api/configs/phase-2')).json());
    expect((await get(ctx.app, '/api/programmes/standard/versions/1/fields')).json()).toEqual(
      (await get(ctx.app, '/api/configs/fields')).json(),
    );
    expect((await get(ctx.app, '/api/programmes/standard/versions/2/fields')).statusCode).toBe(404);
  });

  it('tells the open pages of a cohort’s teams what they run, on (re)connection and on every change', async () => {
    const admin = await createAdminSession(ctx.app);
    await createCohort(ctx.app, 'spring');
    const [member] = await createCohortMembers(ctx.app, 'spring', ['Member']);
    const stream = await openEventStream<TeamEvent>(
      ctx.app,
      `/api/teams/${member!.team.id}/events?clientId=programme-page`,
      { cookie: member!.cookie },
    );
    try {
      const programmeAfter = (from: number) =>
        stream.waitUntil((e) => e.type === 'programme' && stream.events.indexOf(e) >= from);
      expect(await programmeAfter(0)).toEqual({
        type: 'programme',
        programmeId: 'standard',
        version: 1,
        switchedOff: [],
      });
      let seen = stream.events.length;
      const programme = await publishedProgramme(ctx.app, admin.cookie, 'spring', halfDay);
      expect(await programmeAfter(seen)).toEqual({
        type: 'programme',
        programmeId: programme.id,
        version: 1,
        switchedOff: [3, 4],
      });
      // A new version reaches the page.
      seen = stream.events.length;
      await programme.send('PUT', `${programme.url}/draft`, {
        revision: 1,
        draft: { ...programme.draft, switchedOff: [] },
      });
      await programme.send('POST', `${programme.url}/publish`, { revision: 2 });
      expect(await programmeAfter(seen)).toMatchObject({ version: 2, switchedOff: [] });
      // The team leaves the cohort: the standard again.
      seen = stream.events.length;
      await ctx.app.inject({
        method: 'PATCH',
        url: '/api/admin/cohorts/unassign-teams',
        headers: { cookie: admin.cookie },
        payload: { teamIds: [member!.team.id] },
      });
      expect(await programmeAfter(seen)).toMatchObject({ programmeId: 'standard', version: 1 });
    } finally {
      await stream.close();
    }
  });

  it('the progress board and the CSV read each team’s programme; a removed field’s answers are kept', async () => {
    const admin = await createAdminSession(ctx.app);
    await createCohort(ctx.app, 'spring');
    const [member] = await createCohortMembers(ctx.app, 'spring', ['Member'], 0);
    const loner = await createTeamSession(ctx.app, 'Loner');
    const standardConfig = (await get(ctx.app, '/api/configs/phase-3')).json();
    const required = (standardConfig.fields as { id: string; required: boolean }[]).filter((f) => f.required);
    // Both teams do activity 3 (every required field) and reach activity 5.
    for (const team of [member!, loner]) {
      const answers = Object.fromEntries(required.map((f) => [f.id, `Answer to ${f.id}`]));
      expect((await saveAnswers(ctx.app, team, 3, answers)).statusCode).toBe(200);
      await saveAnswers(ctx.app, team, 4, { anything: 'x' });
    }
    // Activity 3's first required field is removed and another added in its place (its template follows);
    // activity 4 is switched off for the cohort.
    const removed = required.find((f) => !isSharedFactId(f.id))!.id;
    const programme = await publishedProgramme(ctx.app, admin.cookie, 'spring', (draft) => ({
      activities: draft.activities.map((config, i) =>
        i === 2
          ? JSON.parse(JSON.stringify(config).replace(new RegExp(`\\b${removed}\\b`, 'g'), 'new_field'))
          : config,
      ),
      switchedOff: [4],
    }));
    expect(programme.id).toBeTruthy();

    const listed = await get(ctx.app, '/api/teams', admin.cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    const teams = listed.json() as AdminTeam[];
    const row = (name: string) => teams.find((t) => t.name === name)!;
    // The member's programme asks for the new field, unanswered; the loner runs the standard.
    expect(row('Member').activitiesDone).not.toContain(3);
    expect(row('Loner').activitiesDone).toContain(3);
    // Each row says what the team runs: the board's columns and "Done" follow it.
    expect(row('Member').programme).toEqual({ programmeId: programme.id, version: 1, switchedOff: [4] });
    expect(row('Loner').programme).toEqual({ programmeId: 'standard', version: 1, switchedOff: [] });
    // currentPhase 4: activities 1 to 3 before it. The member's day has seven activities, the loner's eight.
    expect(row('Member').currentPhase).toBe(4);
    expect(row('Member').progress).toBeCloseTo(3 / 7);
    expect(row('Loner').progress).toBeCloseTo(3 / 8);

    // The removed field's answer is still stored and counted.
    const saved = await get(ctx.app, `/api/phase-data/${member!.team.id}/3`, member!.cookie);
    expect(saved.json().data[removed]).toBe(`Answer to ${removed}`);
    const csv = (await get(ctx.app, '/api/admin/export', admin.cookie)).body;
    const memberLine = csv.split('\r\n').find((line) => line.includes(',Member,'))!;
    const lonerLine = csv.split('\r\n').find((line) => line.includes(',Loner,'))!;
    // A programme's name is text: its formula start is neutralised.
    expect(memberLine.endsWith(",'=Clinics (version 1)")).toBe(true);
    expect(lonerLine.endsWith(',Standard programme')).toBe(true);
    expect(memberLine).toMatch(/^\w{4},Member,spring,Cohort spring,4,43,/);
    expect(lonerLine).toMatch(/^\w{4},Loner,,,4,38,/);
    const answered = (line: string) => Number(line.split(',')[15]);
    expect(answered(memberLine)).toBe(required.length);
  });

  it('tells every instructor’s dashboard when what a cohort runs changes; the list says what each version leaves out', async () => {
    const admin = await createAdminSession(ctx.app);
    await createCohort(ctx.app, 'spring');
    let programme: Awaited<ReturnType<typeof publishedProgramme>>;
    const dashboard = await openEventStream<AdminEvent>(ctx.app, '/api/admin/events', {
      cookie: admin.cookie,
    });
    try {
      await dashboard.waitUntil((e) => e.type === 'catch-up');
      const programmesAfter = (from: number) =>
        dashboard.waitUntil((e) => e.type === 'programmes' && dashboard.events.indexOf(e) >= from);
      // Given to a cohort: every open dashboard (this one's, another instructor's) reads its lists again.
      let seen = dashboard.events.length;
      programme = await publishedProgramme(ctx.app, admin.cookie, 'spring', halfDay);
      expect(await programmesAfter(seen)).toEqual({ type: 'programmes' });
      // A new version too.
      seen = dashboard.events.length;
      await programme.send('PUT', `${programme.url}/draft`, {
        revision: 1,
        draft: { ...programme.draft, switchedOff: [8] },
      });
      expect((await programme.send('POST', `${programme.url}/publish`, { revision: 2 })).statusCode).toBe(
        201,
      );
      expect(await programmesAfter(seen)).toEqual({ type: 'programmes' });
    } finally {
      await dashboard.close();
    }

    // The list and the detail name what the newest version switches off; the standard nothing.
    const list = (await get(ctx.app, '/api/admin/programmes', admin.cookie)).json() as {
      programmes: { id: string; publishedSwitchedOff: number[] }[];
    };
    expect(list.programmes.find((p) => p.id === 'standard')?.publishedSwitchedOff).toEqual([]);
    expect(list.programmes.find((p) => p.id === programme.id)?.publishedSwitchedOff).toEqual([8]);
    expect((await get(ctx.app, programme.url, admin.cookie)).json().publishedSwitchedOff).toEqual([8]);
    // A programme never published leaves nothing out.
    const draftOnly = await programme.send('POST', '/api/admin/programmes', { name: 'Unpublished' });
    const listed = (await get(ctx.app, '/api/admin/programmes', admin.cookie)).json() as typeof list;
    expect(listed.programmes.find((p) => p.id === draftOnly.json().id)?.publishedSwitchedOff).toEqual([]);
    // A team session is refused the list, as before.
    const team = await createTeamSession(ctx.app, 'Curious');
    expect((await get(ctx.app, '/api/admin/programmes', team.cookie)).statusCode).toBe(401);
  });
});
