import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { CohortEvent } from '../../shared/schemas/cohort.ts';
import type { TeamEvent } from '../../shared/schemas/team-events.ts';
import { cohorts } from '../db/schema.ts';
import { STREAMS_PER_SESSION } from '../lib/event-stream.ts';
import { addressOf, openEventStream } from '../testing/live.ts';
import {
  cookiesFrom,
  createAdminSession,
  createTeamSession,
  describeApi,
  loginTeam,
} from '../testing/test-app.ts';

describeApi('workspace event stream', (ctx) => {
  const streamOf = (teamId: string, cookie: string, query: string) =>
    openEventStream<TeamEvent>(ctx.app, `/api/teams/${teamId}/events?${query}`, { cookie });

  it('starts with each activity version and the open pages, then shows pages arriving, moving and leaving', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: { cookie },
      payload: { teamId: team.id, phaseNumber: 3, data: { a: 'x' } },
    });
    const first = await streamOf(team.id, cookie, 'clientId=laptop-a-page&phase=3&label=Chrome%20on%20Linux');
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('cache-control')).toContain('no-store');
    const [versions, presence] = await first.waitFor(2);
    expect(versions).toEqual({ type: 'versions', versions: { '3': 1 } });
    expect(presence).toEqual({
      type: 'presence',
      devices: [{ clientId: 'laptop-a-page', phase: 3, label: 'Chrome on Linux', admin: false }],
    });

    const login = await loginTeam(ctx.app, team.accessToken);
    const second = await streamOf(team.id, cookiesFrom(login), 'clientId=laptop-b-page&phase=5');
    const both = (e: TeamEvent) => e.type === 'presence' && e.devices.length === 2;
    expect(await first.waitUntil(both)).toMatchObject({
      devices: [
        { clientId: 'laptop-a-page', phase: 3 },
        { clientId: 'laptop-b-page', phase: 5, label: null },
      ],
    });

    // The page moves to another activity: it opens its stream again with the new one.
    await second.close();
    const moved = await streamOf(team.id, cookiesFrom(login), 'clientId=laptop-b-page&phase=1');
    await first.waitUntil((e) => e.type === 'presence' && e.devices.some((d) => d.phase === 1));
    await moved.close();
    const alone = await first.waitUntil(
      (e) => e.type === 'presence' && e.devices.length === 1 && first.events.indexOf(e) > 3,
    );
    expect(alone).toMatchObject({ devices: [{ clientId: 'laptop-a-page' }] });
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

  it(`caps one session at ${STREAMS_PER_SESSION} open streams with 429, and frees a place when one closes`, async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const streams = [];
    for (let i = 0; i < STREAMS_PER_SESSION; i++) {
      streams.push(await streamOf(team.id, cookie, `clientId=page-number-${i}`));
    }
    const refused = await fetch(
      `${await addressOf(ctx.app)}/api/teams/${team.id}/events?clientId=one-too-many`,
      {
        headers: { cookie },
      },
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many live connections/);
    // The cap is per session: a teammate's browser still gets in, and so does this one after a close.
    const other = await createTeamSession(ctx.app, 'Other');
    const otherStream = await streamOf(other.team.id, other.cookie, 'clientId=other-page-1');
    expect(otherStream.response.status).toBe(200);
    await streams.pop()!.close();
    const deadline = Date.now() + 3000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      const retry = await streamOf(team.id, cookie, 'clientId=after-a-close');
      status = retry.response.status;
      streams.push(retry);
    }
    expect(status).toBe(200);
    await Promise.all([...streams, otherStream].map((s) => s.close()));
  });

  it('a cohort may be called "error": its events are delivered like any other', async () => {
    await ctx.app.db.insert(cohorts).values({ tag: 'error', name: 'Error Cohort' });
    // Nobody listens yet: a Node event emitter would throw for an unheard 'error' event.
    await ctx.app.cohortEvents.publish('error', { type: 'ballots', ballotCount: 0, teamCount: 0 });
    const stream = await openEventStream<CohortEvent>(ctx.app, '/api/cohorts/error/events');
    await stream.waitFor(2);
    await ctx.app.cohortEvents.publish('error', { type: 'ballots', ballotCount: 4, teamCount: 5 });
    expect(await stream.waitUntil((e) => e.type === 'ballots' && e.ballotCount === 4)).toBeTruthy();
    await stream.close();
  });
});
