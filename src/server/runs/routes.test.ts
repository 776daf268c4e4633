import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { BACKED_UP_TABLES } from '../backup/queries.ts';
import { PROJECT_ROOT } from '../config.ts';
import type { FastifyInstance } from 'fastify';
import { liveChannel } from '../live/event-bus.ts';
import type { LiveEvent } from '../live/event-bus.ts';
import { type Run, type RunLine, TeamRunsSchema } from '../../shared/schemas/runs.ts';
import { MESSAGES } from '../lib/messages.ts';
import { createCohort, createCohortMembers } from '../../../testing/api/cohorts.ts';
import { FakeModel } from '../../../testing/api/fake-model.ts';
import {
  buildTestApp,
  createAdminSession,
  createTeamSession,
  describeApi,
  type Member,
  saveAnswers,
} from '../../../testing/api/test-app.ts';
import { addressOf } from '../../../testing/api/live.ts';

let fake: FakeModel;
beforeAll(async () => {
  fake = await FakeModel.start();
});
afterAll(async () => {
  await fake.close();
});

/** What the team saved in activity 2: its prompt, rendered by the server, names it. */
const COMPANY = 'Crumb & Co bakery';

function lines(body: string): RunLine[] {
  return body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RunLine);
}

/** The answer as the page put it together from the streamed parts. */
function deltasOf(body: string): string {
  return lines(body)
    .map((line) => (line.type === 'delta' ? line.text : ''))
    .join('');
}

function endOf(body: string): Run {
  const last = lines(body).at(-1)!;
  expect(last.type).toBe('end');
  return (last as Extract<RunLine, { type: 'end' }>).run;
}

