import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOTAL_PHASES } from '../../shared/phases.ts';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import {
  AdminRunsSchema,
  CohortRunSettingsBodySchema,
  CohortRunSettingsSchema,
  NewRunBodySchema,
  type Run,
  type RunLine,
  TeamRunPauseBodySchema,
  TeamRunsSchema,
} from '../../shared/schemas/runs.ts';
import type { ModelConfig } from '../config.ts';
import { listCohortTeamIds } from '../cohorts/queries.ts';
import { CohortTagParams, cohortTag } from '../cohorts/lookup.ts';
import { badRequest, HttpError, notFound } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { noStore } from '../lib/no-store.ts';
import { adminOnly, requireTeamAccess } from '../plugins/sessions.ts';
import type { ProgrammeLibrary } from '../programmes/library.ts';
import { activityPrompt } from './activity-prompt.ts';
import { requireOwnWorkspace } from './guards.ts';
import { ModelClient, ModelRunError, type ModelUsage } from './model-client.ts';
import { RunPlaces } from './places.ts';
import {
  finishRun,
  listCohortRunSettings,
  listRuns,
  listTeamRunUse,
  setCohortRunSettings,
  setTeamRunsPaused,
  startRun,
  sweepInterruptedRuns,
  teamStanding,
  toRun,
} from './queries.ts';
import {
  allowanceOf,
  chargeOf,
  teamsWithTokensLeft,
  refusalError,
  refusalOf,
  reservationOf,
  type Standing,
  smallestBudget,
} from './rules.ts';
import { scrubberOf } from './scrub.ts';
import { MESSAGE_OVERHEAD_TOKENS, type TokenCounter, tokenCounter } from './tokens.ts';

const TeamParams = z.object({ teamId: IdSchema });
const RunsQuery = z.object({
  phase: z.coerce
    .number({ message: 'phase must be a number' })
    .int('phase must be between 1 and 8')
    .min(1, 'phase must be between 1 and 8')
    .max(TOTAL_PHASES, 'phase must be between 1 and 8')
    .optional(),
});
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** How often runs cut off by a crash are marked as such (they hold nothing from the budget meanwhile). */
const INTERRUPTED_SWEEP_MS = 10 * 60_000;

/**
 * Running a prompt on the institute's model (docs/product.md, Running a prompt in the app;
 * docs/decisions/045-running-prompts-on-a-model.md). Registered only when the model is set up (OPENAI_MODEL):
 * otherwise none of these paths exists. A team runs its own prompts, within its cohort's budget and limit a
 * minute, while its instructor has runs switched on and the team is not paused; the answer streams back on
 * the request itself, and the team's pages and the dashboards hear that a run started and ended.
 */
