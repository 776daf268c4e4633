import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { estimateTokens } from '../../shared/model-runs.ts';
import { TOTAL_PHASES } from '../../shared/phases.ts';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import {
  AdminRunsSchema,
  type Allowance,
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
import { conflict, forbidden, HttpError, notFound, unavailable } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { noStore } from '../lib/no-store.ts';
import { adminOnly, requireTeamAccess } from '../plugins/sessions.ts';
import { ModelClient, ModelRunError, type ModelUsage } from './model-client.ts';
import {
  finishRun,
  listCohortRunSettings,
  listRuns,
  listTeamRunUse,
  type Refusal,
  refusalOf,
  type Standing,
  setCohortRunSettings,
  setTeamRunsPaused,
  startRun,
  sweepInterruptedRuns,
  teamStanding,
  toRun,
} from './queries.ts';

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

/** A refusal as the team reads it, and its status. */
function refusalError(refusal: Refusal, standing: Standing, reserve: number): HttpError {
  switch (refusal) {
    case 'no-cohort':
      return forbidden(MESSAGES.runsNoCohort);
    case 'off':
      return forbidden(MESSAGES.runsOff);
    case 'paused':
      return forbidden(MESSAGES.runsPaused);
    case 'rate':
      return new HttpError(429, MESSAGES.tooManyRuns(standing.cohort!.runsPerMinute), {
        'retry-after': '60',
      });
    case 'budget': {
      const left = Math.max(0, standing.cohort!.budgetTokens - standing.usedTokens - standing.reservedTokens);
      return conflict(MESSAGES.runBudgetSpent(left, reserve));
    }
  }
}

/**
 * Running a prompt on the institute's model (docs/product.md, Running a prompt in the app;
 * docs/decisions/045-running-prompts-on-a-model.md). Registered only when the model is set up (OPENAI_MODEL):
 * otherwise none of these paths exists. A team runs its own prompts, within its cohort's budget and limit a
 * minute, while its instructor has runs switched on and the team is not paused; the answer streams back on
 * the request itself, and the team's pages and the dashboards hear that a run started and ended.
 */
export const runRoutes: FastifyPluginAsyncZod<{ model: ModelConfig; client?: ModelClient }> = async (
  app,
  options,
) => {
  const { model } = options;
  const client = options.client ?? new ModelClient(model);
  /** The runs in flight on this instance: bounded, and stopped when the server stops. */
  const inFlight = new Map<AbortController, Promise<void>>();

  const sweep = async () => {
    try {
      await sweepInterruptedRuns(app.db, model.maxRunMs, MESSAGES.interruptedRun);
    } catch (error) {
      app.log.warn({ err: error }, 'could not mark interrupted runs');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(sweep, INTERRUPTED_SWEEP_MS);
    timer.unref();
  });
  // Before the server stops taking connections: every run in flight ends now, saved as cut off.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    for (const controller of inFlight.keys()) controller.abort('shutdown');
    await Promise.allSettled(inFlight.values());
  });

  const allowanceOf = (standing: Standing): Allowance => {
    const refusal = refusalOf({ ...standing, recentRuns: 0 }, model.maxOutputTokens);
    return {
      model: model.model,
      pricing: model.pricing ?? null,
      on: standing.cohort?.on ?? false,
      paused: standing.paused,
      budgetTokens: standing.cohort?.budgetTokens ?? 0,
      usedTokens: standing.usedTokens,
      reservedTokens: standing.reservedTokens,
      runsPerMinute: standing.cohort?.runsPerMinute ?? 0,
      blocked: refusal ? refusalError(refusal, standing, model.maxOutputTokens).message : null,
    };
  };

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
        allowance: allowanceOf(standing),
      };
    },
  );

  app.post(
    '/api/teams/:teamId/runs',
    {
      // The answer streams: written to the socket as it comes, never held back to be compressed.
      compress: false,
      bodyLimit: 256 * 1024,
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
      if ((await requireTeamAccess(request, teamId)) !== 'team') throw forbidden(MESSAGES.runIsTheTeams);
      if (inFlight.size >= model.runsInFlight) throw unavailable(MESSAGES.modelBusy);
      const { phaseNumber, prompt } = request.body;
      const reserve = estimateTokens(prompt) + model.maxOutputTokens;
      const controller = new AbortController();
      // The place is held from here, before the database is asked, so a burst cannot pass the bound.
      let settle!: () => void;
      inFlight.set(controller, new Promise((resolve) => (settle = resolve)));
      const release = () => {
        inFlight.delete(controller);
        settle();
      };
      let started: Awaited<ReturnType<typeof startRun>>;
      try {
        started = await startRun(app.db, {
          teamId,
          phaseNumber,
          prompt,
          model: model.model,
          reserve,
          maxRunMs: model.maxRunMs,
        });
      } catch (error) {
        release();
        throw error;
      }
      if (!started) {
        release();
        throw notFound(MESSAGES.workspaceNotFound);
      }
      if ('refusal' in started) {
        release();
        throw refusalError(started.refusal, started.standing, reserve);
      }
      const row = started.row;
      const body = new PassThrough();
      let ended = false;
      const write = (line: RunLine) => {
        if (!body.writableEnded) body.write(`${JSON.stringify(line)}\n`);
      };
      // The page went away (or its Stop was pressed): the run stops, and keeps what was written.
      reply.raw.on('close', () => {
        if (!ended) controller.abort('stopped');
      });

      const run = async () => {
        const first = toRun(row);
        write({ type: 'start', run: first });
        await app.announce.run(teamId, { type: 'run', runId: row.id, phaseNumber, status: 'running' });
        let answer = '';
        let usage: ModelUsage;
        let failure: ModelRunError | undefined;
        try {
          usage = await client.run(prompt, controller.signal, (text) => {
            answer += text;
            write({ type: 'delta', text });
          });
        } catch (error) {
          failure = error instanceof ModelRunError ? error : new ModelRunError('unavailable');
          // The failure and the provider's status only: its message may quote the request (a key, masked).
          request.log.warn(
            { runId: row.id, failure: failure.failure, status: failure.status },
            'model run failed',
          );
        }
        // Charged: the model's own count, else an estimate of what was sent and written; nothing when the
        // provider answered nothing (it refused, or never came).
        const tokens =
          usage ??
          (answer === '' && failure
            ? { promptTokens: 0, completionTokens: 0 }
            : { promptTokens: estimateTokens(prompt), completionTokens: estimateTokens(answer) });
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
          request.log.error({ err: saveError, runId: row.id }, 'could not save a model run');
        }
        ended = true;
        write({ type: 'end', run: last });
        body.end();
        await app.announce.run(teamId, { type: 'run', runId: row.id, phaseNumber, status: last.status });
      };
      void run().finally(release);

      return reply
        .code(200)
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(body);
    },
  );

  app.get(
    '/api/admin/runs',
    { onRequest: [adminOnly, noStore], schema: { response: { 200: AdminRunsSchema, ...errors } } },
    async () => {
      const [cohorts, teams] = await Promise.all([
        listCohortRunSettings(app.db),
        listTeamRunUse(app.db, model.maxRunMs),
      ]);
      return { model: model.model, pricing: model.pricing ?? null, cohorts, teams };
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
