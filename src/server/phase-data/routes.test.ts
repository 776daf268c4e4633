import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createAdminSession, createTeamSession, describeApi } from '../../../testing/api/test-app.ts';

type Saved = { teamId: string; phaseNumber: number; data: Record<string, unknown>; updatedAt: string };

describeApi('phase data', (ctx) => {
  async function save(cookie: string | undefined, payload: unknown) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: cookie ? { cookie } : {},
      payload: payload as Record<string, unknown>,
    });
  }

  async function currentPhaseOf(code: string): Promise<number> {
    const response = await ctx.app.inject({ url: `/api/teams/${code}` });
    return response.json().currentPhase;
  }

  it('saves a phase for the team and reads it back, alone and in the list', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const saved = await save(cookie, {
      teamId: team.id,
      phaseNumber: 2,
      data: { company_name: 'BrightBlocks', nested: { a: [1, 2] } },
    });
    expect(saved.statusCode).toBe(200);
    const record = saved.json() as Saved;
    expect(record).toMatchObject({
      teamId: team.id,
      phaseNumber: 2,
      data: { company_name: 'BrightBlocks', nested: { a: [1, 2] } },
    });
    expect(new Date(record.updatedAt).toString()).not.toBe('Invalid Date');

    const one = await ctx.app.inject({ url: `/api/phase-data/${team.id}/2`, headers: { cookie } });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(record);

    await save(cookie, { teamId: team.id, phaseNumber: 1, data: { sector: 'Toys' } });
    const list = await ctx.app.inject({ url: `/api/phase-data/${team.id}`, headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect((list.json() as Saved[]).map((r) => [r.phaseNumber, r.data])).toEqual([
      [1, { sector: 'Toys' }],
      [2, { company_name: 'BrightBlocks', nested: { a: [1, 2] } }],
    ]);
  });

  it('answers 404 for a phase with no saved answers and an empty list for a new team', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const one = await ctx.app.inject({ url: `/api/phase-data/${team.id}/3`, headers: { cookie } });
    expect(one.statusCode).toBe(404);
    expect(typeof one.json().message).toBe('string');
    const list = await ctx.app.inject({ url: `/api/phase-data/${team.id}`, headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
  });

  it('upserts: a second save writes what it sends, keeps what it does not mention, and keeps one row', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const first = await save(cookie, { teamId: team.id, phaseNumber: 4, data: { a: '1', b: '2' } });
    expect(first.json()).toMatchObject({ data: { a: '1', b: '2' }, version: 1 });
    const second = await save(cookie, { teamId: team.id, phaseNumber: 4, data: { a: 'changed' } });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ data: { a: 'changed', b: '2' }, version: 2 });
    expect(Date.parse(second.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.json().updatedAt));
    const list = await ctx.app.inject({ url: `/api/phase-data/${team.id}`, headers: { cookie } });
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0].data).toEqual({ a: 'changed', b: '2' });
  });

  it('raises currentPhase to the saved phase and never lowers it', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    expect(await currentPhaseOf(team.code)).toBe(1);
    await save(cookie, { teamId: team.id, phaseNumber: 5, data: { x: 'y' } });
    expect(await currentPhaseOf(team.code)).toBe(5);
    await save(cookie, { teamId: team.id, phaseNumber: 2, data: { x: 'y' } });
    expect(await currentPhaseOf(team.code)).toBe(5);
    await save(cookie, { teamId: team.id, phaseNumber: 8, data: {} });
    expect(await currentPhaseOf(team.code)).toBe(8);
  });

  it('makes exactly one row from 20 concurrent first saves of the same phase', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        save(cookie, { teamId: team.id, phaseNumber: 3, data: { attempt: i } }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const list = await ctx.app.inject({ url: `/api/phase-data/${team.id}`, headers: { cookie } });
    const rows = list.json() as Saved[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.phaseNumber).toBe(3);
    expect(typeof rows[0]!.data.attempt).toBe('number');
    expect(await currentPhaseOf(team.code)).toBe(3);
  });

  // Who may call (nobody 401, another team 403) is the authorization matrix's; here, what a refusal
  // leaves behind.
  it('refuses a logged-out or expired team session with 401 and writes nothing', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    await save(cookie, { teamId: team.id, phaseNumber: 1, data: { kept: 'yes' } });

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/team/logout',
      headers: { cookie },
    });
    expect(logout.statusCode).toBe(200);
    const afterLogout = await save(cookie, { teamId: team.id, phaseNumber: 1, data: { kept: 'no' } });
    expect(afterLogout.statusCode).toBe(401);

    const fresh = await createTeamSession(ctx.app, 'Expiring');
    await ctx.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    const expired = await save(fresh.cookie, { teamId: fresh.team.id, phaseNumber: 3, data: { late: true } });
    expect(expired.statusCode).toBe(401);

    const reader = await createAdminSession(ctx.app);
    const kept = await ctx.app.inject({
      url: `/api/phase-data/${team.id}/1`,
      headers: { cookie: reader.cookie },
    });
    expect(kept.json().data).toEqual({ kept: 'yes' });
    const none = await ctx.app.inject({
      url: `/api/phase-data/${fresh.team.id}/3`,
      headers: { cookie: reader.cookie },
    });
    expect(none.statusCode).toBe(404);
    expect(await currentPhaseOf(fresh.team.code)).toBe(1);
  });

  it("refuses another team's session, saying whose workspace it is, and writes nothing", async () => {
    const owner = await createTeamSession(ctx.app, 'Owner');
    const other = await createTeamSession(ctx.app, 'Other');
    await save(owner.cookie, { teamId: owner.team.id, phaseNumber: 1, data: { secret: 'ours' } });

    const post = await save(other.cookie, { teamId: owner.team.id, phaseNumber: 1, data: { secret: 'x' } });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toEqual({ message: 'This workspace belongs to another team.' });

    const mine = await ctx.app.inject({
      url: `/api/phase-data/${owner.team.id}/1`,
      headers: { cookie: owner.cookie },
    });
    expect(mine.json().data).toEqual({ secret: 'ours' });
  });

  it('lets an admin read and write any team, and answers 404 for an unknown team', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    await save(cookie, { teamId: team.id, phaseNumber: 1, data: { by: 'team' } });
    const admin = await createAdminSession(ctx.app);

    const list = await ctx.app.inject({
      url: `/api/phase-data/${team.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()[0].data).toEqual({ by: 'team' });
    const one = await ctx.app.inject({
      url: `/api/phase-data/${team.id}/1`,
      headers: { cookie: admin.cookie },
    });
    expect(one.statusCode).toBe(200);

    const written = await save(admin.cookie, { teamId: team.id, phaseNumber: 6, data: { by: 'admin' } });
    expect(written.statusCode).toBe(200);
    expect(await currentPhaseOf(team.code)).toBe(6);

    const unknown = await save(admin.cookie, { teamId: randomUUID(), phaseNumber: 1, data: {} });
    expect(unknown.statusCode).toBe(404);
    // Who and what come before how much: too much data for a team that does not exist is still a 404.
    const unknownAndTooLarge = await save(admin.cookie, {
      teamId: randomUUID(),
      phaseNumber: 1,
      data: { essay: 'x'.repeat(70_000) },
    });
    expect(unknownAndTooLarge.statusCode).toBe(404);
    expect(unknownAndTooLarge.json()).toEqual({ message: 'Workspace not found.' });
  });

  it.each([
    ['phase 0', { phaseNumber: 0, data: {} }, 'phaseNumber'],
    ['phase 9', { phaseNumber: 9, data: {} }, 'phaseNumber'],
    ['phase 1.5', { phaseNumber: 1.5, data: {} }, 'phaseNumber'],
    ['phase "x"', { phaseNumber: 'x', data: {} }, 'phaseNumber'],
    ['phase missing', { data: {} }, 'phaseNumber'],
    ['data an array', { phaseNumber: 1, data: [1, 2] }, 'data'],
    ['data null', { phaseNumber: 1, data: null }, 'data'],
    ['data a string', { phaseNumber: 1, data: 'answers' }, 'data'],
    ['data missing', { phaseNumber: 1 }, 'data'],
  ])('refuses %s with 400 naming the field', async (_name, body, field) => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const response = await save(cookie, { teamId: team.id, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
  });

  it('refuses a teamId that is not an id with 400', async () => {
    const { cookie } = await createTeamSession(ctx.app);
    const response = await save(cookie, { teamId: 'not-a-uuid', phaseNumber: 1, data: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('teamId');
  });

  it.each(['0', '9', '1.5', 'x'])('refuses GET of phase %s with 400', async (phase) => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const response = await ctx.app.inject({
      url: `/api/phase-data/${team.id}/${phase}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
  });

  it('accepts answers of exactly 64 KiB and refuses larger ones with 413', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const envelope = JSON.stringify({ text: '' }).length;
    const fits = { text: 'a'.repeat(64 * 1024 - envelope) };
    expect(Buffer.byteLength(JSON.stringify(fits))).toBe(64 * 1024);
    const ok = await save(cookie, { teamId: team.id, phaseNumber: 1, data: fits });
    expect(ok.statusCode).toBe(200);

    const tooBig = await save(cookie, { teamId: team.id, phaseNumber: 1, data: { text: `${fits.text}a` } });
    expect(tooBig.statusCode).toBe(413);
    expect(typeof tooBig.json().message).toBe('string');
    // Multi-byte characters count as bytes, not characters.
    const emoji = await save(cookie, {
      teamId: team.id,
      phaseNumber: 2,
      data: { text: '🧪'.repeat(20_000) },
    });
    expect(emoji.statusCode).toBe(413);
    const kept = await ctx.app.inject({ url: `/api/phase-data/${team.id}/1`, headers: { cookie } });
    expect(kept.json().data).toEqual(fits);
  });
});

