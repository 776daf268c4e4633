import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CohortSchema, CohortStatusSchema } from '../../shared/schemas/cohort.ts';
import { ErrorResponseSchema } from '../../shared/schemas/common.ts';
import { toCohort } from '../db/cohorts.ts';
import { countBallots } from '../db/showcase.ts';
import { cohortLoader } from '../lib/load-cohort.ts';

const TagParams = z.object({ tag: z.string().max(100) });

/** A cohort seen by anyone: its record and its switches (its live stream: routes/live-events.ts). */
export const cohortPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadCohort = cohortLoader(app.db);

  app.get(
    '/api/cohorts/:tag',
    { schema: { params: TagParams, response: { 200: CohortSchema, 404: ErrorResponseSchema } } },
    async (request) => toCohort(await loadCohort(request.params.tag)),
  );

  app.get(
    '/api/cohorts/:tag/status',
    { schema: { params: TagParams, response: { 200: CohortStatusSchema, 404: ErrorResponseSchema } } },
    async (request) => {
      const cohort = toCohort(await loadCohort(request.params.tag));
      const { name, competitionEnabled, votingOpen, resultsVisible, revealedAt } = cohort;
      const counts = await countBallots(app.db, cohort.tag);
      return { name, competitionEnabled, votingOpen, resultsVisible, revealedAt, ...counts };
    },
  );
};
