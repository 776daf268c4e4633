import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { cohorts, feedbackNotes, teams } from '../db/schema.ts';
import { createCohort, createCohortMembers } from '../../../testing/api/cohorts.ts';
import {
  buildTestApp,
  createAdminSession,
  createTeamSession,
  describeApi,
} from '../../../testing/api/test-app.ts';

/**
 * Text people type that others read (docs/SECURITY.md, Text people type): control, direction-changing and
 * invisible characters never reach a screen or an export, and text with nothing visible in it counts as
 * blank (docs/decisions/041-names-as-they-look.md).
 */

/** A zero-width space, a word joiner, a soft hyphen, a byte order mark and an override, inside words. */
const HIDDEN = 'Al\u200bpha Te\u2060am\u00ad \ufeffOne\u202e';
const SHOWN = 'Alpha Team One';
const INVISIBLE_OR_DIRECTION = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

const NASTY = 'Bell\u0007 Esc\u001b[2J \u202eReversed\u202c Mark\u200f';
const CLEAN = 'Bell Esc[2J Reversed Mark';

describeApi('text people type', (ctx) => {
  it('a team name, a cohort name, a note and a help line are stored without control or direction characters', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/teams', payload: { name: NASTY } });
    expect(created.statusCode).toBe(201);
    expect(created.json().name).toBe(CLEAN);
    const admin = await createAdminSession(ctx.app);
    const cohort = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts',
      headers: { cookie: admin.cookie },
      payload: { tag: 'spring', name: NASTY, description: `${NASTY}\nsecond line` },
    });
    expect(cohort.statusCode).toBe(201);
    expect(cohort.json()).toMatchObject({ name: CLEAN, description: `${CLEAN}\nsecond line` });
    const member = await createTeamSession(ctx.app, 'Typist');
    const note = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${member.team.id}/feedback`,
      headers: { cookie: admin.cookie },
      payload: { phaseNumber: 1, body: `${NASTY}\nline two` },
    });
    expect(note.json().body).toBe(`${CLEAN}\nline two`);
    await ctx.app.db.update(teams).set({ cohortTag: 'spring' }).where(eq(teams.id, member.team.id));
    const help = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${member.team.id}/help`,
      headers: { cookie: member.cookie },
      payload: { phaseNumber: 1, message: NASTY },
    });
    expect(help.statusCode).toBe(201);
    expect(help.json().message).toBe(CLEAN);
  });

  it('text with nothing visible in it is blank: refused where required (400), none where optional; nothing is written', async () => {
    const admin = await createAdminSession(ctx.app);
    const member = await createTeamSession(ctx.app, 'Quiet');
    for (const blank of ['\u200b', '\u200b\u2060\ufeff', '\u3164', '\u202e ']) {
      const team = await ctx.app.inject({ method: 'POST', url: '/api/teams', payload: { name: blank } });
      expect(team.statusCode, JSON.stringify(blank)).toBe(400);
      expect(team.json()).toEqual({ message: 'name is required' });
      const note = await ctx.app.inject({
        method: 'POST',
        url: `/api/teams/${member.team.id}/feedback`,
        headers: { cookie: admin.cookie },
        payload: { phaseNumber: 1, body: blank },
      });
      expect(note.statusCode).toBe(400);
      expect(note.json().message).toMatch(/Write the feedback first\./);
      const cohort = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/cohorts',
        headers: { cookie: admin.cookie },
        payload: { tag: 'quiet', name: blank },
      });
      expect(cohort.statusCode).toBe(400);
    }
    expect(await ctx.app.db.select().from(feedbackNotes)).toEqual([]);
    expect((await ctx.app.db.select().from(teams)).map((t) => t.name)).toEqual(['Quiet']);
  });

  it('the progress export carries no control or direction characters, even from rows stored before the rule', async () => {
    const admin = await createAdminSession(ctx.app);
    const member = await createTeamSession(ctx.app, 'Old Row');
    // Written straight to the table, as a row from before the schemas cleaned text.
    await ctx.app.db.update(teams).set({ name: NASTY }).where(eq(teams.id, member.team.id));
    await ctx.app.db
      .insert(feedbackNotes)
      .values({ teamId: member.team.id, phaseNumber: 1, body: `${NASTY}\n=cmd`, author: 'alice' });
    const csv = (await ctx.app.inject({ url: '/api/admin/export', headers: { cookie: admin.cookie } })).body;
    expect(csv).toContain(CLEAN);
    expect(csv).not.toMatch(/(?![\t\n\r])\p{Cc}|[\u202a-\u202e\u2066-\u2069\u200e\u200f]/u);
    // Neutralised as before: the note's second line starts no formula.
    expect(csv).toContain("\n'=cmd");
  });
});

