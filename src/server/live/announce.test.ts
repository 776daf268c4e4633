import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '../../shared/schemas/live.ts';
import { buildApp } from '../app.ts';
import { PROJECT_ROOT } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { cohorts, feedbackNotes, helpRequests } from '../db/schema.ts';
import { createCohort, createCohortMembers } from '../../../testing/api/cohorts.ts';
import { describeTwoInstances, openEventStream } from '../../../testing/api/live.ts';
import {
  createAdminSession,
  createTeamSession,
  describeApi,
  saveAnswers,
} from '../../../testing/api/test-app.ts';
import { Announcer, type Unpublished } from './announce.ts';
import { InProcessLiveEventBus, type LiveEvent, type Publication } from './event-bus.ts';

const NOT_PUBLISHED = 'live event not published; pages catch up on their next read';

/** A bus that fails every publish, as a database that refuses NOTIFY does; subscribing still works. */
class FailingBus extends InProcessLiveEventBus {
  override async publishEach(_publications: readonly Publication[]): Promise<void> {
    throw new Error('the bus is down');
  }

  override deliverLocally(_channel: string, _event: LiveEvent): void {
    throw new Error('the bus is down');
  }
}

/** A logger that keeps its warnings. */
function warnings() {
  const lines: { object: { err?: unknown; unpublished?: Unpublished[] }; message?: string }[] = [];
  return {
    lines,
    warn: (object: unknown, message?: string) => lines.push({ object: object as never, message }),
  };
}

const named = (unpublished: Unpublished[] = []) =>
  unpublished.map(({ channel, type }) => `${channel} ${type}`);

describe('Announcer: publishing after a write', () => {
  const noDatabase = () => {
    throw new Error('no database in this test');
  };

  it('delivers each event on its channel, in order, and logs nothing', async () => {
    const bus = new InProcessLiveEventBus();
    const log = warnings();
    const announce = new Announcer(bus, noDatabase as () => Database, log);
    const heard: string[] = [];
    bus.subscribe('cohort:spring', (event) => heard.push(`cohort ${event.type}`));
    bus.subscribe('team:t1', (event) => heard.push(`team ${event.type}`));
    bus.subscribe('admin', (event) => heard.push(`admin ${event.type}`));
    bus.subscribe('streams', (event) => heard.push(`streams ${event.type}`));

    await announce.cohort(
      'spring',
      { type: 'reveal', revealedAt: null, revealStep: 0 },
      { type: 'ballots', ballotCount: 1, teamCount: 2 },
    );
    await announce.team('t1', { type: 'feedback-removed', id: 'n1', phaseNumber: 2 });
    await announce.help('t1', 'r1');
    await announce.endStreams({ team: 't1' });
    // No team named: nothing to publish, and the database is not asked.
    await announce.progress([], 'cohort');
    expect(heard).toEqual([
      'cohort reveal',
      'cohort ballots',
      'team feedback-removed',
      'admin help',
      'streams end-streams',
    ]);
    expect(log.lines).toEqual([]);
  });

  it('never rejects: each failed publish is logged once, at warn, naming what was not published', async () => {
    const log = warnings();
    const announce = new Announcer(new FailingBus(), noDatabase as () => Database, log);
    await expect(
      announce.team('t1', { type: 'feedback-removed', id: 'n1', phaseNumber: 2 }),
    ).resolves.toBeUndefined();
    await expect(
      announce.cohort(
        'spring',
        { type: 'reveal', revealedAt: null, revealStep: 0 },
        { type: 'ballots', ballotCount: 0, teamCount: 0 },
      ),
    ).resolves.toBeUndefined();
    // The counts are read before they are published: a read that fails is a publish that failed.
    await expect(announce.ballotCounts('spring')).resolves.toBeUndefined();
    await expect(announce.progress(['t1', 't2'], 'cohort')).resolves.toBeUndefined();
    await expect(announce.help('t1', 'r1')).resolves.toBeUndefined();
    await expect(announce.endStreams({ sessions: ['hash'] })).resolves.toBeUndefined();
    await expect(
      announce.each([
        { channel: 'team:t1', event: { type: 'presence-change', upsert: [], remove: ['c'] }, others: false },
        { channel: 'admin', event: { type: 'team', teamId: 't1', reason: 'saved' }, others: true },
      ]),
    ).resolves.toBeUndefined();

    expect(log.lines.map((line) => line.message)).toEqual(Array(7).fill(NOT_PUBLISHED));
    expect(log.lines.map((line) => named(line.object.unpublished))).toEqual([
      ['team:t1 feedback-removed'],
      ['cohort:spring reveal', 'cohort:spring ballots'],
      ['cohort:spring ballots'],
      ['admin team'],
      ['admin help'],
      ['streams end-streams'],
      ['team:t1 presence-change', 'admin team'],
    ]);
    for (const line of log.lines) expect(line.object.err).toBeInstanceOf(Error);
  });
});

