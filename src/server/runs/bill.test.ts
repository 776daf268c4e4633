import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BACKED_UP_TABLES } from '../backup/queries.ts';
import { type Run, type RunLine, TeamRunsSchema } from '../../shared/schemas/runs.ts';
import { MESSAGES } from '../lib/messages.ts';
import type { ModelConfig } from '../config.ts';
import { createCohort, createCohortMembers } from '../../../testing/api/cohorts.ts';
import { FakeModel } from '../../../testing/api/fake-model.ts';
import {
  type ApiContext,
  buildTestApp,
  createAdminSession,
  describeApi,
  type Member,
  saveAnswers,
} from '../../../testing/api/test-app.ts';
import { oneRunReservation } from './rules.ts';

/**
 * The runs an institute can trust with its bill: each attack that once ran up the bill or leaked the key,
 * sent again, and refused (a budget overspent with text of many bytes a character, a provider that ignores
 * `max_tokens`, one team's flood, a flood of refused requests, a provider that echoes the request).
 */

let fake: FakeModel;
beforeAll(async () => {
  fake = await FakeModel.start();
});
afterAll(async () => {
  await fake.close();
});

const KEY = 'sk-test-SECRET-key-0123456789';

function endOf(body: string): Run {
  const last = body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RunLine)
    .at(-1)!;
  expect(last.type, body).toBe('end');
  return (last as Extract<RunLine, { type: 'end' }>).run;
}

function run(app: FastifyInstance, member: Member, body: object = { phaseNumber: 2 }) {
  return app.inject({
    method: 'POST',
    url: `/api/teams/${member.team.id}/runs`,
    headers: { cookie: member.cookie },
    payload: body,
  });
}

async function allowanceOf(app: FastifyInstance, member: Member) {
  const response = await app.inject({
    url: `/api/teams/${member.team.id}/runs`,
    headers: { cookie: member.cookie },
  });
  expect(response.statusCode).toBe(200);
  return TeamRunsSchema.parse(response.json()).allowance;
}

async function rebuild(ctx: ApiContext, overrides: Partial<ModelConfig>) {
  await ctx.app.close();
  ctx.app = await buildTestApp(ctx.database, { model: fake.config(overrides) });
}

/** A cohort with runs on, its settings as given, and its teams (named). */
async function classroom(app: FastifyInstance, settings: Record<string, unknown>, names = ['Alpha', 'Beta']) {
  await createCohort(app, 'room');
  const members = (await createCohortMembers(app, 'room', names)) as Member[];
  const admin = await createAdminSession(app);
  const on = await app.inject({
    method: 'PATCH',
    url: '/api/admin/cohorts/room/runs',
    headers: { cookie: admin.cookie },
    payload: { on: true, runsPerMinute: 60, ...settings },
  });
  expect(on.statusCode, on.body).toBe(200);
  return { members, admin };
}