describeApi('invisible characters in what people type', (ctx) => {
  it('a team name, a help line, a note, a cohort, the pace message and a programme name are stored without them', async () => {
    const admin = await createAdminSession(ctx.app);
    const asAdmin = { cookie: admin.cookie };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams',
      payload: { name: 'Al\u200bpha' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().name).toBe('Alpha');
    const cohort = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts',
      headers: asAdmin,
      payload: { tag: 'spring', name: HIDDEN, description: `${HIDDEN}\nline two\u200d` },
    });
    expect(cohort.statusCode).toBe(201);
    expect(cohort.json()).toMatchObject({ name: SHOWN, description: `${SHOWN}\nline two` });

    const member = await createTeamSession(ctx.app, HIDDEN);
    expect(member.team.name).toBe(SHOWN);
    await ctx.app.db.update(teams).set({ cohortTag: 'spring' }).where(eq(teams.id, member.team.id));
    const help = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${member.team.id}/help`,
      headers: { cookie: member.cookie },
      payload: { phaseNumber: 1, message: 'We are \u202estuck\u200b here' },
    });
    expect(help.statusCode).toBe(201);
    expect(help.json().message).toBe('We are stuck here');
    const queue = await ctx.app.inject({ url: '/api/admin/help-requests', headers: asAdmin });
    expect(queue.json().requests[0]).toMatchObject({ message: 'We are stuck here', teamName: SHOWN });
    const note = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${member.team.id}/feedback`,
      headers: asAdmin,
      payload: { phaseNumber: 1, body: `${HIDDEN}\nGood \u2066work` },
    });
    expect(note.json().body).toBe(`${SHOWN}\nGood work`);

    const pace = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/spring/pace',
      headers: asAdmin,
      payload: { message: '\u202eBreak\u200b in \u2067ten minutes\u200d' },
    });
    expect(pace.statusCode).toBe(200);
    expect(pace.json().pace.message).toBe('Break in ten minutes');
    const [stored] = await ctx.app.db.select().from(cohorts).where(eq(cohorts.tag, 'spring'));
    expect(stored!.paceMessage).toBe('Break in ten minutes');
    // Nothing visible in it: refused like a blank message.
    const blank = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/cohorts/spring/pace',
      headers: asAdmin,
      payload: { message: '\u200b\u202e\u3164' },
    });
    expect(blank.statusCode).toBe(400);

    const programme = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/programmes',
      headers: asAdmin,
      payload: { name: 'Cli\u200bnics\u202e' },
    });
    expect(programme.statusCode).toBe(201);
    expect(programme.json().name).toBe('Clinics');
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/programmes/${programme.json().id}`,
      headers: asAdmin,
      payload: { name: '\u2066Food\u00ad businesses\u2069' },
    });
    expect(renamed.json().name).toBe('Food businesses');
  });

  it('keeps the joiners of an emoji sequence and of a Persian word', async () => {
    const emoji = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams',
      payload: { name: '👩‍💻 Coders' },
    });
    expect(emoji.json().name).toBe('👩‍💻 Coders');
    const persian = await ctx.app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'می‌خواهم' } });
    expect(persian.json().name).toBe('می‌خواهم');
  });

  it('the showcase and the results show the name as stored, without them', async () => {
    await createCohort(ctx.app, 'final', {
      competitionEnabled: true,
      votingOpen: true,
      resultsVisible: true,
    });
    const [hidden, plain, voter] = await createCohortMembers(ctx.app, 'final', [
      'Al\u200bpha\u2060',
      'Ｂｅｔａ\u00ad',
      'Gamma',
    ]);
    expect([hidden!.team.name, plain!.team.name]).toEqual(['Alpha', 'Ｂｅｔａ']);
    const admin = await createAdminSession(ctx.app);
    const showcase = await ctx.app.inject({ url: '/api/showcase/final', headers: { cookie: admin.cookie } });
    expect(showcase.statusCode).toBe(200);
    // In name order as names look: "Alpha", "Ｂｅｔａ" (fullwidth, read as "beta"), "Gamma".
    expect(showcase.json().map((t: { name: string }) => t.name)).toEqual(['Alpha', 'Ｂｅｔａ', 'Gamma']);

    const ballot = await ctx.app.inject({
      method: 'POST',
      url: '/api/showcase/final/vote',
      headers: { cookie: voter!.cookie },
      payload: {
        votes: [
          { voted_for_team_id: hidden!.team.id, rank: 1 },
          { voted_for_team_id: plain!.team.id, rank: 2 },
        ],
      },
    });
    expect(ballot.statusCode, ballot.body).toBe(201);
    const results = await ctx.app.inject({ url: '/api/showcase/final/results' });
    expect(results.statusCode).toBe(200);
    const names = results.json().map((row: { teamName: string }) => row.teamName);
    expect(names.slice(0, 2)).toEqual(['Alpha', 'Ｂｅｔａ']);
    expect(JSON.stringify(results.json())).not.toMatch(INVISIBLE_OR_DIRECTION);
    expect(showcase.body).not.toMatch(INVISIBLE_OR_DIRECTION);
  });

  it('the progress export removes them from rows stored before the rule', async () => {
    const admin = await createAdminSession(ctx.app);
    const member = await createTeamSession(ctx.app, 'Old Row');
    await ctx.app.db.update(teams).set({ name: HIDDEN }).where(eq(teams.id, member.team.id));
    await ctx.app.db
      .insert(feedbackNotes)
      .values({ teamId: member.team.id, phaseNumber: 1, body: `${HIDDEN}\nline\u200b two`, author: 'alice' });
    const csv = (await ctx.app.inject({ url: '/api/admin/export', headers: { cookie: admin.cookie } })).body;
    expect(csv).toContain(SHOWN);
    // The byte order mark that opens the file (for Excel) is the only one.
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(csv.slice(1)).not.toMatch(INVISIBLE_OR_DIRECTION);
    // Deleting it takes the name as it shows.
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/teams/${member.team.id}`,
      headers: { cookie: member.cookie },
      payload: { confirmName: SHOWN },
    });
    expect(deleted.statusCode).toBe(200);
  });
});