/** The app on `database` with a bus that fails every publish, its warnings kept. */
async function appWithFailingBus(database: DatabaseHandle) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({
    config: {
      logLevel: 'warn',
      trustProxy: false,
      webRoot: undefined,
      contentDir: path.join(PROJECT_ROOT, 'content'),
      requestsPerMinute: 100_000,
    },
    database,
    closeDatabase: false,
    loggerStream: stream,
    liveEvents: new FailingBus(),
  });
  /** What each "not published" line named, one list per line, in the order they were logged. */
  const unpublished = () =>
    lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; unpublished?: Unpublished[] })
      .filter((line) => line.msg === NOT_PUBLISHED)
      .map((line) => {
        expect(line.level).toBe(40);
        return named(line.unpublished);
      });
  return { app, unpublished };
}

type Call = {
  method: 'POST' | 'PATCH' | 'DELETE';
  url: string;
  cookie?: string;
  payload?: object;
  /** What each failed publish names, one list per log line (any order between lines). */
  unpublished: string[][];
  /** Reads, through the working app, that the write landed. */
  landed?: () => Promise<void>;
};

/**
 * Every route that publishes after a write, with a bus that fails: the call answers as it would have, the
 * write is there, and each publish that failed is one warn line naming what it did not send.
 */
describeApi('a failed publish never fails the call', (ctx) => {
  let failing: FastifyInstance | undefined;
  afterEach(async () => {
    await failing?.close();
    failing = undefined;
  });

  const read = async (url: string, cookie: string) => {
    const response = await ctx.app.inject({ url, headers: { cookie } });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };
  const cohortRow = async (tag: string) =>
    (await ctx.app.db.select().from(cohorts).where(eq(cohorts.tag, tag)))[0];

  const calls: Record<string, { status: number; prepare(app: FastifyInstance): Promise<Call> }> = {
    'POST /api/teams': {
      status: 201,
      prepare: async () => ({
        method: 'POST',
        url: '/api/teams',
        payload: { name: 'Quiet' },
        unpublished: [['admin team']],
      }),
    },
    'POST /api/auth/team/login (ending the session the browser held)': {
      status: 200,
      prepare: async (app) => {
        const member = await createTeamSession(app);
        return {
          method: 'POST',
          url: '/api/auth/team/login',
          cookie: member.cookie,
          payload: { access_token: member.team.accessToken },
          unpublished: [['streams end-streams']],
        };
      },
    },
    'POST /api/auth/team/logout': {
      status: 200,
      prepare: async (app) => ({
        method: 'POST',
        url: '/api/auth/team/logout',
        cookie: (await createTeamSession(app)).cookie,
        unpublished: [['streams end-streams']],
      }),
    },
    'POST /api/auth/admin/logout': {
      status: 200,
      prepare: async (app) => ({
        method: 'POST',
        url: '/api/auth/admin/logout',
        cookie: (await createAdminSession(app)).cookie,
        unpublished: [['streams end-streams']],
      }),
    },
    'PATCH /api/teams/:teamId/avatar': {
      status: 200,
      prepare: async (app) => {
        const member = await createTeamSession(app);
        return {
          method: 'PATCH',
          url: `/api/teams/${member.team.id}/avatar`,
          cookie: member.cookie,
          payload: { avatarIcon: 'fox.svg' },
          unpublished: [['admin team']],
          landed: async () => {
            expect((await read('/api/auth/team/status', member.cookie)).team.avatarIcon).toBe('fox.svg');
          },
        };
      },
    },
    'PATCH /api/teams/:teamId/website': {
      status: 200,
      prepare: async (app) => {
        await createCohort(app, 'spring');
        const [member] = await createCohortMembers(app, 'spring', ['Web'], 0);
        return {
          method: 'PATCH',
          url: `/api/teams/${member!.team.id}/website`,
          cookie: member!.cookie,
          payload: { websiteUrl: 'web.example' },
          unpublished: [['cohort:spring ballots'], ['admin team']],
        };
      },
    },
    'DELETE /api/teams/:teamId': {
      status: 200,
      prepare: async (app) => {
        await createCohort(app, 'spring');
        const [member] = await createCohortMembers(app, 'spring', ['Gone']);
        return {
          method: 'DELETE',
          url: `/api/teams/${member!.team.id}`,
          cookie: member!.cookie,
          payload: { confirmName: 'Gone' },
          unpublished: [['streams end-streams'], ['cohort:spring ballots'], ['admin team']],
        };
      },
    },
    'POST /api/admin/teams/:teamId/rotate-code': {
      status: 200,
      prepare: async (app) => {
        const member = await createTeamSession(app);
        return {
          method: 'POST',
          url: `/api/admin/teams/${member.team.id}/rotate-code`,
          cookie: (await createAdminSession(app)).cookie,
          unpublished: [['streams end-streams'], ['admin team']],
        };
      },
    },
    'POST /api/phase-data (a team saving its own answers: one statement)': {
      status: 200,
      prepare: async (app) => {
        const member = await createTeamSession(app);
        return {
          method: 'POST',
          url: '/api/phase-data',
          cookie: member.cookie,
          payload: { teamId: member.team.id, phaseNumber: 2, data: { idea: 'kept' } },
          unpublished: [[`team:${member.team.id} answers`, 'admin team']],
          landed: async () => {
            expect((await read(`/api/phase-data/${member.team.id}/2`, member.cookie)).data).toEqual({
              idea: 'kept',
            });
          },
        };
      },
    },
    'POST /api/phase-data (an instructor: the general path)': {
      status: 200,
      prepare: async (app) => {
        const member = await createTeamSession(app);
        const admin = await createAdminSession(app);
        return {
          method: 'POST',
          url: '/api/phase-data',
          cookie: admin.cookie,
          payload: { teamId: member.team.id, phaseNumber: 3, data: { idea: 'kept' } },
          unpublished: [[`team:${member.team.id} answers`, 'admin team']],
          landed: async () => {
            expect((await read(`/api/phase-data/${member.team.id}/3`, member.cookie)).data).toEqual({
              idea: 'kept',
            });
          },
        };
      },
    },
    'POST /api/teams/:teamId/facts': {
      status: 200,
      prepare: async (app) => {
        const member = await createTeamSession(app);
        return {
          method: 'POST',
          url: `/api/teams/${member.team.id}/facts`,
          cookie: member.cookie,
          payload: { values: { company_name: 'Kept' }, givenIn: 1 },
          unpublished: [[`team:${member.team.id} facts`], ['admin team']],
          landed: async () => {
            const { facts } = await read(`/api/teams/${member.team.id}/facts`, member.cookie);
            expect(facts).toMatchObject([{ id: 'company_name', value: 'Kept' }]);
          },
        };
      },
    },
    'POST /api/teams/:teamId/feedback': {
      status: 201,
      prepare: async (app) => {
        const member = await createTeamSession(app);
        return {
          method: 'POST',
          url: `/api/teams/${member.team.id}/feedback`,
          cookie: (await createAdminSession(app)).cookie,
          payload: { phaseNumber: 1, body: 'Kept' },
          unpublished: [[`team:${member.team.id} feedback`]],
          landed: async () => {
            const { notes } = await read(`/api/teams/${member.team.id}/feedback`, member.cookie);
            expect(notes).toMatchObject([{ body: 'Kept' }]);
          },
        };
      },
    },
    'PATCH /api/teams/:teamId/feedback/:noteId': {
      status: 200,
      prepare: async (app) => {
        const member = await createTeamSession(app);
        const [note] = await app.db
          .insert(feedbackNotes)
          .values({ teamId: member.team.id, phaseNumber: 1, body: 'Do it', author: 'alice' })
          .returning();
        return {
          method: 'PATCH',
          url: `/api/teams/${member.team.id}/feedback/${note!.id}`,
          cookie: member.cookie,
          payload: { done: true },
          unpublished: [[`team:${member.team.id} feedback`]],
        };
      },
    },
    'DELETE /api/teams/:teamId/feedback/:noteId': {
      status: 200,
      prepare: async (app) => {
        const member = await createTeamSession(app);
        const [note] = await app.db
          .insert(feedbackNotes)
          .values({ teamId: member.team.id, phaseNumber: 1, body: 'Do it', author: 'alice' })
          .returning();
        return {
          method: 'DELETE',
          url: `/api/teams/${member.team.id}/feedback/${note!.id}`,
          cookie: (await createAdminSession(app)).cookie,
          unpublished: [[`team:${member.team.id} feedback-removed`]],
        };
      },
    },
    'POST /api/teams/:teamId/help': {
      status: 201,
      prepare: async (app) => {
        // Only a team in an active cohort asks.
        await createCohort(app, 'spring');
        const [member] = await createCohortMembers(app, 'spring', ['Asking']);
        return {
          method: 'POST',
          url: `/api/teams/${member!.team.id}/help`,
          cookie: member!.cookie,
          payload: { phaseNumber: 2 },
          unpublished: [[`team:${member!.team.id} help`], ['admin help']],
          landed: async () => {
            expect((await read(`/api/teams/${member!.team.id}/help`, member!.cookie)).request.status).toBe(
              'open',
            );
          },
        };
      },
    },
    'DELETE /api/teams/:teamId/help': {
      status: 200,
      prepare: async (app) => {
        const member = await createTeamSession(app);
        await app.db.insert(helpRequests).values({ teamId: member.team.id, phaseNumber: 2 });
        return {
          method: 'DELETE',
          url: `/api/teams/${member.team.id}/help`,
          cookie: member.cookie,
          unpublished: [[`team:${member.team.id} help`], ['admin help']],
        };
      },
    },
    'POST /api/admin/help-requests/:requestId/answer': {
      status: 200,
      prepare: async (app) => {
        const member = await createTeamSession(app);
        const [help] = await app.db
          .insert(helpRequests)
          .values({ teamId: member.team.id, phaseNumber: 2 })
          .returning();
        return {
          method: 'POST',
          url: `/api/admin/help-requests/${help!.id}/answer`,
          cookie: (await createAdminSession(app)).cookie,
          unpublished: [[`team:${member.team.id} help`], ['admin help']],
        };
      },
    },
    'PATCH /api/admin/cohorts/:tag (hiding the results takes the reveal back)': {
      status: 200,
      prepare: async (app) => {
        await createCohort(app, 'spring', { resultsVisible: true });
        return {
          method: 'PATCH',
          url: '/api/admin/cohorts/spring',
          cookie: (await createAdminSession(app)).cookie,
          payload: { resultsVisible: false },
          unpublished: [['cohort:spring reveal', 'cohort:spring cohort']],
          landed: async () => expect((await cohortRow('spring'))!.resultsVisible).toBe(false),
        };
      },
    },
    'POST /api/admin/cohorts/:tag/reveal': {
      status: 200,
      prepare: async (app) => {
        await createCohort(app, 'spring', { competitionEnabled: true, resultsVisible: true });
        return {
          method: 'POST',
          url: '/api/admin/cohorts/spring/reveal',
          cookie: (await createAdminSession(app)).cookie,
          unpublished: [['cohort:spring reveal', 'cohort:spring cohort']],
          landed: async () => expect((await cohortRow('spring'))!.revealedAt).toBeInstanceOf(Date),
        };
      },
    },
    'POST /api/admin/cohorts/:tag/teams': {
      status: 200,
      prepare: async (app) => {
        await createCohort(app, 'spring');
        await createCohort(app, 'autumn');
        const [member] = await createCohortMembers(app, 'autumn', ['Mover']);
        return {
          method: 'POST',
          url: '/api/admin/cohorts/spring/teams',
          cookie: (await createAdminSession(app)).cookie,
          payload: { teamIds: [member!.team.id] },
          unpublished: [
            ['cohort:autumn ballots'],
            ['cohort:spring ballots'],
            ['admin team'],
            [`team:${member!.team.id} pace`],
            [`team:${member!.team.id} programme`],
          ],
        };
      },
    },
    'PATCH /api/admin/cohorts/unassign-teams': {
      status: 200,
      prepare: async (app) => {
        await createCohort(app, 'spring');
        const [member] = await createCohortMembers(app, 'spring', ['Leaver']);
        return {
          method: 'PATCH',
          url: '/api/admin/cohorts/unassign-teams',
          cookie: (await createAdminSession(app)).cookie,
          payload: { teamIds: [member!.team.id] },
          unpublished: [
            ['cohort:spring ballots'],
            ['admin team'],
            [`team:${member!.team.id} pace`],
            [`team:${member!.team.id} programme`],
          ],
        };
      },
    },
    'POST /api/admin/cohorts/:tag/archive': {
      status: 200,
      prepare: async (app) => {
        await createCohort(app, 'spring');
        return {
          method: 'POST',
          url: '/api/admin/cohorts/spring/archive',
          cookie: (await createAdminSession(app)).cookie,
          unpublished: [['cohort:spring cohort'], ['cohort:spring pace']],
        };
      },
    },
    'POST /api/admin/cohorts/:tag/unarchive': {
      status: 200,
      prepare: async (app) => {
        await app.db.insert(cohorts).values({ tag: 'spring', name: 'Spring', archivedAt: new Date() });
        return {
          method: 'POST',
          url: '/api/admin/cohorts/spring/unarchive',
          cookie: (await createAdminSession(app)).cookie,
          unpublished: [['cohort:spring cohort'], ['cohort:spring pace']],
        };
      },
    },
    'PATCH /api/admin/cohorts/:tag/pace': {
      status: 200,
      prepare: async (app) => {
        await createCohort(app, 'spring');
        await createCohortMembers(app, 'spring', ['Paced']);
        return {
          method: 'PATCH',
          url: '/api/admin/cohorts/spring/pace',
          cookie: (await createAdminSession(app)).cookie,
          payload: { phase: 3, minutes: 10 },
          unpublished: [['cohort:spring pace']],
          landed: async () => expect((await cohortRow('spring'))!.pacePhase).toBe(3),
        };
      },
    },
    'POST /api/teams/:teamId/cohort-join': {
      status: 200,
      prepare: async (app) => {
        await createCohort(app, 'spring');
        const member = await createTeamSession(app, 'Joiner');
        const { joinCode } = (await cohortRow('spring'))!;
        return {
          method: 'POST',
          url: `/api/teams/${member.team.id}/cohort-join`,
          cookie: member.cookie,
          payload: { code: joinCode },
          unpublished: [
            ['cohort:spring ballots'],
            ['admin team'],
            [`team:${member.team.id} pace`],
            [`team:${member.team.id} programme`],
            ['admin joined'],
          ],
          landed: async () => {
            const { team } = await read('/api/auth/team/status', member.cookie);
            expect(team.cohortTag).toBe('spring');
          },
        };
      },
    },
    'DELETE /api/admin/cohorts/:tag': {
      status: 200,
      prepare: async (app) => {
        await app.db.insert(cohorts).values({ tag: 'spring', name: 'Spring', archivedAt: new Date() });
        return {
          method: 'DELETE',
          url: '/api/admin/cohorts/spring',
          cookie: (await createAdminSession(app)).cookie,
          unpublished: [['streams end-streams'], ['cohort:spring ballots']],
          landed: async () => expect(await cohortRow('spring')).toBeUndefined(),
        };
      },
    },
    'POST /api/showcase/:tag/vote': {
      status: 201,
      prepare: async (app) => {
        await createCohort(app, 'spring', { competitionEnabled: true, votingOpen: true });
        const [voter, ...others] = await createCohortMembers(app, 'spring', ['Voter', 'One', 'Two', 'Three']);
        return {
          method: 'POST',
          url: '/api/showcase/spring/vote',
          cookie: voter!.cookie,
          payload: { votes: others.map((m, i) => ({ voted_for_team_id: m.team.id, rank: i + 1 })) },
          unpublished: [['cohort:spring ballots'], ['admin team']],
          landed: async () => {
            const { votes } = await read('/api/showcase/spring/vote', voter!.cookie);
            expect(votes).toHaveLength(3);
          },
        };
      },
    },
  };

  for (const [name, { status, prepare }] of Object.entries(calls)) {
    it(`${name}: ${status}, the write landed, and each failed publish logged once`, async () => {
      // Set up through the app whose bus works; only the call under test meets the failing one.
      const call = await prepare(ctx.app);
      const captured = await appWithFailingBus(ctx.database);
      failing = captured.app;
      const response = await failing.inject({
        method: call.method,
        url: call.url,
        headers: call.cookie ? { cookie: call.cookie } : {},
        ...(call.payload ? { payload: call.payload } : {}),
      });
      expect(response.statusCode, response.body).toBe(status);
      await call.landed?.();
      const sorted = (lists: string[][]) => lists.map((list) => list.join(' + ')).sort();
      expect(sorted(captured.unpublished())).toEqual(sorted(call.unpublished));
    });
  }
});

