import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TeamAssignmentResultSchema } from '../../shared/schemas/admin.ts';
import {
  AdminCohortSchema,
  type Cohort,
  CohortSchema,
  CreateCohortBodySchema,
  RevealResponseSchema,
  TeamIdsBodySchema,
  UpdateCohortBodySchema,
} from '../../shared/schemas/cohort.ts';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import { AdminTeamSchema, TeamSchema } from '../../shared/schemas/team.ts';
import {
  CohortTagTakenError,
  type CohortSwitch,
  createCohort,
  listCohortsForAdmin,
  listTeamsForAdmin,
  revealCohort,
  setCohortArchived,
  setCohortSwitch,
  setTeamsCohort,
  UnknownTeamsError,
} from '../db/admin.ts';
import { toCohort } from '../db/cohorts.ts';
import { NoFreeCodeError, replaceTeamCode, toTeam } from '../db/teams.ts';
import { announceCounts } from '../lib/announce-counts.ts';
import { badRequest, conflict, notFound, unavailable } from '../lib/http-error.ts';
import { liveChannel } from '../lib/live-events.ts';
import { cohortLoader } from '../lib/load-cohort.ts';
import { MESSAGES } from '../lib/messages.ts';
import { noStore } from '../lib/no-store.ts';
import { teamProgressCsv } from '../lib/team-progress-csv.ts';
import { requireAdmin } from '../plugins/sessions.ts';

