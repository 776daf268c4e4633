import { expect, it } from 'vitest';
import type { ProgrammeContent, ProgrammeDetail } from '../../shared/schemas/programmes.ts';
import { createCohort, createCohortMembers } from '../../../testing/api/cohorts.ts';
import { createAdminSession, createTeamSession, describeApi } from '../../../testing/api/test-app.ts';

/** A field that asks for a number takes only whole numbers in its range, whoever saves it. */
describeApi('number fields take whole numbers', (ctx) => {
  const save = (cookie: string | undefined, teamId: string, data: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: cookie ? { cookie } : {},
      payload: { teamId, phaseNumber: 2, data, changed: Object.keys(data) },
    });
  const stored = async (cookie: string, teamId: string) =>
    (await ctx.app.inject({ url: `/api/phase-data/${teamId}`, headers: { cookie } })).json() as {
      data: Record<string, unknown>;
    }[];

  it('refuses text, fractions and numbers out of range with a message naming the field, writing nothing', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    for (const bad of ['abc', '25%', '2.5', '101', '-1', 'twenty', 1000, 12.5]) {
      const response = await save(cookie, team.id, { weight_market_share: bad, competitors: 'Kept?' });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json().message).toBe(
        'data.weight_market_share: "Weight: market share (%)": Enter a whole number from 0 to 100. Nothing was saved.',
      );
    }
    expect(await stored(cookie, team.id)).toEqual([]);
  });

  it('takes whole numbers from 0 to 100, as text or as numbers, and a blank', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    for (const good of ['0', '25', '100', ' 30 ', 40, '']) {
      const response = await save(cookie, team.id, { weight_innovation: good });
      expect(response.statusCode, String(good)).toBe(200);
    }
    expect((await stored(cookie, team.id))[0]!.data.weight_innovation).toBe('');
  });

  it('refuses another team (403) and no session (401) before judging the number', async () => {
    const owner = await createTeamSession(ctx.app);
    const other = await createTeamSession(ctx.app, 'Other');
    expect((await save(other.cookie, owner.team.id, { weight_extra: 'abc' })).statusCode).toBe(403);
    expect((await save(undefined, owner.team.id, { weight_extra: 'abc' })).statusCode).toBe(401);
  });

  it('an instructor saving a team’s answers is held to the same rule', async () => {
    const { team } = await createTeamSession(ctx.app);
    const admin = await createAdminSession(ctx.app);
    expect((await save(admin.cookie, team.id, { weight_brand_strength: '200' })).statusCode).toBe(400);
    expect((await save(admin.cookie, team.id, { weight_brand_strength: '20' })).statusCode).toBe(200);
  });

  it("follows the team's programme: where the weight is free text, text is taken", async () => {
    const admin = await createAdminSession(ctx.app);
    const send = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
    const created = (
      await send('POST', '/api/admin/programmes', { name: 'Words' })
    ).json() as ProgrammeDetail;
    const draft: ProgrammeContent = structuredClone(created.draft);
    draft.activities = draft.activities.map((config) => {
      const c = config as unknown as { fields: Record<string, unknown>[] };
      return {
        ...config,
        fields: c.fields.map((f) =>
          f.id === 'weight_market_share'
            ? { ...f, type: 'text', min: undefined, max: undefined, total: undefined }
            : f,
        ),
      } as unknown as typeof config;
    });
    const url = `/api/admin/programmes/${created.id}`;
    const saved = await send('PUT', `${url}/draft`, { revision: 0, draft });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await send('POST', `${url}/publish`, { revision: saved.json().revision })).statusCode).toBe(201);
    await createCohort(ctx.app, 'wordy');
    expect(
      (await send('PUT', '/api/admin/cohorts/wordy/programme', { programmeId: created.id })).statusCode,
    ).toBe(200);
    const [member] = await createCohortMembers(ctx.app, 'wordy', ['Member'], 0);
    expect(
      (await save(member!.cookie, member!.team.id, { weight_market_share: 'a quarter' })).statusCode,
    ).toBe(200);
    expect((await save(member!.cookie, member!.team.id, { weight_innovation: 'a fifth' })).statusCode).toBe(
      400,
    );
  });
});