describeTwoInstances('a NOTIFY that fails after a save', (apps) => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('leaves the save a success, logs what the other instance missed, and its page catches up on reconnecting', async () => {
    const member = await createTeamSession(apps.first);
    const pageOnSecond = `/api/events?page=${member.team.id}:page-on-second:1`;
    const remote = await openEventStream<LiveMessage>(apps.second, pageOnSecond, { cookie: member.cookie });
    await remote.waitFor(2);

    // The first instance's NOTIFYs fail (its other queries go on).
    const pool = apps.first.database.pgPool!;
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text?.includes('pg_notify')) return Promise.reject(new Error('NOTIFY refused'));
      return query(...args);
    }) as typeof pool.query);
    const warn = vi.spyOn(apps.first.log, 'warn');

    const saved = await saveAnswers(apps.first, member, 1, { idea: 'landed' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ data: { idea: 'landed' }, version: 1 });
    expect(warn).toHaveBeenCalledTimes(1);
    const [object, message] = warn.mock.calls[0] as [{ unpublished: Unpublished[] }, string];
    expect(message).toBe(NOT_PUBLISHED);
    // The save found the team's page open on the other instance: that is what was not sent.
    expect(named(object.unpublished)).toEqual([`team:${member.team.id} answers`, 'admin team']);

    // The page on the other instance never heard it...
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(remote.events.some((m) => 'event' in m && m.event.type === 'answers')).toBe(false);
    await remote.close();
    // ...and catches up when its stream opens again: the versions it starts with name the save.
    const reopened = await openEventStream<LiveMessage>(apps.second, pageOnSecond, { cookie: member.cookie });
    expect((await reopened.waitFor(1))[0]).toEqual({
      sub: `team:${member.team.id}`,
      event: { type: 'versions', versions: { '1': 1 } },
    });
    await reopened.close();
  });

  it('a failed progress NOTIFY leaves the change a success and is logged once', async () => {
    const admin = await createAdminSession(apps.first);
    const dashboard = await openEventStream(apps.second, '/api/admin/events', { cookie: admin.cookie });
    await dashboard.waitFor(1);
    const member = await createTeamSession(apps.first);
    const pool = apps.first.database.pgPool!;
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text?.includes('pg_notify')) return Promise.reject(new Error('NOTIFY refused'));
      return query(...args);
    }) as typeof pool.query);
    const warn = vi.spyOn(apps.first.log, 'warn');

    const avatar = await apps.first.inject({
      method: 'PATCH',
      url: `/api/teams/${member.team.id}/avatar`,
      headers: { cookie: member.cookie },
      payload: { avatarIcon: 'owl.svg' },
    });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.json().avatarIcon).toBe('owl.svg');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(named((warn.mock.calls[0]![0] as { unpublished: Unpublished[] }).unpublished)).toEqual([
      'admin team',
    ]);
    await dashboard.close();
  });
});