export const runRoutes: FastifyPluginAsyncZod<{
  model: ModelConfig;
  library: ProgrammeLibrary;
  client?: ModelClient;
}> = async (app, options) => {
  const { model, library } = options;
  const client = options.client ?? new ModelClient(model);
  /** The runs in flight on this instance: bounded, one team's too, and stopped when the server stops. */
  const places = new RunPlaces(model.runsInFlight, model.runsPerTeam);
  /** The model's tokenizer, loaded once when the server starts. */
  let counter!: TokenCounter;
  const scrubber = scrubberOf(model.apiKey);

  const sweep = async () => {
    try {
      await sweepInterruptedRuns(app.db, model.maxRunMs, MESSAGES.interruptedRun);
    } catch (error) {
      app.log.warn({ err: error }, 'could not mark interrupted runs');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    counter = await tokenCounter(model.model);
    void sweep();
    timer = setInterval(sweep, INTERRUPTED_SWEEP_MS);
    timer.unref();
  });
  // Before the server stops taking connections: every run in flight ends now, saved as cut off.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await places.stopAll('shutdown');
  });

  app.get(
    '/api/teams/:teamId/runs',
    {
      onRequest: noStore,
      schema: { params: TeamParams, querystring: RunsQuery, response: { 200: TeamRunsSchema, ...errors } },
    },
    async (request) => {
      const { teamId } = request.params;
      await requireTeamAccess(request, teamId);
      const [rows, standing] = await Promise.all([
        listRuns(app.db, teamId),
        teamStanding(app.db, teamId, model.maxRunMs),
      ]);
      if (!standing) throw notFound(MESSAGES.workspaceNotFound);
      const phase = request.query.phase;
      return {
        runs: rows.filter((row) => phase === undefined || row.phaseNumber === phase).map(toRun),
        allowance: allowanceOf(standing, model, model.runsPerTeam),
      };
    },
  );

  /**
   * A run starts once its prompt is rendered and counted and the team's right to run is checked (a refused
   * request never takes a place); then it takes a place, and the locked check in the database decides.
   */
  const startTeamRun = async (teamId: string, phaseNumber: number) => {
    const prompt = await activityPrompt(app.db, library, teamId, phaseNumber);
    if (prompt === undefined) throw notFound(MESSAGES.runActivityUnknown);
    const promptTokens = counter.count(prompt) + MESSAGE_OVERHEAD_TOKENS;
    const reserve = reservationOf(promptTokens, model);
    const decide = (standing: Standing) => refusalOf(standing, reserve, model.runsPerTeam);
    const before = await teamStanding(app.db, teamId, model.maxRunMs);
    if (!before) throw notFound(MESSAGES.workspaceNotFound);
    const refusal = decide(before);
    if (refusal) throw refusalError(refusal, before, reserve);
    const place = places.take(teamId);
    if (place instanceof HttpError) throw place;
    const input = { teamId, phaseNumber, prompt, model: model.model, reserve, maxRunMs: model.maxRunMs };
    const started = await startRun(app.db, input, decide).catch((error: unknown) => {
      place.release();
      throw error;
    });
    if (!started || 'refusal' in started) place.release();
    if (!started) throw notFound(MESSAGES.workspaceNotFound);
    if ('refusal' in started) throw refusalError(started.refusal, started.standing, reserve);
    return { row: started.row, prompt, place, reserved: { promptTokens, total: reserve } };
  };

  app.post(
    '/api/teams/:teamId/runs',
    {
      // The answer streams: written to the socket as it comes, never held back to be compressed.
      compress: false,
      schema: {
        params: TeamParams,
        body: NewRunBodySchema,
        response: {
          200: z.unknown(),
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
          503: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { teamId } = request.params;
      await requireOwnWorkspace(request, teamId);
      const run = await startTeamRun(teamId, request.body.phaseNumber);
      const body = new PassThrough();
      let ended = false;
      // The page went away (or its Stop was pressed): the run stops, and keeps what was written.
      reply.raw.on('close', () => {
        if (!ended) run.place.controller.abort('stopped');
      });
      void streamRun(run, (line) => {
        if (line.type === 'end') ended = true;
        if (!body.writableEnded) body.write(`${JSON.stringify(line)}\n`);
        if (line.type === 'end') body.end();
      }).finally(run.place.release);

      return reply
        .code(200)
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(body);
    },
  );

  /**
   * A started run, from the provider to the team: each part scrubbed of the key before it is written, the
   * answer counted as it streams and cut at what was reserved, then saved and charged (never past that).
   */
  const streamRun = async (run: Awaited<ReturnType<typeof startTeamRun>>, write: (line: RunLine) => void) => {
    const { row, prompt, place, reserved } = run;
    const { teamId, phaseNumber } = row;
    const first = toRun(row);
    write({ type: 'start', run: first });
    await app.announce.run(teamId, { type: 'run', runId: row.id, phaseNumber, status: 'running' });
    const clean = scrubber.stream();
    let raw = '';
    let usage: ModelUsage;
    let failure: ModelRunError | undefined;
    try {
      usage = await client.run(
        prompt,
        place.controller.signal,
        (text) => {
          raw += text;
          const safe = clean.push(text);
          if (safe) write({ type: 'delta', text: safe });
        },
        counter.count,
      );
    } catch (error) {
      failure = error instanceof ModelRunError ? error : new ModelRunError('unavailable');
      // The failure and the provider's status only: its message may quote the request (a key, masked).
      app.log.warn({ runId: row.id, failure: failure.failure, status: failure.status }, 'model run failed');
    }
    const rest = clean.end();
    if (rest) write({ type: 'delta', text: rest });
    const answer = clean.text();
    // Charged: the model's own count, else the server's; nothing when the provider answered nothing (it
    // refused, or never came); never more than the run reserved.
    const counted =
      usage ??
      (raw === '' && failure && failure.failure !== 'too-long'
        ? { promptTokens: 0, completionTokens: 0 }
        : {
            promptTokens: reserved.promptTokens,
            completionTokens: failure?.failure === 'too-long' ? model.maxOutputTokens : counter.count(raw),
          });
    const tokens = chargeOf(reserved, counted);
    const status = !failure ? 'done' : failure.failure === 'stopped' ? 'stopped' : 'failed';
    const error = !failure
      ? null
      : failure.failure === 'refused'
        ? MESSAGES.runFailed.refused(failure.status)
        : MESSAGES.runFailed[failure.failure];
    let last: Run = { ...first, answer, status, error, ...tokens, finishedAt: new Date().toISOString() };
    try {
      const saved = await finishRun(app.db, row.id, { status, answer, error, ...tokens });
      if (saved) last = toRun(saved);
    } catch (saveError) {
      app.log.error({ err: saveError, runId: row.id }, 'could not save a model run');
    }
    write({ type: 'end', run: last });
    await app.announce.run(teamId, { type: 'run', runId: row.id, phaseNumber, status: last.status });
  };

  app.get(
    '/api/admin/runs',
    { onRequest: [adminOnly, noStore], schema: { response: { 200: AdminRunsSchema, ...errors } } },
    async () => {
      const [cohorts, teams] = await Promise.all([
        listCohortRunSettings(app.db),
        listTeamRunUse(app.db, model.maxRunMs),
      ]);
      return {
        model: model.model,
        pricing: model.pricing ?? null,
        smallestBudgetTokens: smallestBudget(model),
        cohorts,
        teams: teamsWithTokensLeft(cohorts, teams),
      };
    },
  );

  app.patch(
    '/api/admin/cohorts/:tag/runs',
    {
      onRequest: adminOnly,
      schema: {
        params: CohortTagParams,
        body: CohortRunSettingsBodySchema,
        response: { 200: CohortRunSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const tag = cohortTag(request.params.tag);
      const least = smallestBudget(model);
      for (const setting of ['budgetTokens', 'cohortBudgetTokens'] as const) {
        const value = request.body[setting];
        if (typeof value === 'number' && value < least) {
          throw badRequest(MESSAGES.budgetBelowOneRun(setting, least));
        }
      }
      const settings = await setCohortRunSettings(app.db, tag, request.body);
      if (!settings) throw notFound(MESSAGES.cohortNotFound);
      request.log.info({ tag, ...request.body }, 'cohort runs changed');
      await app.announce.runSettings(await listCohortTeamIds(app.db, tag));
      return settings;
    },
  );

  app.patch(
    '/api/admin/teams/:teamId/runs',
    {
      onRequest: adminOnly,
      schema: {
        params: TeamParams,
        body: TeamRunPauseBodySchema,
        response: { 200: TeamRunPauseBodySchema, ...errors },
      },
    },
    async (request) => {
      const { teamId } = request.params;
      if (!(await setTeamRunsPaused(app.db, teamId, request.body.paused))) {
        throw notFound(MESSAGES.workspaceNotFound);
      }
      request.log.info({ teamId, paused: request.body.paused }, 'team runs paused or resumed');
      await app.announce.runSettings([teamId]);
      return { paused: request.body.paused };
    },
  );
};
