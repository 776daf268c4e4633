import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { AdminEvent } from '../../shared/schemas/admin.ts';
import type { FeedbackNote, HelpRequest } from '../../shared/schemas/coaching.ts';
import type { LiveMessage } from '../../shared/schemas/live.ts';
import { cohorts, feedbackNotes, helpRequests, teams } from '../db/schema.ts';
import { createCohort } from '../../../testing/api/cohorts.ts';
import { describeTwoInstances, openEventStream } from '../../../testing/api/live.ts';
import {
  buildTestApp,
  createAdminSession,
  createTeamSession,
  describeApi,
  type Member,
} from '../../../testing/api/test-app.ts';
import { deleteClosedHelpRequests } from './queries.ts';
import { CLOSED_HELP_KEPT_HOURS } from './help-limits.ts';

const send = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) => app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

describeApi('feedback on a team’s activity', (ctx) => {
  const feedback = (member: Member) => `/api/teams/${member.team.id}/feedback`;

  it('an instructor writes a note on one activity; the team reads it, marks it done and undoes it; the instructor sees each', async () => {
    const member = await createTeamSession(ctx.app, 'Harbour Roasters');
    const admin = await createAdminSession(ctx.app, 'alice');
    const written = await send(ctx.app, 'POST', feedback(member), admin.cookie, {
      phaseNumber: 2,
      body: '  Rank the competitors by threat, not by size.  ',
    });
    expect(written.statusCode).toBe(201);
    const note = written.json() as FeedbackNote;
    expect(note).toMatchObject({
      teamId: member.team.id,
      phaseNumber: 2,
      body: 'Rank the competitors by threat, not by size.',
      author: 'alice',
      doneAt: null,
    });

    const read = await send(ctx.app, 'GET', feedback(member), member.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toContain('no-store');
    expect(read.json()).toEqual({ notes: [note] });

    const done = await send(ctx.app, 'PATCH', `${feedback(member)}/${note.id}`, member.cookie, {
      done: true,
    });
    expect(done.statusCode).toBe(200);
    const doneAt = (done.json() as FeedbackNote).doneAt;
    expect(doneAt).toEqual(expect.any(String));
    // Marking it done again keeps the first time.
    const again = await send(ctx.app, 'PATCH', `${feedback(member)}/${note.id}`, member.cookie, {
      done: true,
    });
    expect((again.json() as FeedbackNote).doneAt).toBe(doneAt);
    const seen = await send(ctx.app, 'GET', feedback(member), admin.cookie);
    expect((seen.json() as { notes: FeedbackNote[] }).notes[0]!.doneAt).toBe(doneAt);
    const undone = await send(ctx.app, 'PATCH', `${feedback(member)}/${note.id}`, member.cookie, {
      done: false,
    });
    expect((undone.json() as FeedbackNote).doneAt).toBeNull();
  });

  it('refuses a blank or over-long note and an activity outside 1-8 (400), and an unknown team (404); nothing is written', async () => {
    const member = await createTeamSession(ctx.app);
    const admin = await createAdminSession(ctx.app);
    for (const payload of [
      { phaseNumber: 1, body: '   ' },
      { phaseNumber: 1, body: 'x'.repeat(2001) },
      { phaseNumber: 9, body: 'ok' },
      { phaseNumber: 1 },
      { body: 'ok' },
    ]) {
      const refused = await send(ctx.app, 'POST', feedback(member), admin.cookie, payload);
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(typeof refused.json().message).toBe('string');
    }
    const unknown = await send(ctx.app, 'POST', `/api/teams/${randomUUID()}/feedback`, admin.cookie, {
      phaseNumber: 1,
      body: 'Hello',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Workspace not found.' });
    expect(await ctx.app.db.select().from(feedbackNotes)).toEqual([]);
  });

  it("a team cannot reach another team's note through its own path, and a removed note is gone for everyone", async () => {
    const mine = await createTeamSession(ctx.app, 'Mine');
    const theirs = await createTeamSession(ctx.app, 'Theirs');
    const admin = await createAdminSession(ctx.app);
    const note = (
      await send(ctx.app, 'POST', feedback(theirs), admin.cookie, { phaseNumber: 1, body: 'For them only' })
    ).json() as FeedbackNote;
    // Their note under my team's path: no such note of mine.
    const crossed = await send(ctx.app, 'PATCH', `${feedback(mine)}/${note.id}`, mine.cookie, { done: true });
    expect(crossed.statusCode).toBe(404);
    expect((await send(ctx.app, 'GET', feedback(mine), mine.cookie)).json()).toEqual({ notes: [] });

    const removed = await send(ctx.app, 'DELETE', `${feedback(theirs)}/${note.id}`, admin.cookie);
    expect(removed.statusCode).toBe(200);
    const twice = await send(ctx.app, 'DELETE', `${feedback(theirs)}/${note.id}`, admin.cookie);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ message: 'That feedback was not found: it may have been removed.' });
    expect((await send(ctx.app, 'GET', feedback(theirs), theirs.cookie)).json()).toEqual({ notes: [] });
  });

  it("reaches the team's open pages and the instructors reading its work without a reload", async () => {
    const member = await createTeamSession(ctx.app);
    const admin = await createAdminSession(ctx.app, 'alice');
    const page = `/api/events?page=${member.team.id}:team-page-on-2:2`;
    const teamPage = await openEventStream<LiveMessage>(ctx.app, page, { cookie: member.cookie });
    const workView = await openEventStream<LiveMessage>(
      ctx.app,
      `/api/events?page=${member.team.id}:instructor-view:0`,
      {
        cookie: admin.cookie,
      },
    );
    await Promise.all([teamPage.waitFor(2), workView.waitFor(2)]);
    const note = (
      await send(ctx.app, 'POST', feedback(member), admin.cookie, {
        phaseNumber: 2,
        body: 'Check the prices.',
      })
    ).json() as FeedbackNote;
    const isFeedback = (m: LiveMessage) => 'event' in m && m.event.type === 'feedback';
    expect(await teamPage.waitUntil(isFeedback)).toEqual({
      sub: `team:${member.team.id}`,
      event: { type: 'feedback', note },
    });
    await send(ctx.app, 'PATCH', `${feedback(member)}/${note.id}`, member.cookie, { done: true });
    const marked = await workView.waitUntil(
      (m) => 'event' in m && m.event.type === 'feedback' && m.event.note.doneAt !== null,
    );
    expect(marked).toMatchObject({ event: { note: { id: note.id } } });
    await send(ctx.app, 'DELETE', `${feedback(member)}/${note.id}`, admin.cookie);
    expect(
      await teamPage.waitUntil((m) => 'event' in m && m.event.type === 'feedback-removed'),
    ).toMatchObject({
      event: { id: note.id, phaseNumber: 2 },
    });
    await Promise.all([teamPage.close(), workView.close()]);
  });
});

/** A team in an active cohort (`class`), with its session: only such a team asks for help. */
async function teamInClass(app: FastifyInstance, name?: string): Promise<Member> {
  await app.db.insert(cohorts).values({ tag: 'class', name: 'Cohort class' }).onConflictDoNothing();
  const member = await createTeamSession(app, name);
  await app.db.update(teams).set({ cohortTag: 'class' }).where(eq(teams.id, member.team.id));
  return member;
}

describeApi('asking for help', (ctx) => {
  const help = (member: Member) => `/api/teams/${member.team.id}/help`;

  it('a team asks from an activity, the instructors see it oldest first, one answers; the team sees it answered', async () => {
    await createCohort(ctx.app, 'spring');
    const first = await createTeamSession(ctx.app, 'First');
    const second = await teamInClass(ctx.app, 'Second');
    await ctx.app.db.update(teams).set({ cohortTag: 'spring' }).where(eq(teams.id, first.team.id));
    const admin = await createAdminSession(ctx.app, 'alice');
    expect((await send(ctx.app, 'GET', help(first), first.cookie)).json()).toEqual({ request: null });

    const asked = await send(ctx.app, 'POST', help(first), first.cookie, {
      phaseNumber: 3,
      message: ' Stuck on sources ',
    });
    expect(asked.statusCode).toBe(201);
    const request = asked.json() as HelpRequest;
    expect(request).toMatchObject({
      teamId: first.team.id,
      phaseNumber: 3,
      message: 'Stuck on sources',
      status: 'open',
    });
    await send(ctx.app, 'POST', help(second), second.cookie, { phaseNumber: 1 });

    const queue = await send(ctx.app, 'GET', '/api/admin/help-requests', admin.cookie);
    expect(queue.statusCode).toBe(200);
    const { requests } = queue.json() as {
      requests: (HelpRequest & { teamName: string; cohortName: string | null })[];
    };
    expect(requests.map((r) => [r.teamName, r.cohortName, r.phaseNumber, r.message])).toEqual([
      ['First', 'Cohort spring', 3, 'Stuck on sources'],
      ['Second', 'Cohort class', 1, ''],
    ]);

    const answered = await send(
      ctx.app,
      'POST',
      `/api/admin/help-requests/${request.id}/answer`,
      admin.cookie,
    );
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ id: request.id, status: 'answered', answeredBy: 'alice' });
    // A second instructor pressing too gets it as it stands.
    const other = await createAdminSession(ctx.app, 'bob');
    const again = await send(ctx.app, 'POST', `/api/admin/help-requests/${request.id}/answer`, other.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'answered', answeredBy: 'alice' });
    expect((await send(ctx.app, 'GET', help(first), first.cookie)).json()).toMatchObject({
      request: { id: request.id, status: 'answered' },
    });
    const left = (await send(ctx.app, 'GET', '/api/admin/help-requests', admin.cookie)).json() as {
      requests: unknown[];
    };
    expect(left.requests).toHaveLength(1);
    // Answered: the team may ask again.
    expect((await send(ctx.app, 'POST', help(first), first.cookie, { phaseNumber: 4 })).statusCode).toBe(201);
  });

  it('an instructor answers with a short line the team reads; a bad answer or a team is refused, nothing changed', async () => {
    const member = await teamInClass(ctx.app, 'Lined');
    const admin = await createAdminSession(ctx.app, 'carol');
    const request = (await send(ctx.app, 'POST', help(member), member.cookie, { phaseNumber: 2 })).json();
    const url = `/api/admin/help-requests/${request.id}/answer`;

    // A team cannot answer (its own request included); an answer too long or not text is a 400.
    expect((await send(ctx.app, 'POST', url, member.cookie, { answer: 'Sure' })).statusCode).toBe(401);
    const long = await send(ctx.app, 'POST', url, admin.cookie, { answer: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/answer/);
    const notText = await send(ctx.app, 'POST', url, admin.cookie, { answer: 42 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().message).toMatch(/answer/);
    expect((await send(ctx.app, 'GET', help(member), member.cookie)).json().request).toMatchObject({
      status: 'open',
      answer: '',
    });

    const answered = await send(ctx.app, 'POST', url, admin.cookie, {
      answer: '  Coming to your table in 2 minutes ',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'answered',
      answeredBy: 'carol',
      answer: 'Coming to your table in 2 minutes',
    });
    expect((await send(ctx.app, 'GET', help(member), member.cookie)).json().request).toMatchObject({
      status: 'answered',
      answer: 'Coming to your table in 2 minutes',
    });
    // A later press (another instructor's line) changes nothing: the first answer stands.
    const later = await send(ctx.app, 'POST', url, admin.cookie, { answer: 'Something else' });
    expect(later.json().answer).toBe('Coming to your table in 2 minutes');
  });

  it('one open request per team, however many devices ask at once (409 for the rest)', async () => {
    const member = await teamInClass(ctx.app);
    const asks = await Promise.all(
      Array.from({ length: 6 }, () => send(ctx.app, 'POST', help(member), member.cookie, { phaseNumber: 2 })),
    );
    expect(asks.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const refused = asks.find((a) => a.statusCode === 409)!;
    expect(refused.json()).toEqual({
      message: 'Your team has already asked for help: your instructor is on the way.',
    });
    expect(await ctx.app.db.select().from(helpRequests)).toHaveLength(1);
  });

  it('the team withdraws its open request; then nothing is open to withdraw or answer', async () => {
    const member = await teamInClass(ctx.app);
    const admin = await createAdminSession(ctx.app);
    const request = (
      await send(ctx.app, 'POST', help(member), member.cookie, { phaseNumber: 5 })
    ).json() as HelpRequest;
    const withdrawn = await send(ctx.app, 'DELETE', help(member), member.cookie);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ id: request.id, status: 'withdrawn', answeredBy: null });
    const nothing = await send(ctx.app, 'DELETE', help(member), member.cookie);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toEqual({ message: 'Your team has no open request for help.' });
    const late = await send(ctx.app, 'POST', `/api/admin/help-requests/${request.id}/answer`, admin.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'The team withdrew this request.' });
    const unknown = await send(
      ctx.app,
      'POST',
      `/api/admin/help-requests/${randomUUID()}/answer`,
      admin.cookie,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an over-long line and an activity outside 1-8 (400), and an instructor asking for a team (403)', async () => {
    const member = await teamInClass(ctx.app);
    const admin = await createAdminSession(ctx.app);
    for (const payload of [
      { phaseNumber: 1, message: 'x'.repeat(201) },
      { phaseNumber: 0 },
      { message: 'hi' },
    ]) {
      expect((await send(ctx.app, 'POST', help(member), member.cookie, payload)).statusCode).toBe(400);
    }
    const byAdmin = await send(ctx.app, 'POST', help(member), admin.cookie, { phaseNumber: 1 });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({
      message: 'Only the team itself asks for help or withdraws its request.',
    });
    expect(await ctx.app.db.select().from(helpRequests)).toEqual([]);
  });

  it("reaches every instructor's dashboard and the team's pages live", async () => {
    const member = await teamInClass(ctx.app);
    const alice = await createAdminSession(ctx.app, 'alice');
    const bob = await createAdminSession(ctx.app, 'bob');
    const dashboards = await Promise.all(
      [alice, bob].map((a) =>
        openEventStream<AdminEvent>(ctx.app, '/api/admin/events', { cookie: a.cookie }),
      ),
    );
    const teamPage = await openEventStream<LiveMessage>(
      ctx.app,
      `/api/events?page=${member.team.id}:a-team-page-1:1`,
      {
        cookie: member.cookie,
      },
    );
    await Promise.all([...dashboards.map((d) => d.waitFor(1)), teamPage.waitFor(2)]);
    const request = (
      await send(ctx.app, 'POST', help(member), member.cookie, { phaseNumber: 1 })
    ).json() as HelpRequest;
    for (const dashboard of dashboards) {
      expect(await dashboard.waitUntil((e) => e.type === 'help')).toEqual({
        type: 'help',
        teamId: member.team.id,
        requestId: request.id,
      });
    }
    await send(ctx.app, 'POST', `/api/admin/help-requests/${request.id}/answer`, alice.cookie);
    // Bob's screen hears Alice's answer.
    await dashboards[1]!.waitUntil(
      (e) => e.type === 'help' && dashboards[1]!.events.filter((x) => x.type === 'help').length === 2,
    );
    expect(
      await teamPage.waitUntil(
        (m) =>
          'event' in m &&
          m.event.type === 'help' &&
          'request' in m.event &&
          m.event.request.status === 'answered',
      ),
    ).toMatchObject({ event: { request: { answeredBy: 'alice' } } });
    await Promise.all([...dashboards.map((d) => d.close()), teamPage.close()]);
  });

  it('only a team in an active cohort asks: one in no cohort or an archived one is told why (403), nothing is written', async () => {
    const loose = await createTeamSession(ctx.app, 'Loose');
    await ctx.app.db.insert(cohorts).values({ tag: 'over', name: 'Over', archivedAt: new Date() });
    const archived = await createTeamSession(ctx.app, 'Archived');
    await ctx.app.db.update(teams).set({ cohortTag: 'over' }).where(eq(teams.id, archived.team.id));
    for (const member of [loose, archived]) {
      const refused = await send(ctx.app, 'POST', help(member), member.cookie, { phaseNumber: 1 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message:
          "Only a team in an active cohort can ask for help. Ask your instructor to add your team to the class's cohort.",
      });
    }
    expect(await ctx.app.db.select().from(helpRequests)).toEqual([]);
  });

  it('asking and withdrawing have a rate of their own per team: the 7th in a minute is 429, other teams unaffected', async () => {
    const member = await teamInClass(ctx.app, 'Looping');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await send(ctx.app, 'POST', help(member), member.cookie, { phaseNumber: 1 })).statusCode,
      );
      statuses.push((await send(ctx.app, 'DELETE', help(member), member.cookie)).statusCode);
    }
    expect(statuses).toEqual([201, 200, 201, 200, 201, 200, 429, 429]);
    const refused = await send(ctx.app, 'POST', help(member), member.cookie, { phaseNumber: 1 });
    expect(refused.json().message).toMatch(
      /^Your team has asked for help or withdrawn too often\. Please wait \d+ seconds/,
    );
    expect(refused.headers['retry-after']).toBeTruthy();
    const other = await teamInClass(ctx.app, 'Patient');
    expect((await send(ctx.app, 'POST', help(other), other.cookie, { phaseNumber: 2 })).statusCode).toBe(201);
  });

  it("a team asking and withdrawing in a loop with two dashboards open leaves the instructors' own calls answering 200", async () => {
    // The lowest flood limit there is (600 a minute per session), so the help list's reads would use it up.
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { requestsPerMinute: 600 });
    const looping = await teamInClass(ctx.app, 'Looping');
    const alice = await createAdminSession(ctx.app, 'alice');
    const dashboards = await Promise.all(
      [1, 2].map(() => openEventStream<AdminEvent>(ctx.app, '/api/admin/events', { cookie: alice.cookie })),
    );
    await Promise.all(dashboards.map((d) => d.waitFor(1)));
    let reads = 0;
    const readList = async () => {
      reads++;
      const list = await send(ctx.app, 'GET', '/api/admin/help-requests', alice.cookie);
      expect(list.statusCode).toBe(200);
    };
    let changes = 0;
    for (let i = 0; i < 40; i++) {
      for (const change of [
        () => send(ctx.app, 'POST', help(looping), looping.cookie, { phaseNumber: 1 }),
        () => send(ctx.app, 'DELETE', help(looping), looping.cookie),
      ]) {
        if ((await change()).statusCode >= 300) continue;
        changes++;
        // Each dashboard reads the list for every change it hears (as one without its throttle would).
        for (const dashboard of dashboards) {
          await dashboard.waitUntil(
            () => dashboard.events.filter((e) => e.type === 'help').length === changes,
          );
          await readList();
        }
      }
    }
    // The rate per team let 6 changes through, not 80.
    expect(reads).toBe(12);
    // However many reads the list takes (here 600 more, 612 in all: past the instructor's whole flood
    // allowance), they come out of its own.
    for (let i = 0; i < 600; i++) await readList();
    for (const url of ['/api/teams', '/api/admin/cohorts', '/api/admin/help-requests']) {
      expect((await send(ctx.app, 'GET', url, alice.cookie)).statusCode, url).toBe(200);
    }
    await Promise.all(dashboards.map((d) => d.close()));
  }, 120_000); // About 700 requests one after another: 5 s on a quiet machine, four times that beside busy ones.

  it(`keeps answered and withdrawn requests ${CLOSED_HELP_KEPT_HOURS} hours, then the sweep deletes them; open ones stay`, async () => {
    const [a, b, c] = [
      await teamInClass(ctx.app, 'A'),
      await teamInClass(ctx.app, 'B'),
      await teamInClass(ctx.app, 'C'),
    ];
    const day = CLOSED_HELP_KEPT_HOURS * 3600_000;
    await ctx.app.db.insert(helpRequests).values([
      {
        teamId: a.team.id,
        phaseNumber: 1,
        status: 'answered',
        closedAt: new Date(Date.now() - day - 60_000),
      },
      {
        teamId: a.team.id,
        phaseNumber: 2,
        status: 'withdrawn',
        closedAt: new Date(Date.now() - day - 60_000),
      },
      {
        teamId: b.team.id,
        phaseNumber: 1,
        status: 'answered',
        closedAt: new Date(Date.now() - day + 600_000),
      },
      { teamId: c.team.id, phaseNumber: 1, createdAt: new Date(Date.now() - 3 * day) },
    ]);
    expect(await deleteClosedHelpRequests(ctx.app.db, CLOSED_HELP_KEPT_HOURS * 3600)).toBe(2);
    const left = await ctx.app.db.select().from(helpRequests);
    expect(left.map((r) => [r.teamId, r.status]).sort()).toEqual(
      [
        [b.team.id, 'answered'],
        [c.team.id, 'open'],
      ].sort(),
    );
  });

  it("goes with the team's data when the team is deleted, notes included", async () => {
    const member = await teamInClass(ctx.app, 'Leaving');
    const admin = await createAdminSession(ctx.app);
    await send(ctx.app, 'POST', `/api/teams/${member.team.id}/feedback`, admin.cookie, {
      phaseNumber: 1,
      body: 'Bye',
    });
    await send(ctx.app, 'POST', help(member), member.cookie, { phaseNumber: 1 });
    const deleted = await send(ctx.app, 'DELETE', `/api/teams/${member.team.id}`, admin.cookie, {
      confirmName: 'Leaving',
    });
    expect(deleted.statusCode).toBe(200);
    expect(await ctx.app.db.select().from(feedbackNotes)).toEqual([]);
    expect(await ctx.app.db.select().from(helpRequests)).toEqual([]);
  });

  it('the progress export carries the feedback, each note with its activity and whether it is done', async () => {
    const member = await createTeamSession(ctx.app, 'Exported');
    const admin = await createAdminSession(ctx.app);
    const note = (
      await send(ctx.app, 'POST', `/api/teams/${member.team.id}/feedback`, admin.cookie, {
        phaseNumber: 2,
        body: 'First',
      })
    ).json() as FeedbackNote;
    await send(ctx.app, 'POST', `/api/teams/${member.team.id}/feedback`, admin.cookie, {
      phaseNumber: 5,
      body: '=HYPERLINK("x")',
    });
    await send(ctx.app, 'PATCH', `/api/teams/${member.team.id}/feedback/${note.id}`, member.cookie, {
      done: true,
    });
    const csv = (await send(ctx.app, 'GET', '/api/admin/export', admin.cookie)).body;
    expect(csv.split('\r\n')[0]).toMatch(/,Instructor Feedback,Programme$/);
    // Quoted as RFC 4180 says; nothing in it starts a formula (the note's "=" follows "Activity 5: ").
    expect(csv).toContain('"Activity 2 (done): First | Activity 5: =HYPERLINK(""x"")"');
  });
});

