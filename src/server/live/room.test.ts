import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect, it } from 'vitest';
import type { AdminEvent, AdminTeamChange } from '../../shared/schemas/admin.ts';
import type { AdminCohort, CohortEvent } from '../../shared/schemas/cohort.ts';
import { adminListeners, cohorts, teams } from '../db/schema.ts';
import { MESSAGES } from '../lib/messages.ts';
import { LIVE_EVENTS_CHANNEL } from './postgres-event-bus.ts';
import { type CohortSwitches, createCohort, createCohortMembers } from '../../../testing/api/cohorts.ts';
import { describeTwoInstances, openEventStream } from '../../../testing/api/live.ts';
import {
  createAdminSession,
  createTeamSession,
  describeApi,
  saveAnswers,
  type Member,
  setWebsite,
  setAvatar,
} from '../../../testing/api/test-app.ts';
import { liveChannel } from './event-bus.ts';

const openCohortStream = (app: FastifyInstance, tag: string) =>
  openEventStream<CohortEvent>(app, `/api/cohorts/${tag}/events`);
const openAdminStream = (app: FastifyInstance, cookie: string) =>
  openEventStream<AdminEvent>(app, '/api/admin/events', { cookie });

/** A cohort with the given switches and teams in it; the first `submitted` teams have a website. */
async function seedCohort(
  app: FastifyInstance,
  tag: string,
  switches: CohortSwitches,
  names: string[],
  submitted = names.length,
): Promise<Member[]> {
  await createCohort(app, tag, switches);
  return createCohortMembers(app, tag, names, submitted);
}

