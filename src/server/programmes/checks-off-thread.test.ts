import { count } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { ProgrammeDetail, ProgrammeFile } from '../../shared/schemas/programmes.ts';
import { uncheckedProblem } from '../../shared/programme-checks.ts';
import { programmes, programmeVersions } from '../db/schema.ts';
import { MESSAGES } from '../lib/messages.ts';
import { ProgrammeChecker } from './checks-pool.ts';
import { buildTestApp, createAdminSession, describeApi } from '../../../testing/api/test-app.ts';

/**
 * A publish's and an import's programme checks run on a worker thread (checks-pool.ts): a programme that
 * takes long to check never holds up the requests of everyone else, and every check ends, in its time.
 * The hostile programme is the one that once held the server for minutes: 50,000 unclosed `{{` at the end
 * of one activity's prompt template (100 KB, within the size limit).
 */

const HOSTILE_TAIL = '{{'.repeat(50_000);
/** How long the hostile import or publish may take, and any health check while it runs. */
const ANSWER_MS = 2000;
const HEALTH_MS = 200;
/** Each test starts a worker thread from the TypeScript sources: seconds on a busy machine. */
const TEST_MS = 60_000;

type Caller = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

function caller(app: FastifyInstance, cookie: string): Caller {
  return (method, url, payload) =>
    app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** The standard programme as an export file, with activity 1's template ending in `tail`. */
async function fileWith(as: Caller, tail: string): Promise<ProgrammeFile> {
  const file = (await as('GET', '/api/admin/programmes/standard/export')).json() as ProgrammeFile;
  const activities = file.content.activities.map((config, i) =>
    i === 0 ? { ...config, promptTemplate: `${String(config.promptTemplate)}${tail}` } : config,
  );
  return { ...file, name: 'Hostile', content: { ...file.content, activities } };
}

/**
 * Sends health checks one after another while `work` is in flight, and times both: how long `work` took,
 * and the slowest health check (each must answer 200).
 */
async function whileHealthChecked(app: FastifyInstance, work: () => Promise<LightMyRequestResponse>) {
  let done = false;
  const started = performance.now();
  const answer = work().finally(() => {
    done = true;
  });
  const health: number[] = [];
  const probe = (async () => {
    while (!done) {
      const sent = performance.now();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      health.push(performance.now() - sent);
      expect(response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const response = await answer;
  const ms = performance.now() - started;
  await probe;
  return { response, ms, health };
}

/** The slowest of 20 health checks on an idle app: printed beside a failure, to tell a busy machine. */
async function healthBaseline(app: FastifyInstance): Promise<number> {
  let worst = 0;
  for (let i = 0; i < 20; i++) {
    const sent = performance.now();
    await app.inject({ method: 'GET', url: '/api/health' });
    worst = Math.max(worst, performance.now() - sent);
  }
  return worst;
}

const describeTimes = (times: number[]) => `[${times.map((t) => Math.round(t)).join(', ')}] ms`;

/**
 * Health kept answering within HEALTH_MS while the check ran: every check but at most one. A thread held by
 * the check delays every request sent meanwhile (one of them waits the whole check and the rest never go);
 * a pause of the whole machine, which this VM takes at random, can delay any one request by itself.
 */
function expectAnswering(health: number[], seen: string) {
  expect(health.length, seen).toBeGreaterThanOrEqual(3);
  const slow = health.filter((ms) => ms >= HEALTH_MS);
  expect(slow.length, seen).toBeLessThanOrEqual(1);
}

async function storedCounts(app: FastifyInstance) {
  const [p] = await app.db.select({ n: count() }).from(programmes);
  const [v] = await app.db.select({ n: count() }).from(programmeVersions);
  return { programmes: Number(p!.n), versions: Number(v!.n) };
}

/** A checker whose next check waits, once asked, until the test releases it. */
class HeldChecker extends ProgrammeChecker {
  release: () => void = () => {};
  private readonly held = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  private markAsked: () => void = () => {};
  readonly asked = new Promise<void>((resolve) => {
    this.markAsked = resolve;
  });

  override async check(activities: readonly unknown[]) {
    this.markAsked();
    await this.held;
    return super.check(activities);
  }
}

describeApi('programme checks off the request thread', (ctx) => {
  async function instructor(app = ctx.app) {
    return caller(app, (await createAdminSession(app, 'alice')).cookie);
  }

  it(
    `answers an import of 50,000 unclosed {{ within ${ANSWER_MS / 1000} s, while health answers within ${HEALTH_MS} ms`,
    async () => {
      const as = await instructor();
      // The first check starts the worker thread; a server's first publish pays that once.
      const warm = await as('POST', '/api/admin/programmes/import', await fileWith(as, ''));
      expect(warm.statusCode, warm.body).toBe(201);
      const baseline = await healthBaseline(ctx.app);

      const file = await fileWith(as, HOSTILE_TAIL);
      const { response, ms, health } = await whileHealthChecked(ctx.app, () =>
        as('POST', '/api/admin/programmes/import', file),
      );
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().problems).toContainEqual(
        expect.objectContaining({ activity: 1, path: 'promptTemplate' }),
      );
      const seen = `import ${Math.round(ms)} ms; health checks ${describeTimes(health)} (idle: slowest ${Math.round(baseline)} ms)`;
      expect(ms, seen).toBeLessThan(ANSWER_MS);
      expectAnswering(health, seen);
      expect(await storedCounts(ctx.app)).toEqual({ programmes: 1, versions: 1 });
    },
    TEST_MS,
  );

  it(
    `answers a publish of a draft holding them within ${ANSWER_MS / 1000} s, while health answers within ${HEALTH_MS} ms`,
    async () => {
      const as = await instructor();
      const warm = (await as('POST', '/api/admin/programmes', { name: 'Warm' })).json() as ProgrammeDetail;
      expect((await as('POST', `/api/admin/programmes/${warm.id}/publish`, { revision: 0 })).statusCode).toBe(
        201,
      );
      const baseline = await healthBaseline(ctx.app);

      const created = (
        await as('POST', '/api/admin/programmes', { name: 'Hostile' })
      ).json() as ProgrammeDetail;
      const url = `/api/admin/programmes/${created.id}`;
      const { content } = await fileWith(as, HOSTILE_TAIL);
      const saved = await as('PUT', `${url}/draft`, { revision: 0, draft: content });
      expect(saved.statusCode, saved.body).toBe(200);

      const { response, ms, health } = await whileHealthChecked(ctx.app, () =>
        as('POST', `${url}/publish`, { revision: 1 }),
      );
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().problems).toContainEqual(
        expect.objectContaining({ activity: 1, path: 'promptTemplate' }),
      );
      const seen = `publish ${Math.round(ms)} ms; health checks ${describeTimes(health)} (idle: slowest ${Math.round(baseline)} ms)`;
      expect(ms, seen).toBeLessThan(ANSWER_MS);
      expectAnswering(health, seen);
      expect(await storedCounts(ctx.app)).toEqual({ programmes: 2, versions: 1 });
    },
    TEST_MS,
  );

  it(
    'holds nothing while a publish is checked: a draft saved meanwhile lands, and the publish is stale (409)',
    async () => {
      // The check is held until the save has landed: the save must not wait for it.
      const checker = new HeldChecker();
      const app = await buildTestApp(ctx.database, {}, { programmeChecks: checker });
      try {
        const as = await instructor(app);
        const created = (
          await as('POST', '/api/admin/programmes', { name: 'Clinics' })
        ).json() as ProgrammeDetail;
        const url = `/api/admin/programmes/${created.id}`;
        const publishing = as('POST', `${url}/publish`, { revision: 0 });
        await checker.asked;
        const saved = await as('PUT', `${url}/draft`, {
          revision: 0,
          draft: created.draft,
          name: 'Clinics 2',
        });
        expect(saved.statusCode, saved.body).toBe(200);
        checker.release();
        const published = await publishing;
        expect(published.statusCode, published.body).toBe(409);
        expect(published.json().current).toMatchObject({ name: 'Clinics 2', revision: 1 });
        expect(await storedCounts(app)).toEqual({ programmes: 1, versions: 0 });
      } finally {
        await app.close();
        await checker.close();
      }
    },
    TEST_MS,
  );

  it(
    'answers a check past its time limit with 422 and a plain problem, storing nothing',
    async () => {
      const app = await buildTestApp(ctx.database, {}, { programmeChecks: { timeLimitMs: 1 } });
      try {
        const as = await instructor(app);
        const imported = await as('POST', '/api/admin/programmes/import', await fileWith(as, ''));
        expect(imported.statusCode, imported.body).toBe(422);
        expect(imported.json()).toEqual({
          message: MESSAGES.importUnchecked,
          problems: [uncheckedProblem()],
        });
        expect(uncheckedProblem().message).toBe(
          'Checking this programme took longer than 10 seconds or more memory than a programme may, so it was stopped: shorten its prompt templates, or what they repeat, and try again.',
        );

        const created = (
          await as('POST', '/api/admin/programmes', { name: 'Clinics' })
        ).json() as ProgrammeDetail;
        const published = await as('POST', `/api/admin/programmes/${created.id}/publish`, { revision: 0 });
        expect(published.statusCode, published.body).toBe(422);
        expect(published.json()).toEqual({
          message: MESSAGES.publishUnchecked,
          problems: [uncheckedProblem()],
        });
        expect(await storedCounts(app)).toEqual({ programmes: 1, versions: 0 });
      } finally {
        await app.close();
      }
    },
    TEST_MS,
  );

  it(
    'refuses a check when every worker is busy and none may wait (503), storing nothing for it',
    async () => {
      const app = await buildTestApp(ctx.database, {}, { programmeChecks: { threads: 1, waiting: 0 } });
      try {
        const as = await instructor(app);
        const file = await fileWith(as, '');
        const [first, second] = await Promise.all([
          as('POST', '/api/admin/programmes/import', file),
          as('POST', '/api/admin/programmes/import', file),
        ]);
        expect([first.statusCode, second.statusCode].sort()).toEqual([201, 503]);
        expect([first, second].find((r) => r.statusCode === 503)!.json()).toEqual({
          message: MESSAGES.checksBusy,
        });
        expect(await storedCounts(app)).toEqual({ programmes: 1, versions: 1 });
      } finally {
        await app.close();
      }
    },
    TEST_MS,
  );
});
