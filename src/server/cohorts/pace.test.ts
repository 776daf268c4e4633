import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { AdminCohort, CohortEvent } from '../../shared/schemas/cohort.ts';
import { NO_PACE, PACE_MESSAGE_BLANK, type PaceState } from '../../shared/schemas/pace.ts';
import type { TeamEvent } from '../../shared/schemas/team-events.ts';
import { cohorts } from '../db/schema.ts';
import { createCohort, createCohortMembers } from '../../../testing/api/cohorts.ts';
import { openEventStream } from '../../../testing/api/live.ts';
import { createAdminSession, createTeamSession, describeApi } from '../../../testing/api/test-app.ts';

const patchPace = (app: FastifyInstance, tag: string, payload: unknown, cookie?: string) =>
  app.inject({
    method: 'PATCH',
    url: `/api/admin/cohorts/${tag}/pace`,
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });

const storedPace = async (app: FastifyInstance, tag: string) => {
  const [row] = await app.db.select().from(cohorts).where(eq(cohorts.tag, tag));
  return { message: row!.paceMessage, phase: row!.pacePhase, endsAt: row!.paceEndsAt };
};

const teamStream = (app: FastifyInstance, teamId: string, cookie: string) =>
  openEventStream<TeamEvent>(app, `/api/teams/${teamId}/events?clientId=pace-page-${teamId.slice(0, 8)}`, {
    cookie,
  });

type Stream = Awaited<ReturnType<typeof teamStream>>;

/** The first pace event on `stream` after its first `from` events. */
const paceAfter = (stream: Stream, from: number) =>
  stream.waitUntil((e) => e.type === 'pace' && stream.events.indexOf(e) >= from) as Promise<
    Extract<TeamEvent, { type: 'pace' }>
  >;

