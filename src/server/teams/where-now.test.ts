import { expect, it } from 'vitest';
import type { AdminEvent } from '../../shared/schemas/admin.ts';
import type { AdminTeam } from '../../shared/schemas/team.ts';
import type { LiveMessage } from '../../shared/schemas/live.ts';
import { openEventStream } from '../../../testing/api/live.ts';
import { createAdminSession, createTeamSession, describeApi } from '../../../testing/api/test-app.ts';

/**
 * Where a team is now (docs/product.md, The live room): the instructors' team list carries the activity each
 * of the team's own open pages shows, from the live layer's presence, and their progress stream says when
 * it changes. An instructor reading the team's work is not the team.
 */
describeApi('where a team is now: its open pages (GET /api/teams, openPhases)', (ctx) => {
  async function openPhasesOf(cookie: string, teamId: string): Promise<number[] | undefined> {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/teams', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return (response.json() as AdminTeam[]).find((team) => team.id === teamId)?.openPhases;
  }

  async function until<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const value = await read();
      if (holds(value)) return value;
      if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("lists the activity of each of the team's open pages, tells the instructors, and forgets a closed page", async () => {
    const member = await createTeamSession(ctx.app);
    const admin = await createAdminSession(ctx.app);
    const t = member.team.id;
    // Saved in activity 1 only: the save says nothing about where the team is.
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: { cookie: member.cookie },
      payload: { teamId: t, phaseNumber: 1, data: { company_name: 'Lynx' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(await openPhasesOf(admin.cookie, t)).toEqual([]);

    const dashboard = await openEventStream<AdminEvent>(ctx.app, '/api/admin/events', {
      cookie: admin.cookie,
    });
    expect(dashboard.response.status).toBe(200);
    const laptop = await openEventStream<LiveMessage>(ctx.app, `/api/events?page=${t}:laptop-tab:4`, {
      cookie: member.cookie,
    });
    expect(laptop.response.status).toBe(200);
    await laptop.waitFor(3);
    expect(await openPhasesOf(admin.cookie, t)).toEqual([4]);
    expect(
      await dashboard.waitUntil(
        (event) => event.type === 'team' && event.teamId === t && event.reason === 'page',
      ),
    ).toEqual({ type: 'team', teamId: t, reason: 'page' });

    // An instructor reading the team's work on activity 6 is not where the team is.
    const reading = await openEventStream<LiveMessage>(ctx.app, `/api/events?page=${t}:instructor-tab:6`, {
      cookie: admin.cookie,
    });
    expect(reading.response.status).toBe(200);
    await reading.waitFor(3);
    expect(await openPhasesOf(admin.cookie, t)).toEqual([4]);

    // The laptop's tab closes: the team has no page open, and the instructors hear of it.
    const heard = dashboard.events.length;
    await laptop.close();
    expect(
      await until(
        () => openPhasesOf(admin.cookie, t),
        (phases) => phases?.length === 0,
      ),
    ).toEqual([]);
    await dashboard.waitUntil(
      (event) => dashboard.events.indexOf(event) >= heard && event.type === 'team' && event.reason === 'page',
    );
    await reading.close();
    await dashboard.close();
  });

  it("is for instructors only: a team's session, or none, is refused", async () => {
    const member = await createTeamSession(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/teams',
      headers: { cookie: member.cookie },
    });
    expect(response.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/teams' })).statusCode).toBe(401);
  });
});
