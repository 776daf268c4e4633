import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type CohortEvent, CohortSchema, CohortStatusSchema } from '../../shared/schemas/cohort.ts';
import { ErrorResponseSchema } from '../../shared/schemas/common.ts';
import { findCohortByTag, toCohort } from '../db/cohorts.ts';
import { countBallots } from '../db/showcase.ts';
import { streamLiveEvents, streamOwner } from '../lib/event-stream.ts';
import { liveChannel } from '../lib/live-events.ts';
import { cohortLoader } from '../lib/load-cohort.ts';

const TagParams = z.object({ tag: z.string().max(100) });

/** A cohort seen by anyone: its record, its switches, its live stream (docs/product.md, The live room). */
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

  app.get(
    '/api/cohorts/:tag/events',
    { schema: { params: TagParams, response: { 404: ErrorResponseSchema, 429: ErrorResponseSchema } } },
    async (request, reply) => {
      const { tag } = await loadCohort(request.params.tag);
      const release = app.eventStreams.claim(await streamOwner(request));
      await streamLiveEvents(request, reply, {
        bus: app.liveEvents,
        registry: app.eventStreams,
        release,
        channel: liveChannel.cohort(tag),
        initial: async () => {
          const [current, counts] = await Promise.all([
            findCohortByTag(app.db, tag),
            countBallots(app.db, tag),
          ]);
          const events: CohortEvent[] = [];
          const cohort = current ? toCohort(current) : undefined;
          if (cohort) events.push({ type: 'cohort', cohort });
          events.push({ type: 'ballots', ...counts });
          // A page opened (or reconnected) after the reveal shows the winners at once.
          if (cohort) events.push({ type: 'reveal', revealedAt: cohort.revealedAt });
          return events;
        },
      });
    },
  );
};