const TagParams = z.object({ tag: z.string().trim().toLowerCase().max(64) });
const TeamIdParams = z.object({ id: IdSchema });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** The instructor's calls: every one needs an admin session, else 401. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });
  const loadCohort = cohortLoader(app.db);

  /**
   * Live classroom: open showcase and results pages of the cohort follow the change. `reveal` also tells
   * them the room's reveal started (a time) or was taken back (null); it goes first, the record after.
   */
  async function announce(cohort: Cohort, reveal?: { revealedAt: string | null }) {
    try {
      if (reveal) await app.cohortEvents.publish(cohort.tag, { type: 'reveal', ...reveal });
      await app.cohortEvents.publish(cohort.tag, { type: 'cohort', cohort });
    } catch (error) {
      app.log.warn({ err: error }, 'cohort event not published');
    }
  }

  // The list carries every team's code and access token.
  app.get(
    '/api/teams',
    { onRequest: noStore, schema: { response: { 200: z.array(AdminTeamSchema), ...errors } } },
    async () => listTeamsForAdmin(app.db),
  );

  /**
   * A leaked code: the team gets a new Workspace Code and a new access token, every session of the team
   * ends (on every device), and its answers stay. The answer carries the new code and token.
   */
  app.post(
    '/api/admin/teams/:id/rotate-code',
    {
      onRequest: noStore,
      schema: { params: TeamIdParams, response: { 200: TeamSchema, 503: ErrorResponseSchema, ...errors } },
    },
    async (request) => {
      let team: Awaited<ReturnType<typeof replaceTeamCode>>;
      try {
        team = await replaceTeamCode(app.db, request.params.id);
      } catch (error) {
        if (error instanceof NoFreeCodeError) throw unavailable(MESSAGES.noFreeCode);
        throw error;
      }
      if (!team) throw notFound(MESSAGES.workspaceNotFound);
      // Its sessions are gone from the database; this instance stops counting them as sessions too.
      app.knownSessions.forgetOwner(team.id);
      // ...and every stream they opened ends, on every instance.
      await app.endStreams({ teamSessionsOf: team.id });
      await app.adminEvents.publish(team.id, 'code');
      request.log.info({ teamId: team.id }, 'workspace code and access token replaced');
      return toTeam(team);
    },
  );

  app.get(
    '/api/admin/cohorts',
    { schema: { response: { 200: z.array(AdminCohortSchema), ...errors } } },
    async () => listCohortsForAdmin(app.db, false),
  );

  app.get(
    '/api/admin/cohorts/archived',
    { schema: { response: { 200: z.array(AdminCohortSchema), ...errors } } },
    async () => listCohortsForAdmin(app.db, true),
  );

  app.post(
    '/api/admin/cohorts',
    {
      schema: {
        body: CreateCohortBodySchema,
        response: { 201: CohortSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const row = await createCohort(app.db, request.body);
        return reply.status(201).send(toCohort(row));
      } catch (error) {
        if (error instanceof CohortTagTakenError) {
          throw conflict(MESSAGES.cohortTagTaken(request.body.tag));
        }
        throw error;
      }
    },
  );

  // Static segments win over `:tag` in Fastify's router, whatever the order; this one is first anyway.
  app.patch(
    '/api/admin/cohorts/unassign-teams',
    { schema: { body: TeamIdsBodySchema, response: { 200: TeamAssignmentResultSchema, ...errors } } },
    async (request) => {
      const updated = await moveTeams(request.body.teamIds, null);
      return { cohortTag: null, updated };
    },
  );

  app.patch(
    '/api/admin/cohorts/:tag',
    {
      schema: {
        params: TagParams,
        body: UpdateCohortBodySchema,
        response: { 200: CohortSchema, ...errors },
      },
    },
    async (request) => {
      const [name, value] = Object.entries(request.body).find(([, v]) => v !== undefined) as [
        CohortSwitch,
        boolean,
      ];
      const row = await setCohortSwitch(app.db, request.params.tag, name, value);
      if (!row) throw notFound(MESSAGES.cohortNotFound);
      const cohort = toCohort(row);
      // Hiding the results takes the reveal back: every open results page hides the winners again.
      await announce(cohort, name === 'resultsVisible' && !value ? { revealedAt: null } : undefined);
      return cohort;
    },
  );

  /**
   * The room's reveal: every open results page of the cohort runs the winners' reveal from this moment.
   * Stored once; pressing again answers the stored time and starts nothing again.
   */
  app.post(
    '/api/admin/cohorts/:tag/reveal',
    {
      schema: {
        params: TagParams,
        response: { 200: RevealResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await revealCohort(app.db, request.params.tag);
      if (result.outcome === 'unknown') throw notFound(MESSAGES.cohortNotFound);
      if (result.outcome === 'hidden') throw conflict(MESSAGES.revealBeforeRelease);
      const cohort = toCohort(result.cohort);
      const revealedAt = cohort.revealedAt!;
      if (result.outcome === 'started') {
        request.log.info({ tag: cohort.tag }, 'reveal started');
        await announce(cohort, { revealedAt });
      }
      return { revealedAt };
    },
  );

  app.post(
    '/api/admin/cohorts/:tag/teams',
    {
      schema: {
        params: TagParams,
        body: TeamIdsBodySchema,
        response: { 200: TeamAssignmentResultSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const cohort = await loadCohort(request.params.tag);
      if (cohort.archivedAt) throw conflict(MESSAGES.cohortArchivedNoTeams);
      const updated = await moveTeams(request.body.teamIds, cohort.tag);
      return { cohortTag: cohort.tag, updated };
    },
  );

  for (const action of ['archive', 'unarchive'] as const) {
    app.post(
      `/api/admin/cohorts/:tag/${action}`,
      { schema: { params: TagParams, response: { 200: CohortSchema, ...errors } } },
      async (request) => {
        const row = await setCohortArchived(app.db, request.params.tag, action === 'archive');
        if (!row) throw notFound(MESSAGES.cohortNotFound);
        const cohort = toCohort(row);
        await announce(cohort);
        return cohort;
      },
    );
  }

  app.get('/api/admin/export', async (request, reply) => {
    const fileName = `team-progress-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(teamProgressCsv(app.db, (error) => request.log.error({ err: error }, 'export failed')));
  });

  /** Moves the teams; every cohort that lost or gained one hears its counts, the dashboards each team. */
  async function moveTeams(teamIds: string[], tag: string | null): Promise<number> {
    try {
      const moved = await setTeamsCohort(app.db, teamIds, tag);
      for (const cohortTag of moved.cohortTags) await announceCounts(app, cohortTag);
      await app.adminEvents.publish(moved.teamIds, 'cohort');
      return moved.teamIds.length;
    } catch (error) {
      if (error instanceof UnknownTeamsError) {
        throw badRequest(MESSAGES.unknownTeams);
      }
      throw error;
    }
  }
};
