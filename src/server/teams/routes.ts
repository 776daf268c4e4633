import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmsTeamName } from '../../shared/data-deletion.ts';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import { DeletedTeamSchema, DeleteTeamBodySchema } from '../../shared/schemas/data-deletion.ts';
import {
  AdminTeamSchema,
  CreateTeamBodySchema,
  TeamSchema,
  UpdateAvatarBodySchema,
  UpdateWebsiteBodySchema,
} from '../../shared/schemas/team.ts';
import { WORKSPACE_CODE_PATTERN } from '../../shared/workspace-code.ts';
import { normaliseWebsiteUrl } from '../../shared/website-url.ts';
import { guarded } from '../lib/attempt-limiter.ts';
import { clientKey } from '../lib/client-key.ts';
import { badRequest, conflict, notFound, unavailable } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { noStore } from '../lib/no-store.ts';
import { adminOnly, clearSessionCookies, requireTeamAccess, startSession } from '../plugins/sessions.ts';
import type { ProgrammeLibrary, ProgrammeVersionContent } from '../programmes/library.ts';
import { teamProgressCsv } from './progress-csv.ts';
import {
  AvatarTakenError,
  CodeTakenError,
  createTeam,
  deleteTeamNamed,
  findTeamByCode,
  findTeamById,
  listTeamsForAdmin,
  NoFreeCodeError,
  type ProgrammeForms,
  replaceTeamCode,
  toTeam,
  updateTeamAvatar,
  updateTeamWebsite,
} from './queries.ts';

const TeamIdParams = z.object({ teamId: IdSchema });

/** The forms of the activities a programme version runs (switched-off ones are not part of its day). */
function formsOf(content: ProgrammeVersionContent) {
  return [...content.configs]
    .filter(([phase]) => !content.switchedOff.includes(phase))
    .map(([phase, config]) => ({ phase, fields: config.fields }));
}
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/**
 * Workspaces: a team creates and finds its own, sets its avatar and website, deletes it; instructors
 * (`adminOnly`) list every team, give one a new code, export the progress, and delete a team too.
 */
export const teamRoutes: FastifyPluginAsyncZod<{ programmes: ProgrammeLibrary }> = async (app, options) => {
  /** The forms of what each cohort runs now, for the activities each team has done (the progress board). */
  async function programmeForms(): Promise<ProgrammeForms> {
    const run = await options.programmes.inUse();
    return {
      standard: formsOf(run.standard),
      byProgramme: new Map(
        [...run.byId].map(([id, { version, content }]) => [
          id,
          { version, forms: formsOf(content), switchedOff: content.switchedOff },
        ]),
      ),
    };
  }
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
        await app.announce.progress(team.id, 'created');
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
    '/api/teams/:teamId/avatar',
    {
      onRequest: noStore,
      schema: {
        params: TeamIdParams,
        body: UpdateAvatarBodySchema,
        response: { 200: TeamSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireTeamAccess(request, request.params.teamId);
      const team = await updateTeamAvatar(app.db, request.params.teamId, request.body.avatarIcon).catch(
        (error: unknown) => {
          if (error instanceof AvatarTakenError) throw conflict(MESSAGES.avatarTaken);
          throw error;
        },
      );
      if (!team) throw notFound(MESSAGES.workspaceNotFound);
      await app.announce.progress(team.id, 'avatar');
      return toTeam(team);
    },
  );

  app.patch(
    '/api/teams/:teamId/website',
    {
      onRequest: noStore,
      schema: {
        params: TeamIdParams,
        body: UpdateWebsiteBodySchema,
        response: { 200: TeamSchema, ...errors },
      },
    },
    async (request) => {
      await requireTeamAccess(request, request.params.teamId);
      const normalised = normaliseWebsiteUrl(request.body.websiteUrl);
      if (!normalised.ok) throw badRequest(`websiteUrl: ${normalised.message}`);
      const team = await updateTeamWebsite(app.db, request.params.teamId, normalised.url);
      // Deleted since the guard looked.
      if (!team) throw notFound(MESSAGES.workspaceNotFound);
      // The showcase gains a site (or shows the new address) and the dashboards a submission.
      if (team.cohortTag) await app.announce.ballotCounts(team.cohortTag);
      await app.announce.progress(team.id, 'website');
      return toTeam(team);
    },
  );

  /**
   * Deleting data on request: the team itself or an instructor, confirmed with the team's name. Its
   * answers, ballot, the votes for it and its sessions go with it.
   */
  app.delete(
    '/api/teams/:teamId',
    {
      schema: {
        params: TeamIdParams,
        body: DeleteTeamBodySchema,
        response: { 200: DeletedTeamSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await requireTeamAccess(request, request.params.teamId);
      const team = await findTeamById(app.db, request.params.teamId);
      if (!team) throw notFound(MESSAGES.workspaceNotFound);
      if (!confirmsTeamName(request.body.confirmName, team.name)) {
        throw badRequest(MESSAGES.wrongDeletionConfirmation);
      }
      const deleted = await deleteTeamNamed(app.db, team.id, team.name);
      if (!deleted) throw notFound(MESSAGES.workspaceNotFound);
      // Its sessions are gone with it; the browser that deleted its own workspace forgets the cookie too.
      if (caller === 'team') clearSessionCookies(request, reply, 'team');
      // Every stream carrying it ends (its pages reconnect and hear it is gone).
      await app.announce.endStreams({ team: deleted.id });
      if (deleted.cohortTag) await app.announce.ballotCounts(deleted.cohortTag);
      await app.announce.progress(deleted.id, 'deleted');
      return { id: deleted.id, name: deleted.name, cohortTag: deleted.cohortTag };
    },
  );

  // The list carries every team's code and access token.
  app.get(
    '/api/teams',
    {
      onRequest: [noStore, adminOnly],
      schema: { response: { 200: z.array(AdminTeamSchema), ...errors } },
    },
    async () => listTeamsForAdmin(app.db, await programmeForms()),
  );

  /**
   * A leaked code: the team gets a new Workspace Code and a new access token, every session of the team
   * ends (on every device), and its answers stay. The answer carries the new code and token.
   */
  app.post(
    '/api/admin/teams/:teamId/rotate-code',
    {
      onRequest: [noStore, adminOnly],
      schema: { params: TeamIdParams, response: { 200: TeamSchema, 503: ErrorResponseSchema, ...errors } },
    },
    async (request) => {
      let team: Awaited<ReturnType<typeof replaceTeamCode>>;
      try {
        team = await replaceTeamCode(app.db, request.params.teamId);
      } catch (error) {
        if (error instanceof NoFreeCodeError) throw unavailable(MESSAGES.noFreeCode);
        throw error;
      }
      if (!team) throw notFound(MESSAGES.workspaceNotFound);
      // Its sessions are gone from the database; this instance stops counting them as sessions too.
      app.knownSessions.forgetOwner(team.id);
      // ...and every stream they opened ends, on every instance.
      await app.announce.endStreams({ teamSessionsOf: team.id });
      await app.announce.progress(team.id, 'code');
      request.log.info({ teamId: team.id }, 'workspace code and access token replaced');
      return toTeam(team);
    },
  );

  app.get('/api/admin/export', { onRequest: adminOnly }, async (request, reply) => {
    const fileName = `team-progress-${new Date().toISOString().slice(0, 10)}.csv`;
    const run = await options.programmes.inUse();
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(teamProgressCsv(app.db, run, (error) => request.log.error({ err: error }, 'export failed')));
  });
};
