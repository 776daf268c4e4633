import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import type { LiveMessage } from '../../shared/schemas/live.ts';
import { createCohort } from '../../../testing/api/cohorts.ts';
import { addressOf, openEventStream } from '../../../testing/api/live.ts';
import {
  buildTestApp,
  cookiesFrom,
  createAdminSession,
  createTeamSession,
  describeApi,
  loginTeam,
  type Member,
} from '../../../testing/api/test-app.ts';
import { STREAM_LIMITS } from './event-streams.ts';
import { waitUntil } from '../../../testing/wait.ts';

/**
 * The stream caps under attack (docs/SECURITY.md, Live streams): anonymous streams from a few addresses
 * cannot take the places of streams with a session, and a leaked code cannot silence its team.
 */

type Reader = Awaited<ReturnType<typeof openEventStream<LiveMessage>>>;

/** The first message of a stream: its refusal of the whole stream when there is one. */
const streamRefusal = async (stream: Reader) => {
  const [first] = await stream.waitFor(1);
  return first && 'refused' in first && first.sub === 'stream' ? first.refused : undefined;
};

it('the caps leave room for sessions: four addresses of anonymous streams fill at most a quarter of an instance', () => {
  const { perAddressWithoutSession, withoutSession, perInstance, perSession, perTeam } = STREAM_LIMITS;
  expect(4 * perAddressWithoutSession).toBeLessThanOrEqual(withoutSession);
  expect(withoutSession).toBeLessThanOrEqual(perInstance / 4);
  // Three quarters of the instance are held back for streams with a session.
  expect(perInstance - withoutSession).toBeGreaterThanOrEqual((3 * perInstance) / 4);
  // One session never holds a team's every place.
  expect(perSession).toBeLessThanOrEqual(perTeam / 3);
});

describeApi('anonymous streams cannot starve sessions', (ctx) => {
  const limits = { perAddressWithoutSession: 5, withoutSession: 12, perInstance: 16 };
  const streams: Reader[] = [];

  it('anonymous streams from four addresses stop at their caps; an instructor and a team still get theirs', async () => {
    await ctx.app.close();
    // Behind one trusted proxy (this machine), each stream says which client it came from.
    ctx.app = await buildTestApp(ctx.database, { trustProxy: 1 }, { streamLimits: limits });
    await createCohort(ctx.app, 'spring');
    const open = (headers: Record<string, string>, query = 'cohort=spring') =>
      openEventStream<LiveMessage>(ctx.app, `/api/events?${query}`, headers);

    const granted = new Map<string, number>();
    for (const address of ['203.0.113.1', '203.0.113.2', '198.51.100.3', '2001:db8::4']) {
      for (let i = 0; i < limits.perAddressWithoutSession + 2; i++) {
        const stream = await open({ 'x-forwarded-for': address });
        streams.push(stream);
        if (!(await streamRefusal(stream))) granted.set(address, (granted.get(address) ?? 0) + 1);
      }
    }
    // Each address had at most its own few, and all of them together no more than the places kept for
    // streams without a session.
    for (const count of granted.values()) expect(count).toBeLessThanOrEqual(limits.perAddressWithoutSession);
    expect([...granted.values()].reduce((a, b) => a + b, 0)).toBe(limits.withoutSession);
    const refused = await open({ 'x-forwarded-for': '192.0.2.99' });
    streams.push(refused);
    expect(await streamRefusal(refused)).toEqual({
      status: 429,
      message: 'Too many live connections are open. Close some tabs and try again.',
    });

    // The places held back for sessions: an instructor's dashboard and a team's page, from an address
    // that has opened the most anonymous streams.
    const admin = await createAdminSession(ctx.app);
    const dashboard = await open({ cookie: admin.cookie, 'x-forwarded-for': '203.0.113.1' }, 'admin=1');
    streams.push(dashboard);
    expect(await dashboard.waitFor(1)).toEqual([{ sub: 'admin', event: { type: 'catch-up' } }]);
    const member = await createTeamSession(ctx.app);
    const page = await open(
      { cookie: member.cookie, 'x-forwarded-for': '203.0.113.1' },
      `page=${member.team.id}:a-page-of-the-team:1`,
    );
    streams.push(page);
    expect((await page.waitFor(2))[0]).toMatchObject({
      sub: `team:${member.team.id}`,
      event: { type: 'versions' },
    });
    // A participant's browser on the results page sends its session: it counts as the session's.
    const results = await open({ cookie: member.cookie, 'x-forwarded-for': '203.0.113.1' });
    streams.push(results);
    expect(await streamRefusal(results)).toBeUndefined();
    await Promise.all(streams.splice(0).map((s) => s.close()));
  });
});

