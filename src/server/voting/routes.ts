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
import { revealStepOf, withholdUnrevealed } from '../../shared/results-withheld.ts';
import { showcaseOrder } from './showcase-order.ts';
import type { CohortRow, TeamRow } from '../db/schema.ts';
import { cohortResults, findBallotVotes, listShowcaseTeams } from './queries.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../lib/http-error.ts';
import { CohortTagParams, cohortLoader } from '../cohorts/lookup.ts';
import { MESSAGES } from '../lib/messages.ts';
import { requireTeamAccess } from '../plugins/sessions.ts';
import { castBallot } from './ballot-rules.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Showcase, ballots and results of a cohort (docs/product.md, Cohorts, showcase and voting). */
export const showcaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadCohort = cohortLoader(app.db);

  /**
   * An admin, or a team of the cohort that has submitted its own site. Answers that team (the viewer the
   * showcase is ordered for), or undefined for an admin.
   */
  async function requireShowcaseAccess(
    request: FastifyRequest,
    cohort: CohortRow,
  ): Promise<TeamRow | undefined> {
    if (await request.sessionAdmin()) return undefined;
    const team = await request.sessionTeam();
    if (!team) throw unauthorized(MESSAGES.teamSessionRequired);
    if (team.cohortTag !== cohort.tag) throw forbidden(MESSAGES.otherCohortsShowcase);
    if (!team.submittedWebsiteUrl) throw forbidden(MESSAGES.submitToSeeShowcase);
    return team;
  }

  /** A team sees the cohort in an order of its own (src/server/voting/showcase-order.ts); an admin by name. */
  app.get(
    '/api/showcase/:tag',
    { schema: { params: CohortTagParams, response: { 200: z.array(ShowcaseTeamSchema), ...errors } } },
    async (request) => {
      const cohort = await loadCohort(request.params.tag);
      const viewer = await requireShowcaseAccess(request, cohort);
      const teams = await listShowcaseTeams(app.db, cohort.tag);
      return showcaseOrder(teams, viewer ? { teamId: viewer.id, cohortTag: cohort.tag } : undefined);
    },
  );

  app.get(
    '/api/showcase/:tag/vote',
    {
      schema: {
        params: CohortTagParams,
        querystring: z.object({ team_id: IdSchema.optional() }),
        response: { 200: BallotResponseSchema, ...errors },
      },
    },
    async (request) => {
      const cohort = await loadCohort(request.params.tag);
      const teamId = request.query.team_id ?? (await request.sessionTeam())?.id;
      if (!teamId) throw unauthorized(MESSAGES.teamSessionRequired);
      await requireTeamAccess(request, teamId);
      return { votes: await findBallotVotes(app.db, cohort.tag, teamId) };
    },
  );

  app.post(
    '/api/showcase/:tag/vote',
    {
      schema: {
        params: CohortTagParams,
        body: BallotBodySchema,
        response: { 201: BallotResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const cohort = await loadCohort(request.params.tag);
      const voter = await request.sessionTeam();
      if (!voter) {
        if (await request.sessionAdmin()) throw forbidden(MESSAGES.voting.notInCohort);
        throw unauthorized(MESSAGES.teamSessionRequired);
      }
      const outcome = await castBallot(app.db, {
        tag: cohort.tag,
        voterTeamId: voter.id,
        votes: request.body.votes,
      });
      if (!outcome.ok) {
        if (outcome.reason === 'invalid') throw badRequest(outcome.message);
        if (outcome.reason === 'already-voted') throw conflict(outcome.message);
        throw forbidden(outcome.message);
      }
      await app.announce.ballotCounts(cohort.tag);
      await app.announce.progress(voter.id, 'voted');
      return reply.status(201).send({ votes: outcome.votes });
    },
  );

  app.get(
    '/api/showcase/:tag/results',
    { schema: { params: CohortTagParams, response: { 200: z.array(ResultRowSchema), ...errors } } },
    async (request) => {
      const cohort = await loadCohort(request.params.tag);
      if (await request.sessionAdmin()) return cohortResults(app.db, cohort.tag);
      // While an instructor runs the room's reveal, nothing of the winners leaves before it starts, and
      // then only the places the big screen has shown.
      if (!cohort.resultsVisible || (cohort.revealHeld && !cohort.revealedAt)) {
        throw forbidden(cohort.resultsVisible ? MESSAGES.resultsOnTheBigScreen : MESSAGES.resultsHidden);
      }
      const rows = await cohortResults(app.db, cohort.tag);
      const step = revealStepOf({
        revealedAt: cohort.revealedAt?.toISOString() ?? null,
        revealStep: cohort.revealStep,
      });
      return cohort.revealHeld ? withholdUnrevealed(rows, step) : rows;
    },
  );
};