function run(app: FastifyInstance, member: Member, phaseNumber = 2, extra: object = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/teams/${member.team.id}/runs`,
    headers: { cookie: member.cookie },
    payload: { phaseNumber, ...extra },
  });
}

async function runsOf(app: FastifyInstance, member: Member, cookie = member.cookie) {
  const response = await app.inject({ url: `/api/teams/${member.team.id}/runs`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return TeamRunsSchema.parse(response.json());
}

/** A cohort with runs switched on (by its instructor, through the API) and two teams in it. */
async function classroom(app: FastifyInstance, settings: Record<string, unknown> = {}) {
  await createCohort(app, 'room');
  const [alpha, beta] = await createCohortMembers(app, 'room', ['Alpha', 'Beta']);
  const admin = await createAdminSession(app);
  const on = await app.inject({
    method: 'PATCH',
    url: '/api/admin/cohorts/room/runs',
    headers: { cookie: admin.cookie },
    payload: { on: true, ...settings },
  });
  expect(on.statusCode, on.body).toBe(200);
  return { alpha: alpha!, beta: beta!, admin };
}

describeApi(
  'running prompts on a model',
  (ctx) => {
    it('streams the answer, saves the run with its tokens, and tells the team and the dashboards', async () => {
      fake.will({
        kind: 'stream',
        parts: ['Three', ' competitors:', ' <b>A</b>'],
        usage: { prompt_tokens: 21, completion_tokens: 9 },
      });
      const { alpha, beta, admin } = await classroom(ctx.app);
      expect((await saveAnswers(ctx.app, alpha, 2, { company_name: COMPANY })).statusCode).toBe(200);
      const heard: LiveEvent[] = [];
      ctx.app.liveEvents.subscribe(liveChannel.team(alpha.team.id), (event) => heard.push(event));
      ctx.app.liveEvents.subscribe(liveChannel.admin(), (event) => heard.push(event));
      const before = fake.heard.length;

      const response = await run(ctx.app, alpha);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
      const all = lines(response.body);
      // The answer in parts as it came (the last words held until the next, so a key cut in two is seen).
      expect(all.map((line) => line.type)).toEqual(['start', 'delta', 'delta', 'end']);
      expect(deltasOf(response.body)).toBe('Three competitors: <b>A</b>');
      const saved = endOf(response.body);
      // The prompt the server rendered from the team's saved answers, as the preview shows it.
      expect(saved.prompt).toContain(COMPANY);
      expect(saved).toMatchObject({
        teamId: alpha.team.id,
        phaseNumber: 2,
        // Text as written, markup included: the page shows it as text.
        answer: 'Three competitors: <b>A</b>',
        model: 'fake-model-1',
        status: 'done',
        error: null,
        promptTokens: 21,
        completionTokens: 9,
      });

      // The model heard the prompt as sent, with the key, and a bound on the answer.
      const request = fake.heard[before]!;
      expect(request.authorization).toBe('Bearer sk-test-SECRET-key-0123456789');
      expect(request.body).toMatchObject({
        model: 'fake-model-1',
        messages: [{ role: 'user', content: saved.prompt }],
        max_tokens: 500,
        stream: true,
      });

      // Kept with the team: read by the team, a teammate's device and the instructor, never another team.
      const mine = await runsOf(ctx.app, alpha);
      expect(mine.runs).toEqual([saved]);
      expect(mine.allowance).toMatchObject({
        model: 'fake-model-1',
        pricing: { inputPer1k: 0.5, outputPer1k: 1.5, currency: 'EUR' },
        on: true,
        paused: false,
        usedTokens: 30,
        reservedTokens: 0,
        blocked: null,
      });
      expect((await runsOf(ctx.app, alpha, admin.cookie)).runs).toEqual([saved]);
      expect((await runsOf(ctx.app, beta)).runs).toEqual([]);
      const other = await ctx.app.inject({
        url: `/api/teams/${alpha.team.id}/runs`,
        headers: { cookie: beta.cookie },
      });
      expect(other.statusCode).toBe(403);
      const phase3 = await ctx.app.inject({
        url: `/api/teams/${alpha.team.id}/runs?phase=3`,
        headers: { cookie: alpha.cookie },
      });
      expect(phase3.json().runs).toEqual([]);

      // The team's pages heard the start and the end; every dashboard heard that its use changed.
      expect(heard).toEqual([
        { type: 'run', runId: saved.id, phaseNumber: 2, status: 'running' },
        { type: 'runs', teamId: alpha.team.id },
        { type: 'run', runId: saved.id, phaseNumber: 2, status: 'done' },
        { type: 'runs', teamId: alpha.team.id },
      ]);

      // The dashboard's view of every team's use.
      const use = await ctx.app.inject({ url: '/api/admin/runs', headers: { cookie: admin.cookie } });
      expect(use.statusCode).toBe(200);
      expect(use.json().cohorts).toEqual([
        {
          tag: 'room',
          name: 'Cohort room',
          on: true,
          budgetTokens: 50_000,
          cohortBudgetTokens: null,
          runsPerMinute: 3,
        },
      ]);
      expect(use.json().teams.find((t: { teamId: string }) => t.teamId === alpha.team.id)).toMatchObject({
        runs: 1,
        running: 0,
        promptTokens: 21,
        completionTokens: 9,
        reservedTokens: 0,
        paused: false,
      });
      expect(JSON.stringify(use.json())).not.toContain('sk-test');
    });

    it('takes a whole answer from a model that does not stream, and estimates tokens it did not count', async () => {
      await ctx.app.close();
      ctx.app = await buildTestApp(ctx.database, { model: fake.config({ stream: false }) });
      fake.will({ kind: 'whole', text: 'A whole answer.' });
      const { alpha } = await classroom(ctx.app);
      const before = fake.heard.length;
      const response = await run(ctx.app, alpha);
      expect(response.statusCode).toBe(200);
      expect(deltasOf(response.body)).toBe('A whole answer.');
      // Counted by the server: an unknown model's prompt as one token a byte (and the chat format's few).
      const whole = endOf(response.body);
      expect(whole).toMatchObject({
        answer: 'A whole answer.',
        status: 'done',
        promptTokens: Buffer.byteLength(whole.prompt) + 16,
        completionTokens: 'A whole answer.'.length,
      });
      expect(fake.heard[before]!.body.stream).toBe(false);
    });

    it('is off until the instructor switches it on, and says why a run is refused', async () => {
      fake.will({ kind: 'stream', parts: ['ok'] });
      await createCohort(ctx.app, 'room');
      const [alpha] = await createCohortMembers(ctx.app, 'room', ['Alpha']);
      const loner = await createTeamSession(ctx.app, 'Loner');
      const admin = await createAdminSession(ctx.app);
      const before = fake.heard.length;

      const off = await run(ctx.app, alpha!);
      expect(off.statusCode).toBe(403);
      expect(off.json()).toEqual({ message: MESSAGES.runsOff });
      expect((await runsOf(ctx.app, alpha!)).allowance).toMatchObject({
        on: false,
        blocked: MESSAGES.runsOff,
      });

      const alone = await run(ctx.app, loner);
      expect(alone.statusCode).toBe(403);
      expect(alone.json()).toEqual({ message: MESSAGES.runsNoCohort });

      // An instructor does not run on a team's budget; nobody without a session runs at all (practice mode).
      const byAdmin = await run(ctx.app, { ...alpha!, cookie: admin.cookie });
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json()).toEqual({ message: MESSAGES.runIsTheTeams });
      const anonymous = await run(ctx.app, { ...alpha!, cookie: '' });
      expect(anonymous.statusCode).toBe(401);

      // On; then the team paused; then the cohort paused (switched off again).
      const patch = (url: string, payload: object) =>
        ctx.app.inject({ method: 'PATCH', url, headers: { cookie: admin.cookie }, payload });
      expect((await patch('/api/admin/cohorts/room/runs', { on: true })).statusCode).toBe(200);
      expect((await run(ctx.app, alpha!)).statusCode).toBe(200);
      const paused = await patch(`/api/admin/teams/${alpha!.team.id}/runs`, { paused: true });
      expect(paused.json()).toEqual({ paused: true });
      const refusedPaused = await run(ctx.app, alpha!);
      expect(refusedPaused.statusCode).toBe(403);
      expect(refusedPaused.json()).toEqual({ message: MESSAGES.runsPaused });
      await patch(`/api/admin/teams/${alpha!.team.id}/runs`, { paused: false });
      await patch('/api/admin/cohorts/room/runs', { on: false });
      expect((await run(ctx.app, alpha!)).json()).toEqual({ message: MESSAGES.runsOff });
      // Only the one allowed run reached the model.
      expect(fake.heard.length - before).toBe(1);

      // Bad settings change nothing.
      for (const payload of [
        {},
        { budgetTokens: 10 },
        { runsPerMinute: 0 },
        { on: 'yes' },
        { colour: 'red' },
      ]) {
        const bad = await patch('/api/admin/cohorts/room/runs', payload);
        expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await patch('/api/admin/cohorts/nowhere/runs', { on: true })).statusCode).toBe(404);
      const unknownTeam = await patch('/api/admin/teams/00000000-0000-4000-8000-000000000000/runs', {
        paused: true,
      });
      expect(unknownTeam.statusCode).toBe(404);
      // The page names the activity, never the text: a prompt sent along is refused, as is an activity
      // the team's programme does not have.
      const withText = await run(ctx.app, alpha!, 2, { prompt: 'Write my cover letter.' });
      expect(withText.statusCode).toBe(400);
      expect((await run(ctx.app, alpha!, 9)).statusCode).toBe(400);
    });

    it('holds the budget when two runs are sent together: only one is charged', async () => {
      // A run reserves its prompt as counted and the most an answer may take (500): the smallest budget
      // (4,500) holds one run; two runs of one team at once are refused as one in flight, or as over budget.
      fake.will({ kind: 'held', parts: ['first'], rest: [' part'] });
      const { alpha } = await classroom(ctx.app, { budgetTokens: 4500 });
      const before = fake.heard.length;
      const both = Promise.all([run(ctx.app, alpha), run(ctx.app, alpha)]);
      await fake.heardAtLeast(before + 1);
      const during = await runsOf(ctx.app, alpha);
      expect(during.allowance.reservedTokens).toBeGreaterThan(500);
      fake.release();
      const statuses = (await both).map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      expect(fake.heard.length - before).toBe(1);
      const after = await runsOf(ctx.app, alpha);
      expect(after.runs).toHaveLength(1);
      expect(after.allowance.reservedTokens).toBe(0);
    });

    it('limits the runs a team starts in a minute', async () => {
      fake.will({ kind: 'stream', parts: ['ok'] });
      const { alpha, beta } = await classroom(ctx.app, { runsPerMinute: 1 });
      expect(endOf((await run(ctx.app, alpha)).body).status).toBe('done');
      const second = await run(ctx.app, alpha);
      expect(second.statusCode).toBe(429);
      expect(second.json()).toEqual({ message: MESSAGES.tooManyRuns(1) });
      // Another team's minute is its own.
      expect((await run(ctx.app, beta)).statusCode).toBe(200);
    });

    it('retries a failing provider once, then says the model could not be reached', async () => {
      fake.will({ kind: 'error', status: 500, message: 'boom' });
      const { alpha } = await classroom(ctx.app);
      const before = fake.heard.length;
      const response = await run(ctx.app, alpha);
      expect(response.statusCode).toBe(200);
      expect(endOf(response.body)).toMatchObject({
        status: 'failed',
        error: MESSAGES.runFailed.unavailable,
        answer: '',
        promptTokens: 0,
        completionTokens: 0,
      });
      expect(fake.heard.length - before).toBe(2);
    });

    it('says the provider refused a run, and does not retry it', async () => {
      fake.will({
        kind: 'error',
        status: 401,
        message: 'Incorrect API key provided: sk-test-SECRET-key-0123456789',
      });
      const { alpha } = await classroom(ctx.app);
      const before = fake.heard.length;
      const response = await run(ctx.app, alpha);
      const saved = endOf(response.body);
      expect(saved).toMatchObject({ status: 'failed', error: MESSAGES.runFailed.refused(401) });
      expect(response.body).not.toContain('sk-test');
      expect(fake.heard.length - before).toBe(1);
    });

    it('keeps what was written when the connection drops or the provider stalls, and refuses garbage', async () => {
      const { alpha } = await classroom(ctx.app, { runsPerMinute: 10 });
      fake.will({ kind: 'drop', parts: ['half', ' an'] });
      expect(endOf((await run(ctx.app, alpha)).body)).toMatchObject({
        status: 'failed',
        answer: 'half an',
      });
      fake.will({ kind: 'stall', parts: ['slow'] });
      const stalled = endOf((await run(ctx.app, alpha)).body);
      expect(stalled).toMatchObject({ status: 'failed', error: MESSAGES.runFailed.timeout, answer: 'slow' });
      fake.will({ kind: 'garbage', body: 'data: {not json\n\n', contentType: 'text/event-stream' });
      expect(endOf((await run(ctx.app, alpha)).body)).toMatchObject({
        status: 'failed',
        error: MESSAGES.runFailed.garbage,
      });
      fake.will({ kind: 'garbage', body: '<html>Bad gateway</html>', contentType: 'text/html' });
      expect(endOf((await run(ctx.app, alpha)).body).status).toBe('failed');
      // Every run gave its reservation back.
      expect((await runsOf(ctx.app, alpha)).allowance.reservedTokens).toBe(0);
    });

    it('never stalls the server or another team while a provider is silent, and bounds the runs in flight', async () => {
      await ctx.app.close();
      ctx.app = await buildTestApp(ctx.database, {
        model: fake.config({ runsInFlight: 1, timeoutMs: 1500 }),
      });
      fake.will({ kind: 'silent' });
      const { alpha, beta } = await classroom(ctx.app);
      const before = fake.heard.length;
      const slow = run(ctx.app, alpha);
      await fake.heardAtLeast(before + 1);
      // While it waits: another team reads its work, and its run is refused for now (one in flight).
      expect((await runsOf(ctx.app, beta)).runs).toEqual([]);
      const busy = await run(ctx.app, beta);
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toEqual({ message: MESSAGES.modelBusy });
      const timedOut = endOf((await slow).body);
      expect(timedOut).toMatchObject({ status: 'failed', error: MESSAGES.runFailed.timeout });
      // Its place is free again.
      fake.will({ kind: 'stream', parts: ['ok'] });
      expect((await run(ctx.app, beta)).statusCode).toBe(200);
    });

    it('stops a run when its page stops reading, and keeps what was written', async () => {
      fake.will({ kind: 'held', parts: ['Before the stop, and after'], rest: [' never seen'] });
      const { alpha } = await classroom(ctx.app);
      const base = await addressOf(ctx.app);
      const controller = new AbortController();
      const response = await fetch(`${base}/api/teams/${alpha.team.id}/runs`, {
        method: 'POST',
        headers: { cookie: alpha.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ phaseNumber: 2 }),
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes('Before the stop')) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the answer ended before its first part: ${text}`);
        text += value;
      }
      const ended = new Promise<void>((resolve) =>
        ctx.app.liveEvents.subscribe(liveChannel.team(alpha.team.id), (event) => {
          if (event.type === 'run' && event.status !== 'running') resolve();
        }),
      );
      controller.abort();
      await ended;
      const [stopped] = (await runsOf(ctx.app, alpha)).runs;
      expect(stopped).toMatchObject({
        status: 'stopped',
        answer: 'Before the stop, and after',
        error: MESSAGES.runFailed.stopped,
      });
      fake.release();
      // The test's own client may keep a connection to the app open after an abort; the app's close would
      // wait for it.
      ctx.app.server.closeAllConnections();
    });
  },
  { config: () => ({ model: fake.config() }) },
);

