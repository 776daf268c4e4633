import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import { FactsResponseSchema, SaveFactsBodySchema } from '../../shared/schemas/facts.ts';
import type { TeamEvent } from '../../shared/schemas/team-events.ts';
import { listFacts, saveFacts } from '../db/facts.ts';
import { findTeamById } from '../db/teams.ts';
import { notFound } from '../lib/http-error.ts';
import { liveChannel } from '../lib/live-events.ts';
import { MESSAGES } from '../lib/messages.ts';
import { requireTeamAccess } from '../plugins/sessions.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

const params = z.object({ teamId: IdSchema });

/**
 * The team's shared facts (docs/product.md, The activities and the prompt engine): one copy per team, read
 * and written by every activity that shows them. Same access as the answers: the team's own session or an
 * admin.
 */
export const factRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The team's own session proves the team exists; an admin may name one that does not. */
  async function requireWorkspace(request: Parameters<typeof requireTeamAccess>[0], teamId: string) {
    const access = await requireTeamAccess(request, teamId);
    if (access === 'admin' && !(await findTeamById(app.db, teamId)))
      throw notFound(MESSAGES.workspaceNotFound);
  }

  app.get(
    '/api/teams/:teamId/facts',
    { schema: { params, response: { 200: FactsResponseSchema, ...errors } } },
    async (request) => {
      await requireWorkspace(request, request.params.teamId);
      return { facts: await listFacts(app.db, request.params.teamId) };
    },
  );

  app.post(
    '/api/teams/:teamId/facts',
    { schema: { params, body: SaveFactsBodySchema, response: { 200: FactsResponseSchema, ...errors } } },
    async (request) => {
      const { teamId } = request.params;
      await requireWorkspace(request, teamId);
      const { values, givenIn, clientId } = request.body;
      const saved = await saveFacts(app.db, teamId, values as Record<string, string>, givenIn);
      // Every open page of the team hears of the save (on PostgreSQL, other instances' pages too).
      const event: TeamEvent = { type: 'facts', clientId: clientId ?? null, facts: saved.written };
      await app.liveEvents.publish(liveChannel.team(teamId), event);
      // The instructors' dashboards follow the team's progress.
      await app.adminEvents.publish(teamId, 'saved');
      return { facts: saved.facts };
    },
  );
};
