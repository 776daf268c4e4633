import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { feedbackNotes, teams } from '../db/schema.ts';
import {
  buildTestApp,
  createAdminSession,
  createTeamSession,
  describeApi,
} from '../../../testing/api/test-app.ts';

/**
 * Text people type that others read (docs/SECURITY.md, Text people type): control and direction-changing
 * characters never reach a screen or an export, and text with nothing visible in it counts as blank.
 */

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
