import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type CohortEvent, CohortSchema, CohortStatusSchema } from '../../shared/schemas/cohort.ts';
import { ErrorResponseSchema } from '../../shared/schemas/common.ts';
import { findCohortByTag, toCohort } from '../db/cohorts.ts';
import { countBallots } from '../db/showcase.ts';
import { cohortLoader } from '../lib/load-cohort.ts';

/** How long a browser waits before reconnecting a dropped stream. */
export const EVENT_STREAM_RETRY_MS = 3000;
/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const EVENT_STREAM_HEARTBEAT_MS = 20_000;

const TagParams = z.object({ tag: z.string().max(100) });

/** The public face of a cohort: its record, its switches, and its live event stream (DESIGN section 6). */
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
      const { name, competitionEnabled, votingOpen, resultsVisible } = await loadCohort(request.params.tag);
      return { name, competitionEnabled, votingOpen, resultsVisible };
    },
  );

  // Open streams never finish on their own: they are ended before the server closes, or close() would
  // wait for them forever (SIGTERM, tests).
  const openStreams = new Set<ServerResponse>();
  app.addHook('preClose', (done) => {
    for (const stream of openStreams) stream.end();
    openStreams.clear();
    done();
  });

  app.get(
    '/api/cohorts/:tag/events',
    { schema: { params: TagParams, response: { 404: ErrorResponseSchema } } },
    async (request, reply) => {
      const { tag } = await loadCohort(request.params.tag);

      // Written by hand to the socket: no compression, no buffering, no serializer in between.
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      stream.write(`retry: ${EVENT_STREAM_RETRY_MS}\n\n`);
      const send = (event: CohortEvent) => {
        if (!stream.writableEnded) stream.write(`data: ${JSON.stringify(event)}\n\n`);
      };

      // Subscribe before reading the current state so nothing published meanwhile is lost; what arrives
      // before the state is sent waits behind it.
      let queued: CohortEvent[] | null = [];
      const unsubscribe = app.cohortEvents.subscribe(tag, (event) => {
        if (queued) queued.push(event);
        else send(event);
      });
      const heartbeat = setInterval(() => {
        if (!stream.writableEnded) stream.write(': heartbeat\n\n');
      }, EVENT_STREAM_HEARTBEAT_MS);
      openStreams.add(stream);
      stream.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(stream);
      });

      try {
        const [current, counts] = await Promise.all([
          findCohortByTag(app.db, tag),
          countBallots(app.db, tag),
        ]);
        if (current) send({ type: 'cohort', cohort: toCohort(current) });
        send({ type: 'ballots', ...counts });
      } catch (error) {
        request.log.warn({ err: error }, 'could not read the cohort state for an event stream');
      }
      const waiting = queued;
      queued = null;
      for (const event of waiting) send(event);
    },
  );
};