function reveal(app: FastifyInstance, tag: string, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/cohorts/${tag}/reveal`,
    headers: cookie ? { cookie } : {},
  });
}

function setSwitch(app: FastifyInstance, tag: string, cookie: string, body: Record<string, boolean>) {
  return app.inject({
    method: 'PATCH',
    url: `/api/admin/cohorts/${tag}`,
    headers: { cookie },
    payload: body,
  });
}

/** An instructor stream's row leaves with it (closing is asynchronous on the server: waited for, not assumed). */
async function expectNoAdminListeners(app: FastifyInstance) {
  await expect
    .poll(async () => (await app.db.select().from(adminListeners)).length, { timeout: 10_000, interval: 20 })
    .toBe(0);
}

describeApi('the room reveal', (ctx) => {
  it('refuses anyone but an instructor (401, a team session included), an unknown cohort (404) and a reveal before release (409)', async () => {
    const [member] = await seedCohort(ctx.app, 'hidden', { competitionEnabled: true }, ['Alpha']);
    const anonymous = await reveal(ctx.app, 'hidden');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: MESSAGES.adminSessionRequired });
    const team = await reveal(ctx.app, 'hidden', member!.cookie);
    expect(team.statusCode).toBe(401);
    expect(team.json()).toEqual({ message: MESSAGES.adminSessionRequired });

    const admin = await createAdminSession(ctx.app);
    const unknown = await reveal(ctx.app, 'nope', admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Cohort not found.' });

    const early = await reveal(ctx.app, 'hidden', admin.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'Release the results before revealing the winners.' });
    // Nothing was stored by any refusal.
    const [row] = await ctx.app.db.select().from(cohorts).where(eq(cohorts.tag, 'hidden'));
    expect(row!.revealedAt).toBeNull();
  });

  it('stores the reveal once: the cohort, its status and its stream say when; a second press changes nothing', async () => {
    await seedCohort(ctx.app, 'finale', { competitionEnabled: true, resultsVisible: true }, [
      'Alpha',
      'Bravo',
    ]);
    const admin = await createAdminSession(ctx.app);
    const stream = await openCohortStream(ctx.app, 'finale');
    const initial = await stream.waitFor(4);
    expect(initial[2]).toEqual({ type: 'reveal', revealedAt: null, revealStep: 0 });
    expect(initial[3]).toMatchObject({ type: 'pace' });

    const before = Date.now();
    const first = await reveal(ctx.app, 'Finale', admin.cookie);
    expect(first.statusCode).toBe(200);
    const { revealedAt } = first.json() as { revealedAt: string };
    expect(new Date(revealedAt).toISOString()).toBe(revealedAt);
    expect(Math.abs(new Date(revealedAt).getTime() - before)).toBeLessThan(60_000);

    // The room hears it: the reveal first, then the cohort's record with it.
    const events = await stream.waitFor(6);
    expect(events[4]).toEqual({ type: 'reveal', revealedAt, revealStep: 4 });
    expect(events[5]).toMatchObject({ type: 'cohort', cohort: { tag: 'finale', revealedAt } });

    const status = await ctx.app.inject({ url: '/api/cohorts/finale/status' });
    expect(status.json()).toEqual({
      name: 'Cohort finale',
      competitionEnabled: true,
      votingOpen: false,
      resultsVisible: true,
      revealedAt,
      revealStep: 4,
      revealHeld: false,
      ballotCount: 0,
      teamCount: 2,
      pace: { message: null, phase: null, endsAt: null },
      clock: expect.any(String),
      programme: { programmeId: 'standard', version: 1, switchedOff: [] },
    });
    expect((await ctx.app.inject({ url: '/api/cohorts/finale' })).json().revealedAt).toBe(revealedAt);

    const again = await reveal(ctx.app, 'finale', admin.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ revealedAt, revealStep: 4 });
    // A later page starts from the stored reveal: it shows the winners at once.
    const late = await openCohortStream(ctx.app, 'finale');
    expect((await late.waitFor(4))[2]).toEqual({ type: 'reveal', revealedAt, revealStep: 4 });
    expect(late.events[0]).toMatchObject({ type: 'cohort', cohort: { revealedAt } });
    // The second press published nothing: the late stream's four events arrived after it, and the first
    // stream still has its six.
    expect(stream.events).toHaveLength(6);
    await late.close();
    await stream.close();
  });

  it('gives one time to reveals sent together', async () => {
    await seedCohort(ctx.app, 'rush', { competitionEnabled: true, resultsVisible: true }, ['Alpha']);
    const admin = await createAdminSession(ctx.app);
    const stream = await openCohortStream(ctx.app, 'rush');
    await stream.waitFor(4);
    const answers = await Promise.all(Array.from({ length: 6 }, () => reveal(ctx.app, 'rush', admin.cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const times = new Set(answers.map((a) => a.json().revealedAt as string));
    expect(times.size).toBe(1);
    const [row] = await ctx.app.db.select().from(cohorts).where(eq(cohorts.tag, 'rush'));
    expect(row!.revealedAt!.toISOString()).toBe([...times][0]);
    // Only one of them started the room: one reveal event after the initial state.
    await stream.waitFor(6);
    const marker = { type: 'ballots', ballotCount: 42, teamCount: 42 } as const;
    await ctx.app.liveEvents.publish(liveChannel.cohort('rush'), marker);
    await stream.waitUntil((event) => event.type === 'ballots' && event.ballotCount === 42);
    expect(
      stream.events.filter((event) => event.type === 'reveal' && event.revealedAt !== null),
    ).toHaveLength(1);
    await stream.close();
  });

  it('hiding the results takes the reveal back (stored and on every open page); releasing again awaits a new press', async () => {
    await seedCohort(ctx.app, 'encore', { competitionEnabled: true, resultsVisible: true }, ['Alpha']);
    const admin = await createAdminSession(ctx.app);
    const first = (await reveal(ctx.app, 'encore', admin.cookie)).json().revealedAt as string;
    const stream = await openCohortStream(ctx.app, 'encore');
    expect((await stream.waitFor(4))[2]).toEqual({ type: 'reveal', revealedAt: first, revealStep: 4 });

    // Another switch leaves the reveal alone.
    const voting = await setSwitch(ctx.app, 'encore', admin.cookie, { votingOpen: true });
    expect(voting.json().revealedAt).toBe(first);
    const hide = await setSwitch(ctx.app, 'encore', admin.cookie, { resultsVisible: false });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ resultsVisible: false, revealedAt: null });
    await stream.waitUntil((event) => event.type === 'reveal' && event.revealedAt === null);
    expect(stream.events.at(-1)).toMatchObject({
      type: 'cohort',
      cohort: { resultsVisible: false, revealedAt: null },
    });
    expect((await ctx.app.inject({ url: '/api/cohorts/encore/status' })).json().revealedAt).toBeNull();
    expect((await reveal(ctx.app, 'encore', admin.cookie)).statusCode).toBe(409);

    const show = await setSwitch(ctx.app, 'encore', admin.cookie, { resultsVisible: true });
    expect(show.json()).toMatchObject({ resultsVisible: true, revealedAt: null });
    const second = await reveal(ctx.app, 'encore', admin.cookie);
    expect(second.statusCode).toBe(200);
    expect(second.json().revealedAt).not.toBe(first);
    await stream.waitUntil(
      (event) => event.type === 'reveal' && event.revealedAt === second.json().revealedAt,
    );
    await stream.close();
  });
});

describeApi('live counts', (ctx) => {
  it("lists each cohort's teams without a ballot and without a website, by name", async () => {
    const [charlie, alpha, bravo, delta] = await seedCohort(
      ctx.app,
      'counted',
      { competitionEnabled: true, votingOpen: true },
      ['charlie', 'Alpha', 'bravo', 'Delta'],
      3,
    );
    await seedCohort(ctx.app, 'empty', {}, []);
    const cast = await ctx.app.inject({
      method: 'POST',
      url: '/api/showcase/counted/vote',
      headers: { cookie: alpha!.cookie },
      payload: {
        votes: [
          { voted_for_team_id: bravo!.team.id, rank: 1 },
          { voted_for_team_id: charlie!.team.id, rank: 2 },
        ],
      },
    });
    expect(cast.statusCode).toBe(201);
    const admin = await createAdminSession(ctx.app);
    const list = (
      await ctx.app.inject({ url: '/api/admin/cohorts', headers: { cookie: admin.cookie } })
    ).json() as AdminCohort[];
    const counted = list.find((c) => c.tag === 'counted')!;
    expect(counted).toMatchObject({ teamCount: 4, submittedCount: 3, ballotCount: 1, revealedAt: null });
    expect(counted.notVoted).toEqual([
      { id: bravo!.team.id, name: 'bravo' },
      { id: charlie!.team.id, name: 'charlie' },
      { id: delta!.team.id, name: 'Delta' },
    ]);
    expect(counted.missingWebsite).toEqual([{ id: delta!.team.id, name: 'Delta' }]);
    expect(list.find((c) => c.tag === 'empty')).toMatchObject({ notVoted: [], missingWebsite: [] });
  });

  it('tells the open pages "N of M teams voted" after a website, a move in or out, and a deletion', async () => {
    const [alpha, bravo] = await seedCohort(ctx.app, 'north', {}, ['Alpha', 'Bravo'], 0);
    await seedCohort(ctx.app, 'south', {}, []);
    const admin = await createAdminSession(ctx.app);
    const north = await openCohortStream(ctx.app, 'north');
    const south = await openCohortStream(ctx.app, 'south');
    await north.waitFor(4);
    await south.waitFor(4);

    const website = await setWebsite(ctx.app, alpha!.cookie, alpha!.team.id, 'alpha.example');
    expect(website.statusCode).toBe(200);
    expect((await north.waitFor(5))[4]).toEqual({ type: 'ballots', ballotCount: 0, teamCount: 2 });

    const move = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts/south/teams',
      headers: { cookie: admin.cookie },
      payload: { teamIds: [bravo!.team.id] },
    });
    expect(move.statusCode).toBe(200);
    expect((await north.waitFor(6))[5]).toEqual({ type: 'ballots', ballotCount: 0, teamCount: 1 });
    expect((await south.waitFor(5))[4]).toEqual({ type: 'ballots', ballotCount: 0, teamCount: 1 });

    const out = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/unassign-teams',
      headers: { cookie: admin.cookie },
      payload: { teamIds: [bravo!.team.id] },
    });
    expect(out.statusCode).toBe(200);
    expect((await south.waitFor(6))[5]).toEqual({ type: 'ballots', ballotCount: 0, teamCount: 0 });

    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/teams/${alpha!.team.id}`,
      headers: { cookie: alpha!.cookie },
      payload: { confirmName: 'Alpha' },
    });
    expect(gone.statusCode).toBe(200);
    expect((await north.waitFor(7))[6]).toEqual({ type: 'ballots', ballotCount: 0, teamCount: 0 });
    await north.close();
    await south.close();
  });
});