describeTwoInstances('coaching across instances', (apps) => {
  it('a note written on one instance reaches the team page held by the other; a help request, the dashboards there', async () => {
    const member = await teamInClass(apps.first);
    const admin = await createAdminSession(apps.first);
    const teamPage = await openEventStream<LiveMessage>(
      apps.second,
      `/api/events?page=${member.team.id}:remote-page-1:1`,
      {
        cookie: member.cookie,
      },
    );
    const dashboard = await openEventStream<AdminEvent>(apps.second, '/api/admin/events', {
      cookie: admin.cookie,
    });
    await Promise.all([teamPage.waitFor(2), dashboard.waitFor(1)]);
    await send(apps.first, 'POST', `/api/teams/${member.team.id}/feedback`, admin.cookie, {
      phaseNumber: 1,
      body: 'Across',
    });
    expect(await teamPage.waitUntil((m) => 'event' in m && m.event.type === 'feedback')).toMatchObject({
      event: { note: { body: 'Across' } },
    });
    await send(apps.first, 'POST', `/api/teams/${member.team.id}/help`, member.cookie, { phaseNumber: 1 });
    expect(await dashboard.waitUntil((e) => e.type === 'help')).toMatchObject({ teamId: member.team.id });
    await Promise.all([teamPage.close(), dashboard.close()]);
  });
});
