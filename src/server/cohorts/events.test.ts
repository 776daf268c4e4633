import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { CohortEvent } from '../../shared/schemas/cohort.ts';
import { cohorts, teams } from '../db/schema.ts';
import { toCohort } from './queries.ts';
import { describeTwoInstances, openEventStream } from '../../../testing/api/live.ts';
import { createTeamSession, describeApi } from '../../../testing/api/test-app.ts';
import { liveChannel } from '../live/event-bus.ts';

const openCohortStream = (app: FastifyInstance, tag: string) =>
  openEventStream<CohortEvent>(app, `/api/cohorts/${tag}/events`);

describeApi('cohort event stream', (ctx) => {
  it('sends retry and the current state, then every event published for its cohort only', async () => {
    await ctx.app.db.insert(cohorts).values([
      { tag: 'live', name: 'Live Cohort', competitionEnabled: true },
      { tag: 'other', name: 'Other Cohort' },
    ]);
    const member = await createTeamSession(ctx.app, 'Member');
    await ctx.app.db.update(teams).set({ cohortTag: 'live' }).where(eq(teams.id, member.team.id));

    const stream = await openCohortStream(ctx.app, 'live');
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(stream.response.headers.get('cache-control')).toContain('no-cache');

    const initial = await stream.waitFor(4);
    expect(stream.comments[0]).toBe('retry: 3000');
    expect(initial[0]).toMatchObject({
      type: 'cohort',
      cohort: { tag: 'live', name: 'Live Cohort', competitionEnabled: true, votingOpen: false },
    });
    expect(initial[1]).toEqual({ type: 'ballots', ballotCount: 0, teamCount: 1 });
    expect(initial[2]).toEqual({ type: 'reveal', revealedAt: null, revealStep: 0 });
    expect(initial[3]).toMatchObject({ type: 'pace', pace: { message: null, phase: null, endsAt: null } });

    const [row] = await ctx.app.db
      .update(cohorts)
      .set({ votingOpen: true })
      .where(eq(cohorts.tag, 'live'))
      .returning();
    await ctx.app.liveEvents.publish(liveChannel.cohort('other'), {
      type: 'ballots',
      ballotCount: 9,
      teamCount: 9,
    });
    await ctx.app.liveEvents.publish(liveChannel.cohort('live'), { type: 'cohort', cohort: toCohort(row!) });
    const events = await stream.waitFor(5);
    expect(events[4]).toMatchObject({ type: 'cohort', cohort: { votingOpen: true } });
    await new Promise((r) => setTimeout(r, 100));
    expect(events).toHaveLength(5);
  });

  it('ends open streams when the app closes, and unsubscribes them', async () => {
    await ctx.app.db.insert(cohorts).values({ tag: 'live', name: 'Live Cohort' });
    const stream = await openCohortStream(ctx.app, 'live');
    await stream.waitFor(3);
    const started = Date.now();
    await ctx.app.close();
    await stream.pump;
    expect(stream.ended).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers 404 (not a stream) for an unknown cohort', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/cohorts/nope/events`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Cohort not found.' });
  });
});

describeTwoInstances('cohort events across app instances', (apps) => {
  it("a ballot cast on one instance reaches the other instance's event stream", async () => {
    await apps.first.db
      .insert(cohorts)
      .values({ tag: 'scaled', name: 'Scaled', competitionEnabled: true, votingOpen: true });
    const voter = await createTeamSession(apps.first, 'Voter');
    const a = await createTeamSession(apps.first, 'Alpha');
    await apps.first.db
      .update(teams)
      .set({ cohortTag: 'scaled', submittedWebsiteUrl: 'https://site.example' })
      .where(inArray(teams.id, [voter.team.id, a.team.id]));

    const stream = await openCohortStream(apps.second, 'scaled');
    await stream.waitFor(4);
    expect(stream.events[1]).toEqual({ type: 'ballots', ballotCount: 0, teamCount: 2 });

    const cast = await apps.first.inject({
      method: 'POST',
      url: '/api/showcase/scaled/vote',
      headers: { cookie: voter.cookie },
      payload: { votes: [{ voted_for_team_id: a.team.id, rank: 1 }] },
    });
    expect(cast.statusCode).toBe(201);
    const events = await stream.waitFor(5);
    expect(events[4]).toEqual({ type: 'ballots', ballotCount: 1, teamCount: 2 });
  });

  it('delivers an instance its own events once, not again when they come back from PostgreSQL', async () => {
    const received: CohortEvent[] = [];
    const unsubscribe = apps.first.liveEvents.subscribe(liveChannel.cohort('echo'), (event) =>
      received.push(event as CohortEvent),
    );
    const remote: CohortEvent[] = [];
    const unsubscribeRemote = apps.second.liveEvents.subscribe(liveChannel.cohort('echo'), (event) =>
      remote.push(event as CohortEvent),
    );
    await apps.first.liveEvents.publish(liveChannel.cohort('echo'), {
      type: 'ballots',
      ballotCount: 1,
      teamCount: 1,
    });
    await new Promise((r) => setTimeout(r, 300));
    unsubscribe();
    unsubscribeRemote();
    expect(received).toHaveLength(1);
    expect(remote).toHaveLength(1);
  });

  it('reconnects a listener that PostgreSQL dropped', async () => {
    const terminated = (await apps.first.db.execute(
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
    )) as unknown as { rows: unknown[] };
    // Both instances' listeners are gone.
    expect(terminated.rows).toHaveLength(2);
    const remote: CohortEvent[] = [];
    const unsubscribe = apps.second.liveEvents.subscribe(liveChannel.cohort('again'), (event) =>
      remote.push(event as CohortEvent),
    );
    const deadline = Date.now() + 8000;
    while (remote.length === 0 && Date.now() < deadline) {
      await apps.first.liveEvents.publish(liveChannel.cohort('again'), {
        type: 'ballots',
        ballotCount: 2,
        teamCount: 2,
      });
      await new Promise((r) => setTimeout(r, 200));
    }
    unsubscribe();
    expect(remote.length).toBeGreaterThan(0);
  });
});