describeApi('phase configs', (ctx) => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('serves phase %i', async (n) => {
    const response = await ctx.app.inject({ url: `/api/configs/phase-${n}` });
    expect(response.statusCode).toBe(200);
    const config = response.json();
    expect(config.phase).toBe(n);
    expect(config.fields.length).toBeGreaterThanOrEqual(4);
    expect(typeof config.promptTemplate).toBe('string');
  });

  it("offers the worked example's market report and its template on phase 4, and serves both as PDFs", async () => {
    const response = await ctx.app.inject({ url: '/api/configs/phase-4' });
    expect(response.json().downloads).toEqual([
      { label: 'Download PDF: worked example', href: '/downloads/stem-toys-market-analysis.pdf' },
      { label: 'Download PDF: report template', href: '/downloads/market-report-template.pdf' },
    ]);
    for (const { href } of response.json().downloads as { href: string }[]) {
      const file = await ctx.app.inject({ url: href });
      expect(file.statusCode, href).toBe(200);
      expect(file.headers['content-type'], href).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString('latin1'), href).toBe('%PDF-');
    }
  });

  it("lists every activity's fields and whether each is required, as the configs say", async () => {
    const response = await ctx.app.inject({ url: '/api/configs/fields' });
    expect(response.statusCode).toBe(200);
    const { activities } = response.json() as {
      activities: { phase: number; fields: { id: string; required: boolean }[] }[];
    };
    expect(activities.map((a) => a.phase)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const activity of activities) {
      const config = (await ctx.app.inject({ url: `/api/configs/phase-${activity.phase}` })).json() as {
        fields: { id: string; required: boolean }[];
      };
      expect(activity.fields).toEqual(config.fields.map(({ id, required }) => ({ id, required })));
    }
  });

  it.each(['0', '9', 'abc', '1.5', '-1'])('answers 404 for phase-%s', async (n) => {
    const response = await ctx.app.inject({ url: `/api/configs/phase-${n}` });
    expect(response.statusCode).toBe(404);
    expect(typeof response.json().message).toBe('string');
  });
});