describeApi(
  'runs an institute can trust with its bill',
  (ctx) => {
    it('never spends past the budget: text of many bytes a character, many runs at once, a provider that ignores max_tokens', async () => {
      // Four runs at once of a prompt of Korean text (3 bytes a character: once reserved as a quarter of its
      // characters), from a provider that counts far more than was asked for and answers past max_tokens.
      await rebuild(ctx, { runsPerTeam: 4 });
      const budget = 50_000;
      const { members } = await classroom(ctx.app, { budgetTokens: budget });
      const alpha = members[0]!;
      const korean = '한국어 시장 조사 '.repeat(600);
      expect((await saveAnswers(ctx.app, alpha, 2, { competitors: korean })).statusCode).toBe(200);
      fake.will({
        kind: 'stream',
        parts: Array.from({ length: 40 }, () => '긴 대답이 계속됩니다 '),
        usage: { prompt_tokens: 89_000, completion_tokens: 50_000 },
      });
      const responses = await Promise.all([1, 2, 3, 4].map(() => run(ctx.app, alpha)));
      const started = responses.filter((r) => r.statusCode === 200).map((r) => endOf(r.body));
      const refused = responses.filter((r) => r.statusCode !== 200);
      // The prompt is counted (one token a byte for a model not known): it alone is over 25,000.
      for (const saved of started) {
        expect(saved.promptTokens).toBeGreaterThan(Buffer.byteLength(korean));
        // Cut at what was reserved for the answer, and charged no more than was reserved.
        expect(saved.status).toBe('failed');
        expect(saved.error).toBe(MESSAGES.runFailed['too-long']);
        expect(saved.completionTokens).toBeLessThanOrEqual(500);
      }
      expect(started.length).toBeGreaterThanOrEqual(1);
      for (const r of refused) {
        expect(r.statusCode).toBe(409);
        expect(r.json().message).toMatch(/^Your team's budget is nearly spent/);
      }
      const after = await allowanceOf(ctx.app, alpha);
      expect(after.usedTokens).toBeLessThanOrEqual(budget);
      expect(after.tokensLeft).toBeGreaterThanOrEqual(0);
      expect(after.reservedTokens).toBe(0);
      expect(started.reduce((sum, r) => sum + r.promptTokens + r.completionTokens, 0)).toBe(after.usedTokens);
    });

    it('runs only the activity’s own prompt, rendered from the saved answers', async () => {
      const { members } = await classroom(ctx.app, {});
      const alpha = members[0]!;
      const before = fake.heard.length;
      fake.will({ kind: 'stream', parts: ['ok'] });
      // Any text as the prompt (a cover letter): refused, and the model heard nothing.
      const letter = await run(ctx.app, alpha, {
        phaseNumber: 2,
        prompt: 'Write my cover letter for a bank.',
      });
      expect(letter.statusCode).toBe(400);
      expect(letter.json().message).toMatch(/^Name the activity/);
      expect(fake.heard.length).toBe(before);
      // An activity that is not there: refused.
      expect((await run(ctx.app, alpha, { phaseNumber: 12 })).statusCode).toBe(400);
      // The activity's prompt: what the model hears is the template, filled with the team's saved answers.
      await saveAnswers(ctx.app, alpha, 2, { company_name: 'Nordic Crumbs' });
      const ok = await run(ctx.app, alpha);
      expect(ok.statusCode).toBe(200);
      const heard = (fake.heard.at(-1)!.body.messages as { content: string }[])[0]!.content;
      expect(heard).toContain('Nordic Crumbs');
      expect(heard).toBe(endOf(ok.body).prompt);
    });

    it('gives one team one run at a time: its flood takes no other team’s place', async () => {
      fake.will({ kind: 'held', parts: ['busy '], rest: ['done'] });
      const { members } = await classroom(ctx.app, {}, ['Alpha', 'Beta', 'Gamma']);
      const [alpha, beta, gamma] = members as [Member, Member, Member];
      const before = fake.heard.length;
      const flood = Promise.all(Array.from({ length: 10 }, () => run(ctx.app, alpha)));
      await fake.heardAtLeast(before + 1);
      // Other teams run meanwhile: their places were not taken.
      const others = Promise.all([run(ctx.app, beta), run(ctx.app, gamma)]);
      await fake.heardAtLeast(before + 3);
      fake.release();
      const floodStatuses = (await flood).map((r) => r.statusCode).sort();
      expect(floodStatuses).toEqual([200, ...Array(9).fill(409)]);
      for (const r of (await flood).filter((r) => r.statusCode === 409)) {
        expect(r.json()).toEqual({ message: MESSAGES.runInFlight });
      }
      expect((await others).map((r) => r.statusCode)).toEqual([200, 200]);
      expect(fake.heard.length - before).toBe(3);
    });

    it('lets a team that may not run take no place: a flood of refused requests blocks nobody', async () => {
      await rebuild(ctx, { runsInFlight: 2 });
      const { members, admin } = await classroom(ctx.app, {});
      const [alpha, beta] = members as [Member, Member];
      const paused = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/teams/${alpha.team.id}/runs`,
        headers: { cookie: admin.cookie },
        payload: { paused: true },
      });
      expect(paused.statusCode).toBe(200);
      fake.will({ kind: 'stream', parts: ['ok'] });
      const flood = Array.from({ length: 20 }, () => run(ctx.app, alpha));
      const mine = Array.from({ length: 5 }, () => run(ctx.app, beta));
      const [refused, answered] = await Promise.all([Promise.all(flood), Promise.all(mine)]);
      expect(new Set(refused.map((r) => r.statusCode))).toEqual(new Set([403]));
      // Beta's runs met no 503 from the paused team's requests: only its own one-at-a-time (409).
      const statuses = answered.map((r) => r.statusCode);
      expect(statuses).not.toContain(503);
      expect(statuses).toContain(200);
    });

    it('never hands back the key from a provider that echoes the request', async () => {
      const { members, admin } = await classroom(ctx.app, {});
      const alpha = members[0]!;
      // The key cut across parts, as a header and as a bare word.
      fake.will({
        kind: 'stream',
        parts: [
          'You sent: Authorization: Bea',
          `rer ${KEY.slice(0, 12)}`,
          `${KEY.slice(12)} and the key `,
          KEY,
          ' again.',
        ],
      });
      const response = await run(ctx.app, alpha);
      expect(response.statusCode).toBe(200);
      const saved = endOf(response.body);
      expect(saved.answer).toContain('[removed]');
      expect(saved.answer).toContain('You sent: Authorization:');
      const bodies = [
        response.body,
        (await ctx.app.inject({ url: `/api/teams/${alpha.team.id}/runs`, headers: { cookie: alpha.cookie } }))
          .body,
        (await ctx.app.inject({ url: '/api/admin/export', headers: { cookie: admin.cookie } })).body,
      ];
      for (const { name } of BACKED_UP_TABLES) {
        bodies.push(JSON.stringify(await ctx.app.db.execute(sql.raw(`select * from ${name}`))));
      }
      for (const body of bodies) {
        expect(body).not.toContain(KEY);
        expect(body).not.toContain(KEY.slice(3, 15));
      }
    });

    it('draws every team from the cohort’s total when it has one, and accepts no budget below one run', async () => {
      const least = oneRunReservation(fake.config());
      const { members, admin } = await classroom(ctx.app, { cohortBudgetTokens: least });
      const [alpha, beta] = members as [Member, Member];
      const patch = (payload: object) =>
        ctx.app.inject({
          method: 'PATCH',
          url: '/api/admin/cohorts/room/runs',
          headers: { cookie: admin.cookie },
          payload,
        });
      // Below one run's reservation: refused with the reason, and nothing changed.
      for (const payload of [{ budgetTokens: least - 1 }, { cohortBudgetTokens: 1000 }]) {
        const low = await patch(payload);
        expect(low.statusCode).toBe(400);
        expect(low.json().message).toMatch(/must be at least \d+: one run reserves/);
      }
      const admins = await ctx.app.inject({ url: '/api/admin/runs', headers: { cookie: admin.cookie } });
      expect(admins.json().smallestBudgetTokens).toBe(least);
      expect(admins.json().cohorts[0]).toMatchObject({ budgetTokens: 50_000, cohortBudgetTokens: least });

      expect((await allowanceOf(ctx.app, alpha)).runsLeft).toBe(1);
      fake.will({ kind: 'stream', parts: ['ok'], usage: { prompt_tokens: 1500, completion_tokens: 400 } });
      expect(endOf((await run(ctx.app, alpha)).body).status).toBe('done');
      // Beta never ran, yet the cohort's total is spent for it too.
      const refused = await run(ctx.app, beta);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^Your cohort's budget is nearly spent/);
      const line = await allowanceOf(ctx.app, beta);
      expect(line).toMatchObject({ usedTokens: 0, runsLeft: 0, cohortBudgetTokens: least });
      expect(line.tokensLeft).toBe(least - 1900);
      // The total taken away: each team has its own budget only again.
      expect((await patch({ cohortBudgetTokens: null })).statusCode).toBe(200);
      expect((await allowanceOf(ctx.app, beta)).runsLeft).toBe(Math.floor(50_000 / least));
    });
  },
  { config: () => ({ model: fake.config() }) },
);
