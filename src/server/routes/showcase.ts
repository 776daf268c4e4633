import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import {
  BallotBodySchema,
  BallotResponseSchema,
  ResultRowSchema,
  ShowcaseTeamSchema,
} from '../../shared/schemas/showcase.ts';
import { findCohortByTag } from '../db/cohorts.ts';
import type { CohortRow } from '../db/schema.ts';
import {
  VOTING_MESSAGES,
  castBallot,
  cohortResults,
  countBallots,
  findBallotVotes,
  listShowcaseTeams,
} from '../db/showcase.ts';
import { HttpError, badRequest, conflict, forbidden, notFound, unauthorized } from '../lib/http-error.ts';
import { requireTeamAccess } from '../plugins/sessions.ts';

const TagParams = z.object({ tag: z.string().max(100) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

const TEAM_SESSION_REQUIRED = 'Team session required. Open your workspace first.';
const OTHER_COHORT = 'This showcase belongs to another cohort.';
const SUBMIT_FIRST = 'Submit your own website to see the showcase.';
const RESULTS_HIDDEN = 'The results have not been released yet.';

/** Showcase, ballots and results of a cohort (docs/product.md, Cohorts, showcase and voting). */
export const showcaseRoutes: FastifyPluginAsyncZod = async (app) => {
  async function loadCohort(tag: string): Promise<CohortRow> {
    const cohort = await findCohortByTag(app.db, tag);
    if (!cohort) throw notFound('Cohort not found.');
    return cohort;
  }

  /** An admin, or a team of the cohort that has submitted its own site. */
  async function requireShowcaseAccess(request: FastifyRequest, cohort: CohortRow): Promise<void> {
    if (await request.sessionAdmin()) return;
    const team = await request.sessionTeam();
    if (!team) throw unauthorized(TEAM_SESSION_REQUIRED);
    if (team.cohortTag !== cohort.tag) throw forbidden(OTHER_COHORT);
    if (!team.submittedWebsiteUrl) throw forbidden(SUBMIT_FIRST);
  }

  app.get(
    '/api/showcase/:tag',
    { schema: { params: TagParams, response: { 200: z.array(ShowcaseTeamSchema), ...errors } } },
    async (request) => {
      const cohort = await loadCohort(request.params.tag);
      await requireShowcaseAccess(request, cohort);
      return listShowcaseTeams(app.db, cohort.tag);
    },
  );

  app.get(
    '/api/showcase/:tag/vote',
    {
      schema: {
        params: TagParams,
        querystring: z.object({ team_id: IdSchema.optional() }),
        response: { 200: BallotResponseSchema, ...errors },
      },
    },
    async (request) => {
      const cohort = await loadCohort(request.params.tag);
      const teamId = request.query.team_id ?? (await request.sessionTeam())?.id;
      if (!teamId) throw unauthorized(TEAM_SESSION_REQUIRED);
      await requireTeamAccess(request, teamId);
      return { votes: await findBallotVotes(app.db, cohort.tag, teamId) };
    },
  );

  app.post(
    '/api/showcase/:tag/vote',
    {
      schema: {
        params: TagParams,
        body: BallotBodySchema,
        response: { 201: BallotResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const cohort = await loadCohort(request.params.tag);
      const voter = await request.sessionTeam();
      if (!voter) {
        if (await request.sessionAdmin()) throw forbidden(VOTING_MESSAGES.notInCohort);
        throw unauthorized(TEAM_SESSION_REQUIRED);
      }
      const outcome = await castBallot(app.db, {
        tag: cohort.tag,
        voterTeamId: voter.id,
        votes: request.body.votes,
      });
      if (!outcome.ok) {
        switch (outcome.reason) {
          case 'closed':
          case 'not-voter':
            throw forbidden(outcome.message);
          case 'invalid':
            throw badRequest(outcome.message);
          case 'already-voted':
            throw conflict(outcome.message);
          default:
            throw new HttpError(500, 'Unexpected ballot outcome');
        }
      }
      // The ballot has landed; a failed broadcast must not turn it into an error.
      try {
        await app.cohortEvents.publish(cohort.tag, {
          type: 'ballots',
          ...(await countBallots(app.db, cohort.tag)),
        });
      } catch (error) {
        request.log.warn({ err: error }, 'could not publish the ballot count');
      }
      return reply.status(201).send({ votes: outcome.votes });
    },
  );

  app.get(
    '/api/showcase/:tag/results',
    { schema: { params: TagParams, response: { 200: z.array(ResultRowSchema), ...errors } } },
    async (request) => {
      const cohort = await loadCohort(request.params.tag);
      if (!cohort.resultsVisible && !(await request.sessionAdmin())) throw forbidden(RESULTS_HIDDEN);
      return cohortResults(app.db, cohort.tag);
    },
  );
};
