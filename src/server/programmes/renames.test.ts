import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { ProgrammeContent, ProgrammeDetail } from '../../shared/schemas/programmes.ts';
import { createCohort, createCohortMembers } from '../../../testing/api/cohorts.ts';
import { createAdminSession, describeApi, saveAnswers } from '../../../testing/api/test-app.ts';

/**
 * A new version of a programme a cohort runs cannot take away what its teams have answered: a field's id
 * given another, an option's value gone (src/shared/programme-renames.ts). A field removed outright keeps its
 * answers, as before.
 */

/**
 * `draft` with every `from` (a field id of activity `n`, or an option value, as a whole word) written `to`:
 * in activity `n`, and in the templates of later activities that read it (`{{phase2.<id>}}`).
 */
function renamed(draft: ProgrammeContent, n: number, from: string, to: string): ProgrammeContent {
  const word = new RegExp(`\\b${from}\\b`, 'g');
  const reference = new RegExp(`phase${n}\\.${from}\\b`, 'g');
  return {
    ...draft,
    activities: draft.activities.map((config, i) =>
      JSON.parse(
        i === n - 1
          ? JSON.stringify(config).replace(word, to)
          : JSON.stringify(config).replace(reference, `phase${n}.${to}`),
      ),
    ),
  };
}

/** Activity `n` of `draft` without field `id` (nor its template lines reading it). */
function withoutField(draft: ProgrammeContent, n: number, id: string): ProgrammeContent {
  return {
    ...draft,
    activities: draft.activities.map((config, i) => {
      if (i !== n - 1) return config;
      const c = config as unknown as { fields: { id: string }[]; promptTemplate: string };
      return {
        ...config,
        fields: c.fields.filter((f) => f.id !== id),
        promptTemplate: c.promptTemplate.replace(
          new RegExp(`\\{\\{#if ${id}\\}\\}[\\s\\S]*?\\{\\{/if\\}\\}`, 'g'),
          '',
        ),
      } as unknown as typeof config;
    }),
  };
}

describeApi('programmes: a new version keeps what teams answered', (ctx) => {
  async function runningProgramme(app: FastifyInstance) {
    const admin = await createAdminSession(app);
    const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
      app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
    const created = (
      await send('POST', '/api/admin/programmes', { name: 'Clinics' })
    ).json() as ProgrammeDetail;
    const url = `/api/admin/programmes/${created.id}`;
    expect((await send('POST', `${url}/publish`, { revision: 0 })).statusCode).toBe(201);
    const tag = `spring${Math.floor(Math.random() * 1e6)}`;
    await createCohort(app, tag);
    expect(
      (await send('PUT', `/api/admin/cohorts/${tag}/programme`, { programmeId: created.id })).statusCode,
    ).toBe(200);
    const [member] = await createCohortMembers(app, tag, ['Member'], 0);
    let revision = 0;
    /** Saves `draft` and publishes it. */
    const publish = async (draft: ProgrammeContent) => {
      const saved = await send('PUT', `${url}/draft`, { revision, draft });
      expect(saved.statusCode, saved.body).toBe(200);
      revision = saved.json().revision;
      return send('POST', `${url}/publish`, { revision });
    };
    const versions = async () => ((await send('GET', url)).json() as ProgrammeDetail).versions.length;
    return { created, url, member: member!, publish, versions, send };
  }

  it('refuses a field id given another over teams’ answers, naming the field; nothing published', async () => {
    const { created, member, publish, versions } = await runningProgramme(ctx.app);
    expect(
      (await saveAnswers(ctx.app, member, 2, { competitor_notes: 'Their reviews are poor' })).statusCode,
    ).toBe(200);
    const refused = await publish(renamed(created.draft, 2, 'competitor_notes', 'rival_notes'));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({
      message:
        'The new version would blank answers teams running this programme have given, in "Evidence you already have": keep their ids and values. Nothing was published.',
      problems: [
        {
          activity: 2,
          path: expect.stringMatching(/^fields\[\d+\]\.id$/),
          message:
            '"Evidence you already have" has answers from teams running this programme, stored under its id competitor_notes: it cannot take another id (rival_notes). Put competitor_notes back; its label can change.',
        },
      ],
    });
    expect(await versions()).toBe(1);
  });

  it('refuses an option value taken away from teams’ choices; accepts it when nobody chose it', async () => {
    const { created, member, publish, versions } = await runningProgramme(ctx.app);
    expect((await saveAnswers(ctx.app, member, 2, { evidence_approach: 'team_knowledge' })).statusCode).toBe(
      200,
    );
    const chosen = await publish(renamed(created.draft, 2, 'team_knowledge', 'what_we_know'));
    expect(chosen.statusCode, chosen.body).toBe(422);
    expect(chosen.json().problems).toEqual([
      {
        activity: 2,
        path: expect.stringMatching(/^fields\[\d+\]\.options$/),
        message: expect.stringContaining('chose "'),
      },
    ]);
    expect(chosen.json().message).toContain('"Evidence approach"');
    // Nobody chose web research: its value may change.
    const free = await publish(renamed(created.draft, 2, 'web_research', 'web_search'));
    expect(free.statusCode, free.body).toBe(201);
    expect(await versions()).toBe(2);
  });

  it('a field nobody answered may take another id, and a field removed outright keeps its answers', async () => {
    const { created, member, publish, versions } = await runningProgramme(ctx.app);
    expect((await saveAnswers(ctx.app, member, 2, { competitor_notes: 'Kept' })).statusCode).toBe(200);
    const renamedFree = await publish(renamed(created.draft, 2, 'threat_summary', 'top_threats'));
    expect(renamedFree.statusCode, renamedFree.body).toBe(201);
    const removed = await publish(
      withoutField(renamed(created.draft, 2, 'threat_summary', 'top_threats'), 2, 'competitor_notes'),
    );
    expect(removed.statusCode, removed.body).toBe(201);
    expect(await versions()).toBe(3);
    const saved = await ctx.app.inject({
      url: `/api/phase-data/${member.team.id}/2`,
      headers: { cookie: member.cookie },
    });
    expect(saved.json().data.competitor_notes).toBe('Kept');
  });

  it('refuses republishing an earlier version that would take an answered id away', async () => {
    const { created, url, member, publish, versions, send } = await runningProgramme(ctx.app);
    // Version 2 gives a field an id nobody has answered yet; teams then answer it.
    expect((await publish(renamed(created.draft, 2, 'threat_summary', 'top_threats'))).statusCode).toBe(201);
    expect((await saveAnswers(ctx.app, member, 2, { top_threats: 'Price war' })).statusCode).toBe(200);
    const back = await send('POST', `${url}/versions/1/republish`);
    expect(back.statusCode, back.body).toBe(422);
    expect(back.json().problems[0].message).toContain('top_threats');
    expect(await versions()).toBe(2);
  });

  it('a programme no cohort runs is published whatever it renames', async () => {
    const admin = await createAdminSession(ctx.app);
    const send = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
    const created = (
      await send('POST', '/api/admin/programmes', { name: 'Unused' })
    ).json() as ProgrammeDetail;
    const url = `/api/admin/programmes/${created.id}`;
    expect((await send('POST', `${url}/publish`, { revision: 0 })).statusCode).toBe(201);
    const saved = await send('PUT', `${url}/draft`, {
      revision: 0,
      draft: renamed(created.draft, 2, 'competitor_notes', 'rival_notes'),
    });
    expect((await send('POST', `${url}/publish`, { revision: saved.json().revision })).statusCode).toBe(201);
  });
});