describeApi('the cross-site check', (ctx) => {
  const createFrom = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/teams', headers, payload: { name: 'Origin Test' } });

  it('compares Origin with the configured public origins, never with the Host the request names', async () => {
    // Configured (the harness's http://lab.example:3000): a page on a name pointed at the app (DNS
    // rebinding) names itself in Host and Origin alike, and is refused.
    for (const headers of [
      { host: 'evil.example', origin: 'http://evil.example' },
      { host: 'evil.example:3000', origin: 'http://evil.example:3000' },
      { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
      { host: 'lab.example:3000', origin: 'https://lab.example:3000' },
    ]) {
      const refused = await createFrom(headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json()).toEqual({ message: 'Cross-site request refused.' });
    }
    // The configured origin passes whatever Host the proxy in front passes on.
    expect((await createFrom({ host: '127.0.0.1:3001', origin: 'http://lab.example:3000' })).statusCode).toBe(
      201,
    );

    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, {
      publicOrigins: ['https://lab.example.org', 'https://backup.example.org:8443'],
    });
    expect((await createFrom({ origin: 'https://backup.example.org:8443' })).statusCode).toBe(201);
    expect((await createFrom({ origin: 'https://lab.example.org' })).statusCode).toBe(201);
    expect((await createFrom({ origin: 'https://backup.example.org' })).statusCode).toBe(403);
  });

  it('without configured origins, only an IP address or localhost the browser asked for passes', async () => {
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { publicOrigins: [] });
    for (const [host, origin] of [
      ['192.168.1.20:3000', 'http://192.168.1.20:3000'],
      ['localhost:3000', 'http://localhost:3000'],
      ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
      ['[::1]:3000', 'http://[::1]:3000'],
    ]) {
      expect((await createFrom({ host: host!, origin: origin! })).statusCode, origin).toBe(201);
    }
    for (const [host, origin] of [
      // A name can be pointed at the app by whoever owns it: both headers say evil.example.
      ['evil.example', 'http://evil.example'],
      ['lab.example:3000', 'http://lab.example:3000'],
      ['192.168.1.20:3000', 'http://192.168.1.21:3000'],
      ['localhost:3000', 'http://localhost:3001'],
    ]) {
      expect((await createFrom({ host: host!, origin: origin! })).statusCode, origin).toBe(403);
    }
    // No Origin at all (not a browser's cross-site request) is not refused by this check.
    expect((await createFrom({})).statusCode).toBe(201);
  });
});
