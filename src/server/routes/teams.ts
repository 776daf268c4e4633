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
  NoFreeCodeError,
  toTeam,
  updateTeamAvatar,
  updateTeamWebsite,
} from '../db/teams.ts';
import { announceCounts } from '../lib/announce-counts.ts';
import { guarded } from '../lib/attempt-limiter.ts';
import { clientKey } from '../lib/client-key.ts';
import { badRequest, conflict, notFound, unavailable } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { noStore } from '../lib/no-store.ts';
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
      onRequest: noStore,
      schema: {
        body: CreateTeamBodySchema,
        response: {
          201: TeamSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
          503: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { name, code } = request.body;
      const address = clientKey(request);
      // Creations count per address whatever their outcome is to be; one that creates nothing gives its
      // slot back.
      const creation = await app.creationAttempts.take(address);
      try {
        // A taken explicit code reveals that a workspace exists: it counts as a failed look-up.
        const team = code
          ? await guarded(app.lookupAttempts, address, () => createTeamUnlessTaken(name, code))
          : await createTeam(app.db, name);
        if (!team) throw conflict(MESSAGES.codeTaken);
        await startSession(app.db, request, reply, 'team', { teamId: team.id });
        await app.adminEvents.publish(team.id, 'created');
        return reply.status(201).send(toTeam(team));
      } catch (error) {
        await creation.release();
        // Every code drawn was taken: a clear 503, never a 500.
        if (error instanceof NoFreeCodeError) throw unavailable(MESSAGES.noFreeCode);
        throw error;
      }
    },
  );

  async function createTeamUnlessTaken(name: string, code: string) {
    try {
      return await createTeam(app.db, name, code);
    } catch (error) {
      if (error instanceof CodeTakenError) return undefined;
      throw error;
    }
  }

  app.get(
    '/api/teams/:code',
    {
      onRequest: noStore,
      schema: {
        params: z.object({ code: z.string().max(16) }),
        response: { 200: TeamSchema, ...errors, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const code = request.params.code.trim().toUpperCase();
      // The slot is taken before the look-up, so requests sent together cannot all pass the check.
      const team = await guarded(app.lookupAttempts, clientKey(request), async () =>
        WORKSPACE_CODE_PATTERN.test(code) ? findTeamByCode(app.db, code) : undefined,
      );
      if (!team) throw notFound(MESSAGES.workspaceNotFound);
      return toTeam(team);
    },
  );

  app.patch(
    '/api/teams/:id/avatar',
    {
      onRequest: noStore,
      schema: {
        params: TeamIdParams,
        body: UpdateAvatarBodySchema,
        response: { 200: TeamSchema, ...errors },
      },
    },
    async (request) => {
      await requireTeamAccess(request, request.params.id);
      const team = await updateTeamAvatar(app.db, request.params.id, request.body.avatarIcon);
      if (!team) throw notFound(MESSAGES.workspaceNotFound);
      await app.adminEvents.publish(team.id, 'avatar');
      return toTeam(team);
    },
  );

  app.patch(
    '/api/teams/:id/website',
    {
      onRequest: noStore,
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
      if (!existing) throw notFound(MESSAGES.workspaceNotFound);
      const team = await updateTeamWebsite(app.db, existing.id, normalised.url);
      // The showcase gains a site (or shows the new address) and the dashboards a submission.
      if (team?.cohortTag) await announceCounts(app, team.cohortTag);
      await app.adminEvents.publish(existing.id, 'website');
      return toTeam(team!);
    },
  );
};
