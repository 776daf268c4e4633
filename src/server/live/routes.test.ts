import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { CohortEvent } from '../../shared/schemas/cohort.ts';
import { LIVE_LIMITS, type LiveMessage } from '../../shared/schemas/live.ts';
import type { TeamEvent } from '../../shared/schemas/team-events.ts';
import { cohorts, sessions } from '../db/schema.ts';
import { hashToken } from '../auth/queries.ts';
import { STREAM_LIMITS } from './event-streams.ts';
import { addressOf, describeTwoInstances, openEventStream } from '../../../testing/api/live.ts';
import {
  cookiesFrom,
  createAdminSession,
  createTeamSession,
  describeApi,
  loginTeam,
  type Member,
} from '../../../testing/api/test-app.ts';
import { liveChannel } from './event-bus.ts';
import { waitUntil } from '../../../testing/wait.ts';

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A second device of the team: a fresh login, so a session of its own. */
async function secondDevice(app: FastifyInstance, member: Member): Promise<string> {
  return cookiesFrom(await loginTeam(app, member.team.accessToken));
}

/** The open streams of every session, team and address on the instance, read from its registry. */
const openStreams = (app: FastifyInstance) => app.eventStreams.size;

describeApi('one page, one workspace stream (GET /api/teams/:teamId/events)', (ctx) => {
  const streamOf = (teamId: string, cookie: string, query: string, headers: Record<string, string> = {}) =>
    openEventStream<TeamEvent>(ctx.app, `/api/teams/${teamId}/events?${query}`, { cookie, ...headers });

  it('starts with each activity version and the open pages, then sends pages arriving, moving and leaving as changes', async () => {
    const member = await createTeamSession(ctx.app);
    const { team, cookie } = member;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: { cookie },
      payload: { teamId: team.id, phaseNumber: 3, data: { a: 'x' } },
    });
    // The label is the server's reading of the user agent; a label in the query is no longer heard.
    const first = await streamOf(team.id, cookie, 'clientId=laptop-a-page&phase=3&label=Instructor', {
      'user-agent': CHROME_ON_LINUX,
    });
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('cache-control')).toContain('no-store');
    const [versions, presence] = await first.waitFor(2);
    expect(versions).toEqual({ type: 'versions', versions: { '3': 1 } });
    expect(presence).toEqual({
      type: 'presence',
      devices: [{ clientId: 'laptop-a-page', phase: 3, label: 'Chrome on Linux', admin: false }],
    });

    const other = await secondDevice(ctx.app, member);
    const second = await streamOf(team.id, other, 'clientId=laptop-b-page&phase=5', {
      'user-agent': 'Instructor',
    });
    // Only the change travels, not the whole list again; a user agent cannot name itself the instructor.
    expect(
      await first.waitUntil((e) => e.type === 'presence-change' && e.upsert[0]?.clientId === 'laptop-b-page'),
    ).toEqual({
      type: 'presence-change',
      upsert: [{ clientId: 'laptop-b-page', phase: 5, label: 'Browser', admin: false }],
      remove: [],
    });

    // The page moves to another activity: its stream opens again with the new one, then the old one goes.
    const moved = await streamOf(team.id, other, 'clientId=laptop-b-page&phase=1');
    await first.waitUntil((e) => e.type === 'presence-change' && e.upsert.some((d) => d.phase === 1));
    await second.close();
    await moved.close();
    const left = await first.waitUntil((e) => e.type === 'presence-change' && e.remove.length > 0);
    expect(left).toEqual({ type: 'presence-change', upsert: [], remove: ['laptop-b-page'] });
    // The old stream's close removed nothing the new one had taken over: one removal in all.
    await new Promise((r) => setTimeout(r, 100));
    expect(first.events.filter((e) => e.type === 'presence-change' && e.remove.length > 0)).toHaveLength(1);
    await first.close();
  });

  it("marks an admin's page as the instructor's, and answers 404 for an admin naming no workspace", async () => {
    const { team } = await createTeamSession(ctx.app);
    const admin = await createAdminSession(ctx.app);
    const stream = await streamOf(team.id, admin.cookie, 'clientId=instructor-page');
    expect(await stream.waitUntil((e) => e.type === 'presence')).toMatchObject({
      devices: [{ clientId: 'instructor-page', admin: true }],
    });
    await stream.close();
    const missing = await ctx.app.inject({
      url: `/api/teams/${randomUUID()}/events?clientId=instructor-page`,
      headers: { cookie: admin.cookie },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Workspace not found.' });
  });

  it('refuses a missing or malformed page id with 400, before any stream opens', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    for (const query of [
      '',
      'clientId=short',
      'clientId=has%20space%20in%20it',
      'clientId=good-page-id&phase=9',
    ]) {
      const response = await ctx.app.inject({
        url: `/api/teams/${team.id}/events?${query}`,
        headers: { cookie },
      });
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it(`holds a team at ${STREAM_LIMITS.perTeam} open streams however many sessions it makes; a newcomer takes the busiest session's oldest`, async () => {
    const member = await createTeamSession(ctx.app);
    const streams: Awaited<ReturnType<typeof streamOf>>[] = [];
    const busy = await secondDevice(ctx.app, member);
    for (let i = 0; i < STREAM_LIMITS.perTeam; i++) {
      // Each login is a new session: the per-session cap alone would never stop this.
      const cookie = i < STREAM_LIMITS.perSession ? busy : await secondDevice(ctx.app, member);
      streams.push(await streamOf(member.team.id, cookie, `clientId=page-number-${i}`));
    }
    expect(streams.every((s) => s.response.status === 200)).toBe(true);
    expect(ctx.app.eventStreams.count(`team:${member.team.id}`)).toBe(STREAM_LIMITS.perTeam);
    // A session holding fewer than the busiest gets in: the busiest session's oldest stream ends.
    const newcomer = await streamOf(member.team.id, await secondDevice(ctx.app, member), 'clientId=newcomer');
    expect(newcomer.response.status).toBe(200);
    await waitUntil(() => streams[0]!.ended, "the busiest session's oldest stream to end");
    expect(streams.slice(1).some((s) => s.ended)).toBe(false);
    expect(ctx.app.eventStreams.count(`team:${member.team.id}`)).toBe(STREAM_LIMITS.perTeam);
    // The busiest session itself gets no more: it holds the most already; the team is full, and says so.
    const refused = await fetch(
      `${await addressOf(ctx.app)}/api/teams/${member.team.id}/events?clientId=busy-again`,
      {
        headers: { cookie: busy },
      },
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(((await refused.json()) as { message: string }).message).toBe(
      "Too many devices are connected with this team's Workspace Code. Ask your instructor for a new Workspace Code.",
    );
    // Another team still gets in, and so does an instructor watching this one (counted as the instructor's).
    const other = await createTeamSession(ctx.app, 'Other');
    const otherStream = await streamOf(other.team.id, other.cookie, 'clientId=other-page-1');
    expect(otherStream.response.status).toBe(200);
    const admin = await createAdminSession(ctx.app);
    const watching = await streamOf(member.team.id, admin.cookie, 'clientId=instructor-page');
    expect(watching.response.status).toBe(200);
    await Promise.all([...streams, newcomer, otherStream, watching].map((s) => s.close()));
  });

  it(`caps one session at ${STREAM_LIMITS.perSession} open streams with 429`, async () => {
    const admin = await createAdminSession(ctx.app);
    const streams = [];
    for (let i = 0; i < STREAM_LIMITS.perSession; i++) {
      streams.push(await openEventStream(ctx.app, '/api/admin/events', { cookie: admin.cookie }));
    }
    const refused = await openEventStream(ctx.app, '/api/admin/events', { cookie: admin.cookie });
    expect(refused.response.status).toBe(429);
    await Promise.all(streams.map((s) => s.close()));
  });

  it('a cohort may be called "error": its events are delivered like any other', async () => {
    await ctx.app.db.insert(cohorts).values({ tag: 'error', name: 'Error Cohort' });
    // Nobody listens yet: a Node event emitter would throw for an unheard 'error' event.
    await ctx.app.liveEvents.publish(liveChannel.cohort('error'), {
      type: 'ballots',
      ballotCount: 0,
      teamCount: 0,
    });
    const stream = await openEventStream<CohortEvent>(ctx.app, '/api/cohorts/error/events');
    await stream.waitFor(2);
    await ctx.app.liveEvents.publish(liveChannel.cohort('error'), {
      type: 'ballots',
      ballotCount: 4,
      teamCount: 5,
    });
    expect(await stream.waitUntil((e) => e.type === 'ballots' && e.ballotCount === 4)).toBeTruthy();
    await stream.close();
  });
});

describeApi('one stream for all of a browser’s tabs (GET /api/events)', (ctx) => {
  const open = (query: string, cookie?: string) =>
    openEventStream<LiveMessage>(ctx.app, `/api/events?${query}`, cookie ? { cookie } : {});
  const page = (teamId: string, clientId: string, phase: number) => `page=${teamId}:${clientId}:${phase}`;

  it('carries every page, cohort and the progress events at once, each message naming its subscription', async () => {
    const member = await createTeamSession(ctx.app);
    await ctx.app.db.insert(cohorts).values({ tag: 'spring', name: 'Spring' });
    const admin = await createAdminSession(ctx.app);
    const cookie = `${member.cookie}; ${admin.cookie}`;
    const t = member.team.id;
    const stream = await open(
      [page(t, 'tab-activity-one', 1), page(t, 'tab-activity-two', 2), 'cohort=spring', 'admin=1'].join('&'),
      cookie,
    );
    expect(stream.response.status).toBe(200);
    const initial = await stream.waitFor(8);
    expect(initial.slice(0, 8).map((m) => `${m.sub} ${'event' in m ? m.event.type : 'refused'}`)).toEqual([
      `team:${t} versions`,
      `team:${t} presence`,
      `team:${t} programme`,
      'cohort:spring cohort',
      'cohort:spring ballots',
      'cohort:spring reveal',
      'cohort:spring pace',
      'admin catch-up',
    ]);
    // Both tabs show as pages of the workspace, on one stream.
    expect(initial[1]).toMatchObject({
      event: {
        devices: [
          { clientId: 'tab-activity-one', phase: 1 },
          { clientId: 'tab-activity-two', phase: 2 },
        ],
      },
    });
    await ctx.app.announce.progress(t, 'saved');
    expect(
      await stream.waitUntil((m) => 'event' in m && m.event.type === 'team' && m.event.reason === 'saved'),
    ).toEqual({
      sub: 'admin',
      event: { type: 'team', teamId: t, reason: 'saved' },
    });
    await ctx.app.liveEvents.publish(liveChannel.cohort('spring'), {
      type: 'ballots',
      ballotCount: 1,
      teamCount: 2,
    });
    expect(
      await stream.waitUntil((m) => 'event' in m && m.event.type === 'ballots' && m.event.ballotCount === 1),
    ).toEqual({
      sub: 'cohort:spring',
      event: { type: 'ballots', ballotCount: 1, teamCount: 2 },
    });
    await stream.close();
  });

  it('tells each refused subscription on the stream and carries the others; all refused, just the refusals', async () => {
    const member = await createTeamSession(ctx.app);
    const stranger = await createTeamSession(ctx.app, 'Stranger');
    await ctx.app.db.insert(cohorts).values({ tag: 'spring', name: 'Spring' });
    const stream = await open(
      [
        page(member.team.id, 'my-own-tab', 1),
        page(stranger.team.id, 'their-tab-1', 1),
        'cohort=spring',
        'cohort=nowhere',
        'admin=1',
      ].join('&'),
      member.cookie,
    );
    expect(stream.response.status).toBe(200);
    const messages = await stream.waitFor(8);
    const refusals = messages.filter((m) => 'refused' in m);
    expect(refusals).toEqual([
      {
        sub: `team:${stranger.team.id}`,
        refused: { status: 403, message: 'This workspace belongs to another team.' },
      },
      { sub: 'cohort:nowhere', refused: { status: 404, message: 'Cohort not found.' } },
      { sub: 'admin', refused: { status: 401, message: 'Admin session required.' } },
    ]);
    // The refused team's page is no page of it: its teammates never see it.
    const theirs = await open(page(stranger.team.id, 'their-own-tab', 1), stranger.cookie);
    const list = await theirs.waitUntil((m) => 'event' in m && m.event.type === 'presence');
    expect(list).toMatchObject({ event: { devices: [{ clientId: 'their-own-tab' }] } });
    await Promise.all([stream.close(), theirs.close()]);

    // Nothing granted: the refusals, and the stream ends (a browser reads why, and logs no failed request).
    const none = await open('admin=1&cohort=nowhere', member.cookie);
    expect(none.response.status).toBe(200);
    await none.pump;
    expect(none.events).toEqual([
      { sub: 'cohort:nowhere', refused: { status: 404, message: 'Cohort not found.' } },
      { sub: 'admin', refused: { status: 401, message: 'Admin session required.' } },
    ]);
    const anonymous = await open(page(member.team.id, 'my-own-tab', 1));
    await anonymous.pump;
    expect(anonymous.events).toEqual([
      {
        sub: `team:${member.team.id}`,
        refused: { status: 401, message: 'Team session required. Open your workspace first.' },
      },
    ]);
    expect(openStreams(ctx.app)).toBe(0);
  });

  it('refuses a request naming nothing valid at all with 400, as before', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    for (const query of [
      '',
      'admin=yes',
      `page=${team.id}:short:1`,
      `page=${team.id}:good-page-id:9`,
      `page=not-an-id:good-page-id:1`,
      `page=${team.id}:good-page-id`,
      `page=${team.id}:short:1&admin=yes`,
    ]) {
      const response = await ctx.app.inject({ url: `/api/events?${query}`, headers: { cookie } });
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    const nothing = await ctx.app.inject({ url: '/api/events', headers: { cookie } });
    expect(nothing.json()).toEqual({ message: 'name at least one page, cohort or admin' });
    const malformed = await ctx.app.inject({
      url: `/api/events?page=${team.id}:short:1`,
      headers: { cookie },
    });
    expect(malformed.json()).toEqual({ message: 'page must be TEAM_ID:CLIENT_ID:PHASE (0 to 8)' });
    expect(openStreams(ctx.app)).toBe(0);
  });

  /** The refusals a stream started with, once its first `count` messages have arrived. */
  const refusalsOf = async (stream: Awaited<ReturnType<typeof open>>, count: number) =>
    (await stream.waitFor(count)).filter((m) => 'refused' in m);

  it('refuses a malformed page on its own, under its own name, and carries the good ones', async () => {
    const member = await createTeamSession(ctx.app);
    await ctx.app.db.insert(cohorts).values({ tag: 'spring', name: 'Spring' });
    const t = member.team.id;
    const long = `${t}:${'x'.repeat(200)}:1`;
    const bad = [`${t}:short:1`, `${t}:good-page-id:9`, 'not-an-id:good-page-id:1', `${t}:good-page-id`];
    const stream = await open(
      [
        page(t, 'good-tab-one', 1),
        ...bad.map((entry) => `page=${entry}`),
        `page=${long}`,
        page(t, 'good-tab-two', 0),
        'cohort=spring',
      ].join('&'),
      member.cookie,
    );
    expect(stream.response.status).toBe(200);
    const message = { status: 400, message: 'page must be TEAM_ID:CLIENT_ID:PHASE (0 to 8)' };
    // Never as `team:ID`: the team's good pages are carried. Past any page's length, just `page`.
    expect(await refusalsOf(stream, bad.length + 1 + 5)).toEqual([
      ...bad.map((entry) => ({ sub: `page:${entry}`, refused: message })),
      { sub: 'page', refused: message },
    ]);
    const presence = await stream.waitUntil((m) => 'event' in m && m.event.type === 'presence');
    expect(presence).toEqual({
      sub: `team:${t}`,
      event: {
        type: 'presence',
        devices: [
          { clientId: 'good-tab-one', phase: 1, label: 'Browser', admin: false },
          { clientId: 'good-tab-two', phase: null, label: 'Browser', admin: false },
        ],
      },
    });
    await stream.waitUntil((m) => m.sub === 'cohort:spring');
    // The team's events arrive, and the cohort's.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: { cookie: member.cookie },
      payload: { teamId: t, phaseNumber: 2, data: { a: 'x' } },
    });
    expect(await stream.waitUntil((m) => 'event' in m && m.event.type === 'answers')).toMatchObject({
      sub: `team:${t}`,
      event: { phaseNumber: 2 },
    });
    await ctx.app.liveEvents.publish(liveChannel.cohort('spring'), {
      type: 'ballots',
      ballotCount: 3,
      teamCount: 4,
    });
    expect(
      await stream.waitUntil((m) => 'event' in m && m.event.type === 'ballots' && m.event.ballotCount === 3),
    ).toMatchObject({ sub: 'cohort:spring' });
    await stream.close();
  });

  it('refuses a bad cohort and an admin flag of another value on their own, and carries the good ones', async () => {
    const member = await createTeamSession(ctx.app);
    await ctx.app.db.insert(cohorts).values([
      { tag: 'spring', name: 'Spring' },
      { tag: 'autumn', name: 'Autumn' },
    ]);
    const stream = await open(
      [
        'cohort=spring',
        'cohort=not--a-tag',
        'cohort=nowhere',
        `cohort=${'a'.repeat(300)}`,
        'cohort=autumn',
        'admin=yes',
        page(member.team.id, 'good-tab-one', 3),
      ].join('&'),
      member.cookie,
    );
    expect(stream.response.status).toBe(200);
    const messages = await stream.waitFor(4 + 2 + 3 + 3);
    expect(messages.filter((m) => 'refused' in m)).toEqual([
      { sub: 'admin', refused: { status: 400, message: 'admin must be 1' } },
      { sub: 'cohort:not--a-tag', refused: { status: 404, message: 'Cohort not found.' } },
      { sub: 'cohort:nowhere', refused: { status: 404, message: 'Cohort not found.' } },
      { sub: `cohort:${'a'.repeat(300)}`, refused: { status: 404, message: 'Cohort not found.' } },
    ]);
    const granted = new Set(messages.filter((m) => 'event' in m).map((m) => m.sub));
    expect([...granted].sort()).toEqual(['cohort:autumn', 'cohort:spring', `team:${member.team.id}`]);
    await ctx.app.liveEvents.publish(liveChannel.cohort('autumn'), {
      type: 'ballots',
      ballotCount: 2,
      teamCount: 2,
    });
    expect(
      await stream.waitUntil((m) => 'event' in m && m.event.type === 'ballots' && m.event.ballotCount === 2),
    ).toMatchObject({ sub: 'cohort:autumn' });
    await stream.close();
  });

  it('past the limits, refuses the pages, teams and cohorts beyond them and keeps the first ones', async () => {
    const member = await createTeamSession(ctx.app);
    const t = member.team.id;
    const extra = 2;
    const entries = Array.from({ length: LIVE_LIMITS.pages + extra }, (_, i) =>
      page(t, `tab-number-${i}`, 1),
    );
    const tooManyPages = await open(entries.join('&'), member.cookie);
    expect(tooManyPages.response.status).toBe(200);
    expect(await refusalsOf(tooManyPages, extra + 2)).toEqual(
      entries.slice(LIVE_LIMITS.pages).map((entry) => ({
        sub: entry.replace('page=', 'page:'),
        refused: { status: 400, message: `at most ${LIVE_LIMITS.pages} pages` },
      })),
    );
    const presence = await tooManyPages.waitUntil((m) => 'event' in m && m.event.type === 'presence');
    const listed = 'event' in presence && presence.event.type === 'presence' ? presence.event.devices : [];
    expect(listed.map((device) => device.clientId).sort()).toEqual(
      Array.from({ length: LIVE_LIMITS.pages }, (_, i) => `tab-number-${i}`).sort(),
    );
    await tooManyPages.close();

    // A team past the limit is refused as a subscription (its pages with it); the first teams are carried.
    const admin = await createAdminSession(ctx.app);
    const teams = [member.team.id];
    for (let i = 1; i <= LIVE_LIMITS.teams; i++)
      teams.push((await createTeamSession(ctx.app, `Team ${i}`)).team.id);
    const tags = Array.from({ length: LIVE_LIMITS.cohorts + 1 }, (_, i) => `cohort-${i}`);
    await ctx.app.db.insert(cohorts).values(tags.map((tag) => ({ tag, name: tag })));
    const wide = await open(
      [
        ...teams.map((id, i) => page(id, `instructor-tab-${i}`, 1)),
        ...tags.map((tag) => `cohort=${tag}`),
      ].join('&'),
      admin.cookie,
    );
    expect(wide.response.status).toBe(200);
    const lastTeam = teams.at(-1)!;
    expect(await refusalsOf(wide, 2 + LIVE_LIMITS.teams * 2 + LIVE_LIMITS.cohorts * 3)).toEqual([
      {
        sub: `team:${lastTeam}`,
        refused: { status: 400, message: `pages of at most ${LIVE_LIMITS.teams} teams` },
      },
      {
        sub: `cohort:${tags.at(-1)}`,
        refused: { status: 400, message: `at most ${LIVE_LIMITS.cohorts} cohorts` },
      },
    ]);
    const granted = new Set(wide.events.filter((m) => 'event' in m).map((m) => m.sub));
    expect(granted.size).toBe(LIVE_LIMITS.teams + LIVE_LIMITS.cohorts);
    expect(granted.has(`team:${teams[0]}`) && !granted.has(`team:${lastTeam}`)).toBe(true);
    await wide.close();
  });
});

describeApi('a stream lives exactly as long as its session', (ctx) => {
  const teamStream = (member: Member, cookie = member.cookie) =>
    openEventStream<LiveMessage>(ctx.app, `/api/events?page=${member.team.id}:page-of-the-team:1`, {
      cookie,
    });

  async function endedAfter(stream: { ended: boolean; pump: Promise<void> }, what: string, timeoutMs = 5000) {
    await Promise.race([
      stream.pump,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`still open after ${what}`)), timeoutMs)),
    ]);
    expect(stream.ended).toBe(true);
  }

  it('ends at the team logout, and another device of the team keeps its own', async () => {
    const member = await createTeamSession(ctx.app);
    const other = await secondDevice(ctx.app, member);
    const stream = await teamStream(member);
    const kept = await teamStream(member, other);
    await Promise.all([stream.waitFor(2), kept.waitFor(2)]);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/team/logout',
      headers: { cookie: member.cookie },
    });
    await endedAfter(stream, 'a logout');
    // Saves keep arriving on the other device's stream, and none reached the ended one.
    const before = stream.events.length;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: { cookie: other },
      payload: { teamId: member.team.id, phaseNumber: 1, data: { secret: 'after logout' } },
    });
    await kept.waitUntil((m) => 'event' in m && m.event.type === 'answers');
    expect(stream.events).toHaveLength(before);
    expect(JSON.stringify(stream.events)).not.toContain('after logout');
    await kept.close();
  });

  it('ends every stream a team session opened when the instructor gives the team a new code; an instructor watching it stays', async () => {
    const member = await createTeamSession(ctx.app);
    const admin = await createAdminSession(ctx.app);
    const leaked = await teamStream(member, await secondDevice(ctx.app, member));
    const own = await teamStream(member);
    const watching = await teamStream(member, admin.cookie);
    await Promise.all([leaked.waitFor(2), own.waitFor(2), watching.waitFor(2)]);
    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/teams/${member.team.id}/rotate-code`,
      headers: { cookie: admin.cookie },
    });
    expect(rotated.statusCode).toBe(200);
    await endedAfter(leaked, 'a new code');
    await endedAfter(own, 'a new code');
    expect(watching.ended).toBe(false);
    await watching.close();
  });

  it('ends the progress stream at the instructor logout', async () => {
    const admin = await createAdminSession(ctx.app);
    const stream = await openEventStream(ctx.app, '/api/admin/events', { cookie: admin.cookie });
    await waitUntil(() => openStreams(ctx.app) === 1, 'the stream to open');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin/logout',
      headers: { cookie: admin.cookie },
    });
    await endedAfter(stream, 'an admin logout');
  });

  it('ends streams carrying a deleted team, the instructor’s included', async () => {
    const member = await createTeamSession(ctx.app);
    const admin = await createAdminSession(ctx.app);
    const watching = await teamStream(member, admin.cookie);
    await watching.waitFor(2);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/teams/${member.team.id}`,
      headers: { cookie: admin.cookie },
      payload: { confirmName: member.team.name },
    });
    expect(deleted.statusCode).toBe(200);
    await endedAfter(watching, 'the deletion');
  });

  it('ends at the session’s expiry, and when its session is gone without a word (the periodic check)', async () => {
    const member = await createTeamSession(ctx.app);
    const token = /(?:^|; )genai_team=([^;]+)/.exec(member.cookie)![1]!;
    const expiring = await ctx.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '3 seconds'` })
      .where(eq(sessions.tokenHash, hashToken(token)))
      .returning();
    expect(expiring).toHaveLength(1);
    const stream = await teamStream(member);
    // Opened while the session lived (its first events, not a refusal)...
    expect((await stream.waitFor(2, 10_000))[0]).toMatchObject({ event: { type: 'versions' } });
    // ...and ended when it expired, by the stream's own timer.
    await endedAfter(stream, 'the expiry', 10_000);

    const other = await createTeamSession(ctx.app, 'Other');
    const otherStream = await teamStream(other);
    await otherStream.waitFor(2);
    // Deleted behind the app's back (another instance's sweep): the next check ends the stream.
    await ctx.app.db.delete(sessions).where(eq(sessions.teamId, other.team.id));
    await ctx.app.checkStreamSessions();
    await endedAfter(otherStream, 'the check');
  });

  it('a logout over another stream of the same browser ends only the streams of that session', async () => {
    const member = await createTeamSession(ctx.app);
    await ctx.app.db.insert(cohorts).values({ tag: 'spring', name: 'Spring' });
    const publicStream = await openEventStream(ctx.app, '/api/cohorts/spring/events', {
      cookie: member.cookie,
    });
    await publicStream.waitFor(3);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/team/logout',
      headers: { cookie: member.cookie },
    });
    await new Promise((r) => setTimeout(r, 200));
    // A cohort's public events rest on no session.
    expect(publicStream.ended).toBe(false);
    await publicStream.close();
  });
});

describeTwoInstances('a session ended on one instance ends its streams on the other', (apps) => {
  it('team logout and a new code on the first end the streams held by the second', async () => {
    const member = await createTeamSession(apps.first);
    const login = await loginTeam(apps.second, member.team.accessToken);
    const secondCookie = cookiesFrom(login);
    const onSecond = await openEventStream<LiveMessage>(
      apps.second,
      `/api/events?page=${member.team.id}:page-on-second:1`,
      { cookie: member.cookie },
    );
    const viaOtherSession = await openEventStream<LiveMessage>(
      apps.second,
      `/api/events?page=${member.team.id}:page-two-second:2`,
      { cookie: secondCookie },
    );
    await Promise.all([onSecond.waitFor(2), viaOtherSession.waitFor(2)]);
    await apps.first.inject({
      method: 'POST',
      url: '/api/auth/team/logout',
      headers: { cookie: member.cookie },
    });
    await waitUntil(() => onSecond.ended, 'the logout to reach the other instance');
    expect(viaOtherSession.ended).toBe(false);

    const admin = await createAdminSession(apps.first);
    await apps.first.inject({
      method: 'POST',
      url: `/api/admin/teams/${member.team.id}/rotate-code`,
      headers: { cookie: admin.cookie },
    });
    await waitUntil(() => viaOtherSession.ended, 'the new code to reach the other instance');
  });
});