describeApi('admin progress stream', (ctx) => {
  it('refuses a caller without an admin session, a team session included (401, not a stream)', async () => {
    const member = await createTeamSession(ctx.app, 'Curious');
    for (const cookie of [undefined, member.cookie]) {
      const stream = await openEventStream<AdminEvent>(
        ctx.app,
        '/api/admin/events',
        cookie ? { cookie } : {},
      );
      expect(stream.response.status).toBe(401);
      expect(stream.response.headers.get('content-type')).toMatch(/^application\/json/);
      await stream.close();
    }
    expect(await ctx.app.db.select().from(adminListeners)).toEqual([]);
  });

  it('tells an instructor which team changed and why, for every change a dashboard shows', async () => {
    const admin = await createAdminSession(ctx.app);
    await ctx.app.db
      .insert(cohorts)
      .values({ tag: 'room', name: 'Room', competitionEnabled: true, votingOpen: true });
    const [voter, target] = await seedCohort(
      ctx.app,
      'class',
      { competitionEnabled: true, votingOpen: true },
      ['Voter', 'Target'],
    );
    const stream = await openAdminStream(ctx.app, admin.cookie);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // The open stream is known, for the other instances' sake.
    expect(await ctx.app.db.select().from(adminListeners)).toHaveLength(1);

    // Every (re)connection starts by asking the dashboard to read its lists again.
    expect(await stream.waitFor(1)).toEqual([{ type: 'catch-up' }]);
    const expectEvent = (teamId: string, reason: AdminTeamChange) =>
      stream.waitUntil(
        (event) => event.type === 'team' && event.teamId === teamId && event.reason === reason,
      );

    const created = await createTeamSession(ctx.app, 'Newcomer');
    await expectEvent(created.team.id, 'created');

    const saved = await saveAnswers(ctx.app, created, 1, { idea: 'x' });
    expect(saved.statusCode).toBe(200);
    await expectEvent(created.team.id, 'saved');

    // A save of the shared facts is progress too.
    const factGiver = await createTeamSession(ctx.app, 'Fact Giver');
    const facts = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${factGiver.team.id}/facts`,
      headers: { cookie: factGiver.cookie },
      payload: { values: { company_name: 'Acme' }, givenIn: 1 },
    });
    expect(facts.statusCode).toBe(200);
    await expectEvent(factGiver.team.id, 'saved');

    const avatar = await setAvatar(
      ctx.app,
      created.cookie,
      created.team.id,
      created.team.avatarIcon === 'owl.svg' ? 'fox.svg' : 'owl.svg',
    );
    expect(avatar.statusCode).toBe(200);
    await expectEvent(created.team.id, 'avatar');

    const website = await setWebsite(ctx.app, created.cookie, created.team.id, 'newcomer.example');
    expect(website.statusCode).toBe(200);
    await expectEvent(created.team.id, 'website');

    const assigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts/room/teams',
      headers: { cookie: admin.cookie },
      payload: { teamIds: [created.team.id] },
    });
    expect(assigned.statusCode).toBe(200);
    await expectEvent(created.team.id, 'cohort');

    const vote = await ctx.app.inject({
      method: 'POST',
      url: '/api/showcase/class/vote',
      headers: { cookie: voter!.cookie },
      payload: { votes: [{ voted_for_team_id: target!.team.id, rank: 1 }] },
    });
    expect(vote.statusCode).toBe(201);
    await expectEvent(voter!.team.id, 'voted');

    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/teams/${target!.team.id}/rotate-code`,
      headers: { cookie: admin.cookie },
    });
    expect(rotated.statusCode).toBe(200);
    await expectEvent(target!.team.id, 'code');

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/teams/${created.team.id}`,
      headers: { cookie: created.cookie },
      payload: { confirmName: 'Newcomer' },
    });
    expect(deleted.statusCode).toBe(200);
    await expectEvent(created.team.id, 'deleted');
    // Only ids and reasons travel.
    for (const event of stream.events.slice(1))
      expect(Object.keys(event).sort()).toEqual(['reason', 'teamId', 'type']);

    await stream.close();
    // The closed stream's row goes with it.
    await expectNoAdminListeners(ctx.app);
  });
});

describeTwoInstances('the live room across app instances', (apps) => {
  it("a reveal pressed on one instance reaches a results page's stream on the other", async () => {
    await seedCohort(apps.first, 'stage', { competitionEnabled: true, resultsVisible: true }, [
      'Alpha',
      'Bravo',
    ]);
    const admin = await createAdminSession(apps.first);
    const stream = await openCohortStream(apps.second, 'stage');
    expect((await stream.waitFor(4))[2]).toEqual({ type: 'reveal', revealedAt: null, revealStep: 0 });
    const pressed = await reveal(apps.first, 'stage', admin.cookie);
    expect(pressed.statusCode).toBe(200);
    const { revealedAt } = pressed.json() as { revealedAt: string };
    expect(await stream.waitUntil((event) => event.type === 'reveal' && event.revealedAt !== null)).toEqual({
      type: 'reveal',
      revealedAt,
      revealStep: 4,
    });
    await stream.waitUntil((event) => event.type === 'cohort' && event.cohort.revealedAt === revealedAt);

    // Two presses together on the two instances: one time.
    await apps.first.db
      .update(cohorts)
      .set({ revealedAt: null, revealStep: 0 })
      .where(eq(cohorts.tag, 'stage'));
    const both = await Promise.all([
      reveal(apps.first, 'stage', admin.cookie),
      reveal(apps.second, 'stage', admin.cookie),
    ]);
    expect(both.map((b) => b.statusCode)).toEqual([200, 200]);
    expect(both[0]!.json()).toEqual(both[1]!.json());

    // Hiding the results on the second reaches it too.
    const hide = await setSwitch(apps.second, 'stage', admin.cookie, { resultsVisible: false });
    expect(hide.statusCode).toBe(200);
    await stream.waitUntil((event) => event.type === 'reveal' && event.revealedAt === null);
    await stream.close();
  });

  /** A LISTEN of its own on the live events channel: what NOTIFYs the database carries. */
  async function listenRaw(app: FastifyInstance) {
    const result = (await app.db.execute(sql`select current_database() as db`)) as unknown as {
      rows: { db: string }[];
    };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${result.rows[0]!.db}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const payloads: string[] = [];
    client.on('notification', (message) => payloads.push(message.payload ?? ''));
    await client.query(`listen ${LIVE_EVENTS_CHANNEL}`);
    return { client, payloads };
  }

  /** Publishes a marker after the calls under test and waits for it: NOTIFYs arrive in commit order. */
  async function settle(app: FastifyInstance, payloads: string[], name: string) {
    await app.liveEvents.publish(liveChannel.cohort(`marker-${name}`), {
      type: 'ballots',
      ballotCount: 0,
      teamCount: 0,
    });
    const deadline = Date.now() + 5000;
    while (!payloads.some((p) => p.includes(`marker-${name}`))) {
      if (Date.now() > deadline) throw new Error('the marker never arrived');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('NOTIFYs a team change only while an instructor stream is open on another instance; then it arrives there', async () => {
    const raw = await listenRaw(apps.first);
    try {
      const admin = await createAdminSession(apps.first);
      const member = await createTeamSession(apps.first, 'Busy');
      const save = (n: number) => saveAnswers(apps.first, member, 1, { idea: `v${n}` });
      const adminNotices = () =>
        raw.payloads.filter((p) => p.includes('"channel":"admin"') || p.includes('"channel" : "admin"'));

      // Nobody watches: saves and other changes send no admin NOTIFY at all.
      expect((await save(1)).statusCode).toBe(200);
      const avatar = await setAvatar(
        apps.first,
        member.cookie,
        member.team.id,
        member.team.avatarIcon === 'owl.svg' ? 'fox.svg' : 'owl.svg',
      );
      expect(avatar.statusCode).toBe(200);
      await settle(apps.first, raw.payloads, 'quiet');
      expect(adminNotices()).toEqual([]);

      // An instructor's dashboard on the second instance: the first's saves reach it.
      const stream = await openAdminStream(apps.second, admin.cookie);
      expect(stream.response.status).toBe(200);
      expect((await save(2)).statusCode).toBe(200);
      expect(await stream.waitUntil((event) => event.type === 'team' && event.reason === 'saved')).toEqual({
        type: 'team',
        teamId: member.team.id,
        reason: 'saved',
      });
      const created = await createTeamSession(apps.first, 'Late Arrival');
      await stream.waitUntil(
        (event) => event.type === 'team' && event.teamId === created.team.id && event.reason === 'created',
      );
      // The stream heard them through its own LISTEN; this connection hears them in its own time.
      await settle(apps.first, raw.payloads, 'watched');
      expect(adminNotices().length).toBeGreaterThanOrEqual(2);

      // The dashboard closes: once its row is gone, the notices stop again.
      await stream.close();
      await expectNoAdminListeners(apps.first);
      const before = adminNotices().length;
      expect((await save(3)).statusCode).toBe(200);
      await settle(apps.first, raw.payloads, 'closed');
      expect(adminNotices()).toHaveLength(before);
    } finally {
      await raw.client.end();
    }
  });

  it("an instance's own admin stream hears its saves without any NOTIFY", async () => {
    // No stream of an earlier test still counts as another instance's listener.
    await expectNoAdminListeners(apps.first);
    const raw = await listenRaw(apps.first);
    try {
      const admin = await createAdminSession(apps.first);
      const member = await createTeamSession(apps.first, 'Local');
      const stream = await openAdminStream(apps.first, admin.cookie);
      const saved = await saveAnswers(apps.first, member, 2, { idea: 'local' });
      expect(saved.statusCode).toBe(200);
      await stream.waitUntil(
        (event) => event.type === 'team' && event.teamId === member.team.id && event.reason === 'saved',
      );
      await settle(apps.first, raw.payloads, 'local');
      expect(raw.payloads.filter((p) => p.includes(member.team.id) && p.includes('admin'))).toEqual([]);
      await stream.close();
    } finally {
      await raw.client.end();
    }
  });

  it('counts teams leaving a cohort on another instance too', async () => {
    const [mover] = await seedCohort(apps.first, 'east', {}, ['Mover', 'Stayer']);
    const admin = await createAdminSession(apps.first);
    const stream = await openCohortStream(apps.second, 'east');
    await stream.waitFor(4);
    const out = await apps.first.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/unassign-teams',
      headers: { cookie: admin.cookie },
      payload: { teamIds: [mover!.team.id] },
    });
    expect(out.statusCode).toBe(200);
    expect((await stream.waitFor(5))[4]).toEqual({ type: 'ballots', ballotCount: 0, teamCount: 1 });
    await apps.first.db.delete(teams).where(inArray(teams.id, [mover!.team.id]));
    await stream.close();
  });
});