describeApi('pacing the room (PATCH /api/admin/cohorts/:tag/pace)', (ctx) => {
  it('sets, changes and clears each part on its own, the countdown by the server clock', async () => {
    await createCohort(ctx.app, 'room');
    const admin = await createAdminSession(ctx.app);

    const set = await patchPace(ctx.app, 'room', { phase: 3, minutes: 10 }, admin.cookie);
    expect(set.statusCode).toBe(200);
    const state = set.json() as PaceState;
    expect(state.pace).toMatchObject({ message: null, phase: 3 });
    const left = Date.parse(state.pace.endsAt!) - Date.parse(state.now);
    expect(left).toBeGreaterThan(9.9 * 60_000);
    expect(left).toBeLessThanOrEqual(10 * 60_000);

    // A part left out stays; a message is one line, trimmed.
    const message = await patchPace(
      ctx.app,
      'room',
      { message: '  Coffee\n\tin the hall \u0007 ' },
      admin.cookie,
    );
    expect(message.json().pace).toMatchObject({ message: 'Coffee in the hall', phase: 3 });
    expect(message.json().pace.endsAt).toBe(state.pace.endsAt);

    const cleared = await patchPace(ctx.app, 'room', { phase: null, minutes: null }, admin.cookie);
    expect(cleared.json().pace).toEqual({ message: 'Coffee in the hall', phase: null, endsAt: null });
    expect(await storedPace(ctx.app, 'room')).toEqual({
      message: 'Coffee in the hall',
      phase: null,
      endsAt: null,
    });

    // The cohort's public status carries it, with the server's clock.
    const status = await ctx.app.inject({ url: '/api/cohorts/room/status' });
    expect(status.json()).toMatchObject({
      pace: { message: 'Coffee in the hall', phase: null, endsAt: null },
    });
    expect(Date.parse(status.json().clock)).not.toBeNaN();

    // The dashboard's list carries it, with the join code.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/cohorts',
      headers: { cookie: admin.cookie },
    });
    const [cohort] = list.json() as AdminCohort[];
    expect(cohort!.pace).toEqual({ message: 'Coffee in the hall', phase: null, endsAt: null });
    expect(cohort!.joinCode).toMatch(/^[ACDEFGHJKMNPRTWX]{12}$/);
    expect(cohort!.joiningOpen).toBe(true);
  });

  it('refuses the wrong caller and bad input, and changes nothing', async () => {
    await createCohort(ctx.app, 'room');
    await createCohort(ctx.app, 'old');
    await ctx.app.db.update(cohorts).set({ archivedAt: new Date() }).where(eq(cohorts.tag, 'old'));
    const admin = await createAdminSession(ctx.app);
    const team = await createTeamSession(ctx.app, 'Curious');
    await patchPace(ctx.app, 'room', { message: 'Keep going', phase: 2 }, admin.cookie);
    const before = await storedPace(ctx.app, 'room');

    const refusals: [unknown, string | undefined, number, string | RegExp][] = [
      [{ phase: 4 }, undefined, 401, 'Admin session required.'],
      [{ phase: 4 }, team.cookie, 401, 'Admin session required.'],
      [{ message: '   ' }, admin.cookie, 400, PACE_MESSAGE_BLANK],
      [{ message: '\n\u0000\t' }, admin.cookie, 400, /message|NUL/],
      [{ message: 'x'.repeat(141) }, admin.cookie, 400, 'message must be at most 140 characters'],
      [{ minutes: 0 }, admin.cookie, 400, /minutes must be a whole number from 1 to 180/],
      [{ minutes: 181 }, admin.cookie, 400, /minutes must be a whole number from 1 to 180/],
      [{ minutes: 2.5 }, admin.cookie, 400, /minutes must be a whole number/],
      [{ phase: 9 }, admin.cookie, 400, /phase must be a number from 1 to 8/],
      [{ phase: '3' }, admin.cookie, 400, /phase must be a number/],
      [{}, admin.cookie, 400, /send at least one of message, phase, minutes/],
    ];
    for (const [payload, cookie, status, message] of refusals) {
      const response = await patchPace(ctx.app, 'room', payload, cookie);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    expect(await storedPace(ctx.app, 'room')).toEqual(before);

    const unknown = await patchPace(ctx.app, 'nope', { phase: 1 }, admin.cookie);
    expect(unknown.statusCode).toBe(404);
    const archived = await patchPace(ctx.app, 'old', { phase: 1 }, admin.cookie);
    expect(archived.statusCode).toBe(409);
    expect(archived.json().message).toBe('This cohort is archived. Restore it before pacing its room.');
    expect(await storedPace(ctx.app, 'old')).toEqual({ message: null, phase: null, endsAt: null });
  });

  it("reaches every open page of the cohort's teams and its stream, and late pages start from it", async () => {
    await createCohort(ctx.app, 'room');
    await createCohort(ctx.app, 'elsewhere');
    const admin = await createAdminSession(ctx.app);
    const [ada, bo] = await createCohortMembers(ctx.app, 'room', ['Ada', 'Bo']);
    const [other] = await createCohortMembers(ctx.app, 'elsewhere', ['Other']);
    const loner = await createTeamSession(ctx.app, 'Loner');

    const streams = await Promise.all([
      teamStream(ctx.app, ada!.team.id, ada!.cookie),
      teamStream(ctx.app, bo!.team.id, bo!.cookie),
      teamStream(ctx.app, other!.team.id, other!.cookie),
      teamStream(ctx.app, loner.team.id, loner.cookie),
    ]);
    const room = await openEventStream<CohortEvent>(ctx.app, '/api/cohorts/room/events');
    // Every stream starts from the pace as it is: none yet (a team's stream sends none; its cohort's says so).
    for (const stream of streams) await stream.waitUntil((e) => e.type === 'presence');
    expect(await room.waitUntil((e) => e.type === 'pace')).toMatchObject({ pace: NO_PACE });
    for (const stream of streams) expect(stream.events.filter((e) => e.type === 'pace')).toEqual([]);

    const set = await patchPace(
      ctx.app,
      'room',
      { message: 'Ten minutes', phase: 3, minutes: 10 },
      admin.cookie,
    );
    const { pace } = set.json() as PaceState;
    for (const stream of [streams[0]!, streams[1]!, room]) {
      const event = await stream.waitUntil(
        (e) => e.type === 'pace' && (e as { pace: { phase: number | null } }).pace.phase === 3,
      );
      expect(event).toMatchObject({ type: 'pace', pace });
      expect(typeof (event as { now: string }).now).toBe('string');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const stream of [streams[2]!, streams[3]!]) {
      expect(stream.events.filter((e) => e.type === 'pace')).toEqual([]);
    }

    // A page opened now starts from the pace.
    const late = await teamStream(ctx.app, bo!.team.id, bo!.cookie);
    expect(await late.waitUntil((e) => e.type === 'pace')).toMatchObject({ pace });

    // A team moved into the cohort by an instructor hears it; one moved out, no pace.
    let from = streams[3]!.events.length;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts/room/teams',
      headers: { cookie: admin.cookie },
      payload: { teamIds: [loner.team.id] },
    });
    expect((await paceAfter(streams[3]!, from)).pace).toEqual(pace);
    from = streams[0]!.events.length;
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/unassign-teams',
      headers: { cookie: admin.cookie },
      payload: { teamIds: [ada!.team.id] },
    });
    expect((await paceAfter(streams[0]!, from)).pace).toEqual(NO_PACE);

    // Archived, the room has no pace; restored, its own again.
    from = streams[1]!.events.length;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts/room/archive',
      headers: { cookie: admin.cookie },
    });
    expect((await paceAfter(streams[1]!, from)).pace).toEqual(NO_PACE);
    from = streams[1]!.events.length;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts/room/unarchive',
      headers: { cookie: admin.cookie },
    });
    expect((await paceAfter(streams[1]!, from)).pace).toEqual(pace);
    await Promise.all([...streams, room, late].map((s) => s.close()));
  });
});