describeApi('running prompts: the key stays in the environment', (ctx) => {
  it('never writes the key to a log line (at trace level), a response or a table a backup reads', async () => {
    const logLines: string[] = [];
    const app = await buildApp({
      config: {
        logLevel: 'trace',
        trustProxy: false,
        webRoot: undefined,
        contentDir: path.join(PROJECT_ROOT, 'content'),
        requestsPerMinute: 100_000,
        model: fake.config(),
      },
      database: ctx.database,
      closeDatabase: false,
      loggerStream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    });
    try {
      const { alpha, admin } = await classroom(app, { runsPerMinute: 10 });
      const key = fake.config().apiKey;
      const bodies: string[] = [];
      // A run that works, one the provider refuses quoting the key (as a provider's 401 does), one that fails.
      fake.will(
        { kind: 'stream', parts: ['fine'] },
        { kind: 'error', status: 401, message: `Incorrect API key provided: ${key}` },
        { kind: 'error', status: 503, message: `overloaded ${key}` },
      );
      for (let i = 0; i < 3; i++) bodies.push((await run(app, alpha)).body);
      expect(endOf(bodies[1]!).error).toBe(MESSAGES.runFailed.refused(401));
      bodies.push(
        (await app.inject({ url: `/api/teams/${alpha.team.id}/runs`, headers: { cookie: alpha.cookie } }))
          .body,
      );
      bodies.push((await app.inject({ url: '/api/admin/runs', headers: { cookie: admin.cookie } })).body);
      bodies.push((await app.inject({ url: '/api/admin/export', headers: { cookie: admin.cookie } })).body);
      bodies.push((await app.inject({ url: '/api/docs/json' })).body);
      // Every table a backup holds, as its rows.
      for (const { name } of BACKED_UP_TABLES) {
        bodies.push(JSON.stringify(await app.db.execute(sql.raw(`select * from ${name}`))));
      }
      const logs = logLines.join('');
      expect(logs).toContain('model run failed');
      for (const secret of [key, key.slice(3, 20)]) {
        expect(logs).not.toContain(secret);
        for (const body of bodies) expect(body).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });
});

describeApi('the pages say whether running prompts is set up', (ctx) => {
  it('marks every page only when a model is set up, and leaves them as built otherwise', async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'genai-runs-web-'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<html><head><title>x</title></head><body></body></html>',
    );
    try {
      const plain = await buildTestApp(ctx.database, { webRoot });
      const marked = await buildTestApp(ctx.database, { webRoot, model: fake.config() });
      try {
        for (const url of ['/', '/phase/2', '/admin']) {
          const without = await plain.inject({ url });
          expect(without.body).toContain('<title>x</title>');
          expect(without.body).not.toContain('model-runs');
          const withModel = await marked.inject({ url });
          expect(withModel.body).toContain('<meta name="model-runs" content="on">');
          expect(withModel.body).not.toContain('sk-test');
        }
      } finally {
        await plain.close();
        await marked.close();
      }
    } finally {
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});

describeApi('running prompts when no model is set up', (ctx) => {
  it('has no such paths', async () => {
    const team = await createTeamSession(ctx.app);
    const response = await ctx.app.inject({
      url: `/api/teams/${team.team.id}/runs`,
      headers: { cookie: team.cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/^No API route/);
    const admin = await createAdminSession(ctx.app);
    expect(
      (await ctx.app.inject({ url: '/api/admin/runs', headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(404);
  });
});