describeApi('a leaked code cannot silence its team', (ctx) => {
  const readers: Reader[] = [];
  const login = async (app: FastifyInstance, member: Member) =>
    cookiesFrom(await loginTeam(app, member.team.accessToken));
  const pageOf = (member: Member, cookie: string, clientId: string) =>
    openEventStream<LiveMessage>(ctx.app, `/api/events?page=${member.team.id}:${clientId}:1`, { cookie });

  it(`one session holds at most ${STREAM_LIMITS.perSession} streams; the team's own pages get theirs when leaked sessions hold all ${STREAM_LIMITS.perTeam}`, async () => {
    const member = await createTeamSession(ctx.app, 'Leaky');
    const admin = await createAdminSession(ctx.app);
    // One leaked session, up to its own cap.
    const leaked = await login(ctx.app, member);
    for (let i = 0; i < STREAM_LIMITS.perSession; i++) {
      const stream = await pageOf(member, leaked, `leaked-0-page-${i}`);
      readers.push(stream);
      expect(await streamRefusal(stream)).toBeUndefined();
    }
    const ninth = await pageOf(member, leaked, 'leaked-0-one-more');
    readers.push(ninth);
    expect(await streamRefusal(ninth)).toMatchObject({ status: 429 });
    // More leaked sessions fill the team's every place.
    for (let s = 1; s * STREAM_LIMITS.perSession < STREAM_LIMITS.perTeam; s++) {
      const cookie = await login(ctx.app, member);
      for (let i = 0; i < STREAM_LIMITS.perSession; i++) {
        const stream = await pageOf(member, cookie, `leaked-${s}-page-${i}`);
        readers.push(stream);
        await stream.waitFor(2);
      }
    }
    expect(ctx.app.eventStreams.count(`team:${member.team.id}`)).toBe(STREAM_LIMITS.perTeam);

    // The team's own device (its own session, and again after logging out and in): a stream, live.
    for (const round of [1, 2]) {
      const own = await login(ctx.app, member);
      const page = await pageOf(member, own, `own-page-round-${round}`);
      readers.push(page);
      expect((await page.waitFor(2))[0]).toMatchObject({ event: { type: 'versions' } });
      expect(ctx.app.eventStreams.count(`team:${member.team.id}`)).toBe(STREAM_LIMITS.perTeam);
      // The instructor's note arrives on it.
      await ctx.app.inject({
        method: 'POST',
        url: `/api/teams/${member.team.id}/feedback`,
        headers: { cookie: admin.cookie },
        payload: { phaseNumber: 1, body: `Note ${round}` },
      });
      expect(
        await page.waitUntil(
          (m) => 'event' in m && m.event.type === 'feedback' && m.event.note.body === `Note ${round}`,
        ),
      ).toBeTruthy();
      if (round === 1) {
        await ctx.app.inject({ method: 'POST', url: '/api/auth/team/logout', headers: { cookie: own } });
        await waitUntil(() => page.ended, 'the logout to end its stream');
      }
    }
    // A leaked session coming back holds as many as the busiest others but one: it is refused, and the
    // team's page goes on.
    const again = await pageOf(member, leaked, 'leaked-0-again');
    readers.push(again);
    expect(await streamRefusal(again)).toMatchObject({ status: 429, reason: 'team-full' });
    const ownPage = readers.at(-2)!;
    expect(ownPage.ended).toBe(false);
    await Promise.all(readers.splice(0).map((r) => r.close()));
  });

  it('the one-subscription paths answer a full cap with 429 and Retry-After', async () => {
    const admin = await createAdminSession(ctx.app);
    for (let i = 0; i < STREAM_LIMITS.perSession; i++) {
      readers.push(await openEventStream(ctx.app, '/api/admin/events', { cookie: admin.cookie }));
    }
    const refused = await fetch(`${await addressOf(ctx.app)}/api/admin/events`, {
      headers: { cookie: admin.cookie },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await refused.json()).toEqual({
      message: 'Too many live connections are open. Close some tabs and try again.',
    });
    await Promise.all(readers.splice(0).map((r) => r.close()));
  });
});

describeApi("forty leaked sessions cannot make the team's page flap", (ctx) => {
  // A stream settles in a moment here rather than 10 s; every cap is the real one.
  const settleMs = 200;
  const TEAM_FULL = {
    status: 429,
    message:
      "Too many devices are connected with this team's Workspace Code. Ask your instructor for a new Workspace Code.",
    reason: 'team-full',
  };
  const readers = new Set<Reader>();

  async function setUp() {
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, {}, { streamLimits: { settleMs } });
    const member = await createTeamSession(ctx.app, 'Leaky');
    const teamKey = `team:${member.team.id}`;
    const open = async (cookie: string, ...clientIds: string[]) => {
      const pages = clientIds.map((clientId) => `page=${member.team.id}:${clientId}:1`).join('&');
      const stream = await openEventStream<LiveMessage>(ctx.app, `/api/events?${pages}`, { cookie });
      readers.add(stream);
      return stream;
    };
    const login = async () => cookiesFrom(await loginTeam(ctx.app, member.team.accessToken));
    return { member, teamKey, open, login };
  }

  afterEach(async () => {
    await Promise.all([...readers].map((reader) => reader.close()));
    readers.clear();
  });

  it("each reopening its stream as soon as it ends, for hundreds of tries: the team's settled stream never ends, newcomers are refused", async () => {
    const { member, teamKey, open, login } = await setUp();
    const admin = await createAdminSession(ctx.app);
    // The team's own page is there first, and settles.
    const own = await open(member.cookie, 'the-teams-own-page');
    expect((await own.waitFor(1))[0]).toMatchObject({ event: { type: 'versions' } });
    await waitUntil(() => ctx.app.eventStreams.settledCount(teamKey) === 1, "the team's stream to settle");

    // Forty sessions made with the leaked code, each opening one stream again the moment it ends.
    const leaked = await Promise.all(Array.from({ length: 40 }, login));
    const TRIES = 300;
    let tries = 0;
    let granted = 0;
    const refusals: unknown[] = [];
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const loop = async (cookie: string, device: number) => {
      for (let round = 0; tries < TRIES; round++) {
        const stream = await open(cookie, `leaked-${device}-${round}`);
        // A refused stream ends at once; a granted one when its place is taken, or when the test is over.
        await Promise.race([stream.pump, stopped]);
        const [first] = stream.events;
        if (first) tries++;
        if (first && 'refused' in first) refusals.push(first.refused);
        else if (first) granted++;
        // A granted stream still open when the test is over stays open (its place held) until the end.
        if (!stream.ended) break;
        readers.delete(stream);
      }
      stop();
    };
    await Promise.all(leaked.map(loop));

    // The team's stream was never ended, and it still hears its team.
    expect(own.ended).toBe(false);
    expect(ctx.app.eventStreams.count(teamKey)).toBe(STREAM_LIMITS.perTeam);
    // The first 23 took the places left; every other try was a newcomer's, refused in plain words.
    expect(granted).toBe(STREAM_LIMITS.perTeam - 1);
    expect(refusals.length).toBe(tries - granted);
    for (const refusal of refusals) expect(refusal).toEqual(TEAM_FULL);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${member.team.id}/feedback`,
      headers: { cookie: admin.cookie },
      payload: { phaseNumber: 1, body: 'Still here' },
    });
    await own.waitUntil(
      (m) => 'event' in m && m.event.type === 'feedback' && m.event.note.body === 'Still here',
    );
    expect(own.ended).toBe(false);

    // A new device of the team is a newcomer too: it is told to ask for a new code.
    const late = await open(await login(), 'a-teammate-arriving-late');
    expect(await streamRefusal(late)).toEqual(TEAM_FULL);

    // The team's browser opening its stream again for a new tab keeps its place: its old stream, carrying
    // the same page, gives it up.
    const reopened = await open(member.cookie, 'the-teams-own-page', 'a-second-tab');
    expect((await reopened.waitFor(1))[0]).toMatchObject({ event: { type: 'versions' } });
    await waitUntil(() => own.ended, 'the old stream to give its place to the new one');
    await waitUntil(
      () => ctx.app.eventStreams.settledCount(teamKey) === STREAM_LIMITS.perTeam,
      'it to settle',
    );

    // Reloaded (its connection ends, the page comes back with a new id): its place waited for it.
    await reopened.close();
    await waitUntil(() => ctx.app.eventStreams.heldCount(teamKey) === 1, 'its place to be held');
    const newcomer = await open(await login(), 'a-newcomer-meanwhile');
    expect(await streamRefusal(newcomer)).toEqual(TEAM_FULL);
    const reloaded = await open(member.cookie, 'the-teams-page-reloaded');
    expect((await reloaded.waitFor(1))[0]).toMatchObject({ event: { type: 'versions' } });
    expect(ctx.app.eventStreams.heldCount(teamKey)).toBe(0);
    expect(ctx.app.eventStreams.count(teamKey)).toBe(STREAM_LIMITS.perTeam);
  }, 120_000);

  it('a session holding several streams still gives one up to a newcomer holding none', async () => {
    const { teamKey, open, login } = await setUp();
    const hoarder = await login();
    const hoarded: Reader[] = [];
    for (let i = 0; i < STREAM_LIMITS.perSession; i++) {
      const stream = await open(hoarder, `hoarded-${i}`);
      hoarded.push(stream);
      await stream.waitFor(1);
    }
    const singles: Reader[] = [];
    for (let i = 0; i < STREAM_LIMITS.perTeam - STREAM_LIMITS.perSession; i++) {
      const stream = await open(await login(), `single-${i}`);
      singles.push(stream);
      await stream.waitFor(1);
    }
    expect(ctx.app.eventStreams.count(teamKey)).toBe(STREAM_LIMITS.perTeam);

    // A newcomer: the hoarder's oldest stream ends to make room, and no single stream does.
    const newcomer = await open(await login(), 'a-newcomer');
    expect((await newcomer.waitFor(1))[0]).toMatchObject({ event: { type: 'versions' } });
    await waitUntil(() => hoarded[0]!.ended, "the hoarder's oldest stream to end");
    expect(hoarded.slice(1).some((stream) => stream.ended)).toBe(false);
    expect(singles.some((stream) => stream.ended)).toBe(false);
    // The hoarder coming back is refused: it still holds the most.
    const back = await open(hoarder, 'hoarded-again');
    expect(await streamRefusal(back)).toEqual(TEAM_FULL);
    expect(newcomer.ended).toBe(false);
    expect(ctx.app.eventStreams.count(teamKey)).toBe(STREAM_LIMITS.perTeam);
  });
});
