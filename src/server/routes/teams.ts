import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import {
  CreateTeamBodySchema,
  TeamSchema,
  UpdateAvatarBodySchema,
  UpdateWebsiteBodySchema,
} from '../../shared/schemas/team.ts';
import { WORKSPACE_CODE_PATTERN } from '../../shared/workspace-code.ts';
import { normaliseWebsiteUrl } from '../../shared/website-url.ts';
import {
  CodeTakenError,
  createTeam,
  findTeamByCode,
  findTeamById,
  toTeam,
  updateTeamAvatar,
  updateTeamWebsite,
} from '../db/teams.ts';
import { badRequest, conflict, notFound } from '../lib/http-error.ts';
import { requireTeamAccess, startSession } from '../plugins/sessions.ts';

const TeamIdParams = z.object({ id: IdSchema });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/teams',
    {
      schema: {
        body: CreateTeamBodySchema,
        response: { 201: TeamSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { name, code } = request.body;
      // A taken explicit code reveals that a workspace exists: it counts as a failed look-up.
      if (code) await app.lookupFailures.assertAllowed(request.ip);
      try {
        const team = await createTeam(app.db, name, code);
        await startSession(app.db, request, reply, 'team', { teamId: team.id });
        return reply.status(201).send(toTeam(team));
      } catch (error) {
        if (error instanceof CodeTakenError) {
          await app.lookupFailures.recordFailure(request.ip);
          throw conflict('That Workspace Code is already taken. Please choose another.');
        }
        throw error;
      }
    },
  );

  app.get(
    '/api/teams/:code',
    {
      schema: {
        params: z.object({ code: z.string().max(16) }),
        response: { 200: TeamSchema, ...errors, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      await app.lookupFailures.assertAllowed(request.ip);
      const code = request.params.code.trim().toUpperCase();
      const team = WORKSPACE_CODE_PATTERN.test(code) ? await findTeamByCode(app.db, code) : undefined;
      if (!team) {
        await app.lookupFailures.recordFailure(request.ip);
        throw notFound('Workspace not found.');
      }
      return toTeam(team);
    },
  );

  app.patch(
    '/api/teams/:id/avatar',
    {
      schema: {
        params: TeamIdParams,
        body: UpdateAvatarBodySchema,
        response: { 200: TeamSchema, ...errors },
      },
    },
    async (request) => {
      await requireTeamAccess(request, request.params.id);
      const team = await updateTeamAvatar(app.db, request.params.id, request.body.avatarIcon);
      if (!team) throw notFound('Workspace not found.');
      return toTeam(team);
    },
  );

  app.patch(
    '/api/teams/:id/website',
    {
      schema: {
        params: TeamIdParams,
        body: UpdateWebsiteBodySchema,
        response: { 200: TeamSchema, ...errors },
      },
    },
    async (request) => {
      await requireTeamAccess(request, request.params.id);
      const normalised = normaliseWebsiteUrl(request.body.websiteUrl);
      if (!normalised.ok) throw badRequest(`websiteUrl: ${normalised.message}`);
      const existing = await findTeamById(app.db, request.params.id);
      if (!existing) throw notFound('Workspace not found.');
      const team = await updateTeamWebsite(app.db, existing.id, normalised.url);
      return toTeam(team!);
    },
  );
};
