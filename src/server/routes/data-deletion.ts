import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmsTeamName } from '../../shared/data-deletion.ts';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import {
  DeletedCohortSchema,
  DeletedTeamSchema,
  DeleteTeamBodySchema,
} from '../../shared/schemas/data-deletion.ts';
import { findCohortByTag } from '../db/cohorts.ts';
import { deleteArchivedCohort, deleteTeamNamed } from '../db/data-deletion.ts';
import { findTeamById } from '../db/teams.ts';
import { announceCounts } from '../lib/announce-counts.ts';
import { badRequest, conflict, notFound } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { clearSessionCookies, requireAdmin, requireTeamAccess } from '../plugins/sessions.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/**
 * Deleting data on request: a team's workspace (by the team itself or an instructor, confirmed with the
 * team's name) and an archived cohort (instructors).
 */
export const dataDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/teams/:id',
    {
      schema: {
        params: z.object({ id: IdSchema }),
        body: DeleteTeamBodySchema,
        response: { 200: DeletedTeamSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await requireTeamAccess(request, request.params.id);
      const team = await findTeamById(app.db, request.params.id);
      if (!team) throw notFound(MESSAGES.workspaceNotFound);
      if (!confirmsTeamName(request.body.confirmName, team.name)) {
        throw badRequest(MESSAGES.wrongDeletionConfirmation);
      }
      const deleted = await deleteTeamNamed(app.db, team.id, team.name);
      if (!deleted) throw notFound(MESSAGES.workspaceNotFound);
      // Its sessions are gone with it; the browser that deleted its own workspace forgets the cookie too.
      if (caller === 'team') clearSessionCookies(request, reply, 'team');
      // Every stream carrying it ends (its pages reconnect and hear it is gone).
      await app.endStreams({ team: deleted.id });
      if (deleted.cohortTag) await announceCounts(app, deleted.cohortTag);
      await app.adminEvents.publish(deleted.id, 'deleted');
      return { id: deleted.id, name: deleted.name, cohortTag: deleted.cohortTag };
    },
  );

  app.delete(
    '/api/admin/cohorts/:tag',
    {
      schema: {
        params: z.object({ tag: z.string().trim().toLowerCase().max(64) }),
        response: { 200: DeletedCohortSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const cohort = await findCohortByTag(app.db, request.params.tag);
      if (!cohort) throw notFound(MESSAGES.cohortNotFound);
      if (!cohort.archivedAt) throw conflict(MESSAGES.cohortStillActive);
      const deleted = await deleteArchivedCohort(app.db, cohort.tag);
      // Restored or deleted by another instructor in the meantime.
      if (!deleted) {
        if (await findCohortByTag(app.db, cohort.tag)) throw conflict(MESSAGES.cohortStillActive);
        throw notFound(MESSAGES.cohortNotFound);
      }
      await app.endStreams({ cohort: deleted.tag });
      await announceCounts(app, deleted.tag);
      return deleted;
    },
  );
};
