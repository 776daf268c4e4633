import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
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

/**
 * The stream caps under attack (docs/SECURITY.md, Live streams): anonymous streams from a few addresses
 * cannot take the places of streams with a session, and a leaked code cannot silence its team.
 */

type Reader = Awaited<ReturnType<typeof openEventStream<LiveMessage>>>;

async function waitUntil(check: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The first message of a stream: its refusal of the whole stream when there is one. */
const refusalOf = async (stream: Reader) => {
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
        if (!(await refusalOf(stream))) granted.set(address, (granted.get(address) ?? 0) + 1);
      }
    }
    // Each address had at most its own few, and all of them together no more than the places kept for
    // streams without a session.
    for (const count of granted.values()) expect(count).toBeLessThanOrEqual(limits.perAddressWithoutSession);
    expect([...granted.values()].reduce((a, b) => a + b, 0)).toBe(limits.withoutSession);
    const refused = await open({ 'x-forwarded-for': '192.0.2.99' });
    streams.push(refused);
    expect(await refusalOf(refused)).toEqual({
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
    expect(await refusalOf(results)).toBeUndefined();
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
      expect(await refusalOf(stream)).toBeUndefined();
    }
    const ninth = await pageOf(member, leaked, 'leaked-0-one-more');
    readers.push(ninth);
    expect(await refusalOf(ninth)).toMatchObject({ status: 429 });
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
    // A leaked session coming back takes a place from the busiest leaked session, never from the team's.
    const again = await pageOf(member, leaked, 'leaked-0-again');
    readers.push(again);
    await again.waitFor(1);
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
