import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { CohortEvent } from '../../shared/schemas/cohort.ts';
import type { ResultRow } from '../../shared/schemas/showcase.ts';
import { BALLOT_MESSAGES } from '../../shared/scoring.ts';
import { showcaseOrder } from './showcase-order.ts';
import { ballots, cohorts, teams } from '../db/schema.ts';
import { MESSAGES } from '../lib/messages.ts';
import { type CohortSwitches, createCohort, createCohortMembers } from '../../../testing/api/cohorts.ts';
import {
  createAdminSession,
  createTeamSession,
  describeApi,
  loginTeam,
  type Member,
  setWebsite,
} from '../../../testing/api/test-app.ts';
import { liveChannel } from '../live/event-bus.ts';

async function setSwitches(app: FastifyInstance, tag: string, switches: CohortSwitches) {
  await app.db.update(cohorts).set(switches).where(eq(cohorts.tag, tag));
}

function vote(app: FastifyInstance, tag: string, cookie: string | undefined, votes: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/showcase/${tag}/vote`,
    headers: cookie ? { cookie } : {},
    payload: { votes },
  });
}

const ballotOf = (...members: Member[]) =>
  members.map((member, i) => ({ voted_for_team_id: member.team.id, rank: i + 1 }));

describeApi('cohort (public)', (ctx) => {
  it('answers the cohort and its status to anyone; 404 for an unknown tag', async () => {
    await createCohort(ctx.app, 'spring-2026', { competitionEnabled: true });
    const cohort = await ctx.app.inject({ url: '/api/cohorts/Spring-2026' });
    expect(cohort.statusCode).toBe(200);
    expect(cohort.json()).toMatchObject({
      tag: 'spring-2026',
      name: 'Cohort spring-2026',
      description: '',
      competitionEnabled: true,
      votingOpen: false,
      resultsVisible: false,
      archived: false,
    });
    const status = await ctx.app.inject({ url: '/api/cohorts/spring-2026/status' });
    expect(status.json()).toEqual({
      name: 'Cohort spring-2026',
      competitionEnabled: true,
      votingOpen: false,
      resultsVisible: false,
      revealedAt: null,
      revealStep: 0,
      revealHeld: false,
      ballotCount: 0,
      teamCount: 0,
      pace: { message: null, phase: null, endsAt: null },
      clock: expect.any(String),
      // What its teams run: the standard, for a cohort given no programme.
      programme: { programmeId: 'standard', version: 1, switchedOff: [] },
    });
    for (const url of ['/api/cohorts/nope', '/api/cohorts/nope/status', '/api/cohorts/nope/events']) {
      const missing = await ctx.app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toEqual({ message: 'Cohort not found.' });
    }
  });
});

describeApi('website submission', (ctx) => {
  it('adds https://, refuses other schemes, and lets that team or an admin submit', async () => {
    const own = await createTeamSession(ctx.app, 'Own');

    const ok = await setWebsite(ctx.app, own.cookie, own.team.id, '  own-team.example/home  ');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().submittedWebsiteUrl).toBe('https://own-team.example/home');

    for (const websiteUrl of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://own.example',
      '',
      'nohost',
    ]) {
      const refused = await setWebsite(ctx.app, own.cookie, own.team.id, websiteUrl);
      expect(refused.statusCode, websiteUrl).toBe(400);
      expect(refused.json().message).toContain('websiteUrl');
    }

    const admin = await createAdminSession(ctx.app);
    const update = await setWebsite(ctx.app, admin.cookie, own.team.id, 'http://updated.example');
    expect(update.statusCode).toBe(200);
    const lookup = await ctx.app.inject({ url: `/api/teams/${own.team.code}` });
    expect(lookup.json().submittedWebsiteUrl).toBe('http://updated.example');
  });
});

describeApi('showcase', (ctx) => {
  it('lists the cohort teams to a submitted team of the cohort and to an admin', async () => {
    await createCohort(ctx.app, 'demo');
    const [alpha, , charlie] = await createCohortMembers(ctx.app, 'demo', ['Alpha', 'bravo', 'Charlie'], 2);
    const byName = [
      {
        id: alpha!.team.id,
        name: 'Alpha',
        avatarIcon: alpha!.team.avatarIcon,
        submittedWebsiteUrl: 'https://alpha.example',
        // Whether the team has voted (for the projector's count), never how: nobody has yet.
        voted: false,
      },
      expect.objectContaining({ name: 'bravo', submittedWebsiteUrl: 'https://bravo.example', voted: false }),
      {
        id: charlie!.team.id,
        name: 'Charlie',
        avatarIcon: charlie!.team.avatarIcon,
        submittedWebsiteUrl: null,
        voted: false,
      },
    ];
    // An admin sees the cohort in name order.
    const admin = await createAdminSession(ctx.app);
    const byAdmin = await ctx.app.inject({ url: '/api/showcase/demo', headers: { cookie: admin.cookie } });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual(byName);
    // A team sees the same teams, in its own order (the next test).
    const response = await ctx.app.inject({ url: '/api/showcase/demo', headers: { cookie: alpha!.cookie } });
    expect(response.statusCode).toBe(200);
    const seen = response.json() as { id: string }[];
    expect(seen).toEqual(expect.arrayContaining(byName));
    expect(seen).toHaveLength(3);
    expect(seen.map((team) => team.id)).toEqual(
      showcaseOrder(byAdmin.json() as { id: string; name: string }[], {
        teamId: alpha!.team.id,
        cohortTag: 'demo',
      }).map((team) => team.id),
    );
  });

  it("gives each team an order of its own, the same on every reload and device; an admin's is by name", async () => {
    await createCohort(ctx.app, 'fair');
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'];
    const members = await createCohortMembers(ctx.app, 'fair', names);
    const idsFor = async (cookie: string) => {
      const response = await ctx.app.inject({ url: '/api/showcase/fair', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      return (response.json() as { id: string }[]).map((team) => team.id);
    };
    const admin = await createAdminSession(ctx.app);
    const byName = members.map((member) => member.team.id);
    expect(await idsFor(admin.cookie)).toEqual(byName);

    const orders = new Map<string, string[]>();
    for (const member of members) {
      const order = await idsFor(member.cookie);
      expect([...order].sort()).toEqual([...byName].sort());
      expect(await idsFor(member.cookie), 'a reload').toEqual(order);
      orders.set(member.team.id, order);
    }
    // Another device of the first team: a session of its own, the same order.
    const login = await loginTeam(ctx.app, members[0]!.team.accessToken);
    expect(login.statusCode).toBe(200);
    const device = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(await idsFor(device)).toEqual(orders.get(members[0]!.team.id));
    // Eight teams: the orders differ between teams (all eight alike would be no shuffle at all).
    expect(new Set([...orders.values()].map((order) => order.join())).size).toBeGreaterThan(4);
  });

  // Nobody 401 and a team of another cohort 403 are the authorization matrix's; here, the finer refusals.
  it('refuses a team without a submission or without this cohort (403), saying why; 404 unknown', async () => {
    await createCohort(ctx.app, 'demo');
    await createCohort(ctx.app, 'elsewhere');
    const [, unsubmitted] = await createCohortMembers(ctx.app, 'demo', ['Alpha', 'Bravo'], 1);
    const [outsider] = await createCohortMembers(ctx.app, 'elsewhere', ['Outsider']);
    const loner = await createTeamSession(ctx.app, 'No Cohort');

    const notYet = await ctx.app.inject({
      url: '/api/showcase/demo',
      headers: { cookie: unsubmitted!.cookie },
    });
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json().message).toMatch(/Submit your own website/);
    for (const member of [outsider!, loner]) {
      const refused = await ctx.app.inject({ url: '/api/showcase/demo', headers: { cookie: member.cookie } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'This showcase belongs to another cohort.' });
    }
    const unknown = await ctx.app.inject({
      url: '/api/showcase/nope',
      headers: { cookie: outsider!.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describeApi('voting', (ctx) => {
  const tag = 'vote-night';

  async function openVoting(names = ['Alpha', 'Bravo', 'Charlie', 'Delta'], submitted = names.length) {
    await createCohort(ctx.app, tag, { competitionEnabled: true, votingOpen: true });
    return createCohortMembers(ctx.app, tag, names, submitted);
  }

  it('casts a ballot (201), returns it, and refuses a second one with 409', async () => {
    const [a, b, c, d] = await openVoting();
    const votes = [
      { voted_for_team_id: d!.team.id, rank: 2 },
      { voted_for_team_id: b!.team.id, rank: 1 },
      { voted_for_team_id: c!.team.id, rank: 3 },
    ];
    const cast = await vote(ctx.app, tag, a!.cookie, votes);
    expect(cast.statusCode).toBe(201);
    expect(cast.json().votes.map((v: { rank: number }) => v.rank)).toEqual([1, 2, 3]);

    const read = await ctx.app.inject({
      url: `/api/showcase/${tag}/vote?team_id=${a!.team.id}`,
      headers: { cookie: a!.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      votes: [
        { voted_for_team_id: b!.team.id, rank: 1 },
        { voted_for_team_id: d!.team.id, rank: 2 },
        { voted_for_team_id: c!.team.id, rank: 3 },
      ],
    });

    const again = await vote(ctx.app, tag, a!.cookie, ballotOf(b!, c!, d!));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MESSAGES.voting.alreadyVoted });
  });

  it("lists who has voted (the voter's own team, no one else), never how", async () => {
    const [a, b, c, d] = await openVoting();
    expect((await vote(ctx.app, tag, a!.cookie, ballotOf(b!, c!, d!))).statusCode).toBe(201);
    const listed = await ctx.app.inject({ url: `/api/showcase/${tag}`, headers: { cookie: b!.cookie } });
    expect(listed.statusCode).toBe(200);
    const teams: { name: string; voted: boolean }[] = listed.json();
    expect(Object.fromEntries(teams.map((t) => [t.name, t.voted]))).toEqual({
      Alpha: true,
      Bravo: false,
      Charlie: false,
      Delta: false,
    });
    // Who voted, never how: nothing of the ballot is in the list.
    expect(
      teams.every((t) => Object.keys(t).sort().join() === 'avatarIcon,id,name,submittedWebsiteUrl,voted'),
    ).toBe(true);
  });

  it('reads a ballot: empty when none; not for a cohort mate', async () => {
    const [a, b] = await openVoting();
    const url = `/api/showcase/${tag}/vote?team_id=${a!.team.id}`;
    const empty = await ctx.app.inject({ url, headers: { cookie: a!.cookie } });
    expect(empty.json()).toEqual({ votes: [] });
    const withoutId = await ctx.app.inject({
      url: `/api/showcase/${tag}/vote`,
      headers: { cookie: a!.cookie },
    });
    expect(withoutId.json()).toEqual({ votes: [] });
    // A cohort mate may not read another team's ballot.
    expect((await ctx.app.inject({ url, headers: { cookie: b!.cookie } })).statusCode).toBe(403);
    const admin = await createAdminSession(ctx.app);
    expect((await ctx.app.inject({ url, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
  });

  it('of two simultaneous ballots from one team, exactly one lands (201) and the other gets 409', async () => {
    const [a, b, c, d] = await openVoting();
    const responses = await Promise.all([
      vote(ctx.app, tag, a!.cookie, ballotOf(b!, c!, d!)),
      vote(ctx.app, tag, a!.cookie, ballotOf(d!, c!, b!)),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const read = await ctx.app.inject({
      url: `/api/showcase/${tag}/vote?team_id=${a!.team.id}`,
      headers: { cookie: a!.cookie },
    });
    expect(read.json().votes).toHaveLength(3);
  });

  it.each([
    ['own team', (m: Member[]) => ballotOf(m[0]!, m[1]!, m[2]!), BALLOT_MESSAGES.ownTeam],
    [
      'a team twice',
      (m: Member[]) => [
        { voted_for_team_id: m[1]!.team.id, rank: 1 },
        { voted_for_team_id: m[1]!.team.id, rank: 2 },
        { voted_for_team_id: m[2]!.team.id, rank: 3 },
      ],
      BALLOT_MESSAGES.teamTwice,
    ],
    [
      'a rank twice',
      (m: Member[]) => [
        { voted_for_team_id: m[1]!.team.id, rank: 1 },
        { voted_for_team_id: m[2]!.team.id, rank: 1 },
        { voted_for_team_id: m[3]!.team.id, rank: 3 },
      ],
      BALLOT_MESSAGES.rankTwice,
    ],
    ['too few ranks', (m: Member[]) => ballotOf(m[1]!, m[2]!), BALLOT_MESSAGES.incomplete(3)],
    [
      'ranks that skip one',
      (m: Member[]) => [
        { voted_for_team_id: m[1]!.team.id, rank: 1 },
        { voted_for_team_id: m[2]!.team.id, rank: 3 },
      ],
      BALLOT_MESSAGES.incomplete(3),
    ],
    [
      'a team without a submission',
      (m: Member[]) => ballotOf(m[1]!, m[2]!, m[4]!),
      BALLOT_MESSAGES.notEligible,
    ],
    [
      'a team outside the cohort',
      () => [{ voted_for_team_id: '00000000-0000-4000-8000-000000000000', rank: 1 }],
      BALLOT_MESSAGES.notEligible,
    ],
  ])('refuses a ballot with %s (400) and records nothing', async (_name, build, message) => {
    const members = await openVoting(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'], 4);
    const refused = await vote(ctx.app, tag, members[0]!.cookie, build(members));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message });
    const read = await ctx.app.inject({
      url: `/api/showcase/${tag}/vote`,
      headers: { cookie: members[0]!.cookie },
    });
    expect(read.json()).toEqual({ votes: [] });
  });

  it.each([
    [{}, 'votes'],
    [{ votes: [] }, 'votes'],
    [{ votes: [{ voted_for_team_id: 'x', rank: 1 }] }, 'voted_for_team_id'],
    [{ votes: [{ voted_for_team_id: '00000000-0000-4000-8000-000000000000', rank: 4 }] }, 'rank'],
    [{ votes: 'all of them' }, 'votes'],
  ])('refuses the malformed body %j with 400 naming the field', async (payload, field) => {
    const [a] = await openVoting();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/showcase/${tag}/vote`,
      headers: { cookie: a!.cookie },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
  });

  it('asks for as many ranks as there are other submitted teams, up to 3', async () => {
    const [a, b, c] = await openVoting(['Alpha', 'Bravo', 'Charlie', 'Delta'], 3);
    // Two other teams have submitted: two ranks complete the ballot.
    const two = await vote(ctx.app, tag, a!.cookie, ballotOf(b!, c!));
    expect(two.statusCode).toBe(201);
    const rank3 = await vote(ctx.app, tag, b!.cookie, [
      { voted_for_team_id: a!.team.id, rank: 1 },
      { voted_for_team_id: c!.team.id, rank: 3 },
    ]);
    expect(rank3.statusCode).toBe(400);
    expect(rank3.json().message).toBe(BALLOT_MESSAGES.rankOutOfRange(2));
  });

  it('refuses a voter without a submitted site or outside the cohort, saying why; 404 unknown cohort', async () => {
    const [a, b, c, , unsubmitted] = await openVoting(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'], 4);
    const ballot = ballotOf(a!, b!, c!);

    const notSubmitted = await vote(ctx.app, tag, unsubmitted!.cookie, ballot);
    expect(notSubmitted.statusCode).toBe(403);
    expect(notSubmitted.json().message).toBe(MESSAGES.voting.notSubmitted);

    await createCohort(ctx.app, 'elsewhere', { competitionEnabled: true, votingOpen: true });
    const [outsider] = await createCohortMembers(ctx.app, 'elsewhere', ['Outsider']);
    const outside = await vote(ctx.app, tag, outsider!.cookie, ballot);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(MESSAGES.voting.notInCohort);

    // An admin (403) and nobody (401) are the authorization matrix's.
    expect((await vote(ctx.app, 'nope', a!.cookie, ballot)).statusCode).toBe(404);
  });

  it('refuses ballots while competition is off or voting is closed (403)', async () => {
    const [a, b, c, d] = await openVoting();
    const ballot = ballotOf(b!, c!, d!);
    await setSwitches(ctx.app, tag, { votingOpen: false });
    const closed = await vote(ctx.app, tag, a!.cookie, ballot);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(MESSAGES.voting.votingClosed);

    await setSwitches(ctx.app, tag, { votingOpen: true, competitionEnabled: false });
    const showcaseOnly = await vote(ctx.app, tag, a!.cookie, ballot);
    expect(showcaseOnly.statusCode).toBe(403);
    expect(showcaseOnly.json().message).toBe(MESSAGES.voting.competitionDisabled);

    await setSwitches(ctx.app, tag, { competitionEnabled: true });
    expect((await vote(ctx.app, tag, a!.cookie, ballot)).statusCode).toBe(201);
  });

  it('refuses ballots in an archived cohort (403), even with voting left open, and records nothing', async () => {
    const [a, b, c, d] = await openVoting();
    await ctx.app.db.update(cohorts).set({ archivedAt: new Date() }).where(eq(cohorts.tag, tag));
    const archived = await vote(ctx.app, tag, a!.cookie, ballotOf(b!, c!, d!));
    expect(archived.statusCode).toBe(403);
    expect(archived.json()).toEqual({ message: 'This cohort is archived: its voting is over.' });
    expect((await ctx.app.db.select().from(ballots)).length).toBe(0);

    // Restored, the same ballot is taken.
    await ctx.app.db.update(cohorts).set({ archivedAt: null }).where(eq(cohorts.tag, tag));
    expect((await vote(ctx.app, tag, a!.cookie, ballotOf(b!, c!, d!))).statusCode).toBe(201);
  });

  it('publishes the ballot count on the cohort events after a ballot lands', async () => {
    const [a, b, c, d] = await openVoting();
    const received: CohortEvent[] = [];
    const unsubscribe = ctx.app.liveEvents.subscribe(liveChannel.cohort(tag), (event) =>
      received.push(event as CohortEvent),
    );
    await vote(ctx.app, tag, a!.cookie, ballotOf(b!, c!, d!));
    await vote(ctx.app, tag, a!.cookie, ballotOf(b!, c!, d!));
    await vote(ctx.app, tag, b!.cookie, ballotOf(a!, c!, d!));
    unsubscribe();
    expect(received).toEqual([
      { type: 'ballots', ballotCount: 1, teamCount: 4 },
      { type: 'ballots', ballotCount: 2, teamCount: 4 },
    ]);
  });
});

describeApi('results', (ctx) => {
  const tag = 'finale';
  const names = ['Aurora', 'Borealis', 'Comet', 'Dune', 'Eclipse', 'Fjord'];

  async function sixTeams() {
    await createCohort(ctx.app, tag, { competitionEnabled: true, votingOpen: true });
    const members = await createCohortMembers(ctx.app, tag, names);
    return Object.fromEntries(members.map((m) => [m.team.name, m])) as Record<string, Member>;
  }

  /** The released results, as anyone reads them. */
  async function resultRows() {
    const response = await ctx.app.inject({ url: `/api/showcase/${tag}/results` });
    expect(response.statusCode).toBe(200);
    return response.json() as ResultRow[];
  }
  const pointsOf = (rows: ResultRow[]) => rows.map((r) => [r.teamName, r.totalPoints]);
  /** A member's whole result row: its points and its votes at ranks 1, 2 and 3. */
  const rowOf = (member: Member, totalPoints: number, [first, second, third]: number[]) => ({
    teamId: member.team.id,
    teamName: member.team.name,
    avatarIcon: member.team.avatarIcon,
    websiteUrl: `https://${member.team.name.toLowerCase()}.example`,
    totalPoints,
    votes: [
      { rank: 1, count: first },
      { rank: 2, count: second },
      { rank: 3, count: third },
    ],
  });

  it('adds 3/2/1 points per rank, counts each rank, and sorts by points, then 1st and 2nd places', async () => {
    const t = await sixTeams();
    const ballots: [string, string[]][] = [
      ['Aurora', ['Comet', 'Borealis', 'Dune']],
      ['Borealis', ['Comet', 'Aurora', 'Eclipse']],
      ['Comet', ['Borealis', 'Aurora', 'Dune']],
      ['Dune', ['Comet', 'Eclipse', 'Borealis']],
      ['Eclipse', ['Aurora', 'Comet', 'Dune']],
      // Fjord has not voted.
    ];
    for (const [voter, ranked] of ballots) {
      const response = await vote(ctx.app, tag, t[voter]!.cookie, ballotOf(...ranked.map((n) => t[n]!)));
      expect(response.statusCode, voter).toBe(201);
    }
    await setSwitches(ctx.app, tag, { resultsVisible: true });
    const rows = await resultRows();
    // Comet 3+3+3+2 = 11; Aurora 2+2+3 = 7; Borealis 2+3+1 = 6; Eclipse 1+2 = 3; Dune 1+1+1 = 3; nobody
    // ranked Fjord. Eclipse and Dune have 3 points and no 1st place each: Eclipse's 2nd place puts it
    // ahead, though Dune comes first by name.
    expect(pointsOf(rows)).toEqual([
      ['Comet', 11],
      ['Aurora', 7],
      ['Borealis', 6],
      ['Eclipse', 3],
      ['Dune', 3],
      ['Fjord', 0],
    ]);
    expect(rows[0]).toEqual(rowOf(t.Comet!, 11, [3, 1, 0]));
    expect(rows.find((r) => r.teamName === 'Dune')).toEqual(rowOf(t.Dune!, 3, [0, 0, 3]));
    // Every point cast is counted once: 5 ballots of 3 + 2 + 1.
    expect(rows.reduce((sum, r) => sum + r.totalPoints, 0)).toBe(5 * 6);
  });

  it('is hidden until released, saying so; an admin always sees it', async () => {
    const t = await sixTeams();
    await vote(ctx.app, tag, t.Aurora!.cookie, ballotOf(t.Borealis!, t.Comet!, t.Dune!));
    const admin = await createAdminSession(ctx.app);
    const url = `/api/showcase/${tag}/results`;

    const anonymous = await ctx.app.inject({ url });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().message).toMatch(/not been released/);
    const byAdmin = await ctx.app.inject({ url, headers: { cookie: admin.cookie } });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toHaveLength(6);

    await setSwitches(ctx.app, tag, { resultsVisible: true });
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url, headers: { cookie: t.Fjord!.cookie } })).json()).toHaveLength(6);
    expect((await ctx.app.inject({ url: '/api/showcase/nope/results' })).statusCode).toBe(404);
  });

  it('lists every team of the cohort, those nobody ranked at 0 points after the ranked ones, by name', async () => {
    const t = await sixTeams();
    // A team of another cohort, and one in none, are not this cohort's.
    await createCohort(ctx.app, 'elsewhere', { competitionEnabled: true });
    await createCohortMembers(ctx.app, 'elsewhere', ['Aardvark']);
    await createTeamSession(ctx.app, 'Abacus');
    expect(
      (await vote(ctx.app, tag, t.Eclipse!.cookie, ballotOf(t.Fjord!, t.Comet!, t.Dune!))).statusCode,
    ).toBe(201);
    await setSwitches(ctx.app, tag, { resultsVisible: true });
    const rows = await resultRows();
    expect(pointsOf(rows)).toEqual([
      ['Fjord', 3],
      ['Comet', 2],
      ['Dune', 1],
      ['Aurora', 0],
      ['Borealis', 0],
      ['Eclipse', 0],
    ]);
    expect(rows[3]).toEqual(rowOf(t.Aurora!, 0, [0, 0, 0]));
  });

  it('lists every team at 0 points before any ballot ("No votes yet"), and nothing for a cohort of none', async () => {
    await sixTeams();
    await setSwitches(ctx.app, tag, { resultsVisible: true });
    expect(pointsOf(await resultRows())).toEqual(names.map((name) => [name, 0]));
    await createCohort(ctx.app, 'empty', { competitionEnabled: true, resultsVisible: true });
    expect((await ctx.app.inject({ url: '/api/showcase/empty/results' })).json()).toEqual([]);
  });

  it('keeps the votes a team received after it leaves the cohort', async () => {
    const t = await sixTeams();
    await vote(ctx.app, tag, t.Aurora!.cookie, ballotOf(t.Borealis!, t.Comet!, t.Dune!));
    await ctx.app.db
      .update(teams)
      .set({ cohortTag: null })
      .where(inArray(teams.id, [t.Borealis!.team.id]));
    await setSwitches(ctx.app, tag, { resultsVisible: true });
    const rows = await resultRows();
    expect(rows[0]).toMatchObject({ teamName: 'Borealis', totalPoints: 3 });
    // The cohort's own teams follow, Borealis once.
    expect(rows.map((r) => r.teamName)).toEqual(['Borealis', 'Comet', 'Dune', 'Aurora', 'Eclipse', 'Fjord']);
  });
});
