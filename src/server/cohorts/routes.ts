import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TeamAssignmentResultSchema } from '../../shared/schemas/admin.ts';
import {
  AdminCohortSchema,
  type Cohort,
  type CohortEvent,
  type CohortSwitch,
  CohortSchema,
  CohortStatusSchema,
  CreateCohortBodySchema,
  RevealResponseSchema,
  TeamIdsBodySchema,
  UpdateCohortBodySchema,
} from '../../shared/schemas/cohort.ts';
import { ErrorResponseSchema } from '../../shared/schemas/common.ts';
import { DeletedCohortSchema } from '../../shared/schemas/data-deletion.ts';
import { badRequest, conflict, notFound } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { adminOnly } from '../plugins/sessions.ts';
import { countBallots } from '../voting/queries.ts';
import { CohortTagParams, cohortLoader, cohortTag } from './lookup.ts';
import {
  CohortTagTakenError,
  createCohort,
  deleteArchivedCohort,
  findCohortByTag,
  listCohortsForAdmin,
  revealCohort,
  setCohortArchived,
  setCohortSwitch,
  setTeamsCohort,
  toCohort,
  UnknownTeamsError,
} from './queries.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/**
 * Cohorts: anyone reads a cohort's record and its switches (its live stream: src/server/live/routes.ts);
 * instructors (`adminOnly`) list, create, switch, reveal, fill, archive and delete them.
 */
export const cohortRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadCohort = cohortLoader(app.db);

  /**
   * Live classroom: open showcase and results pages of the cohort follow the change. `reveal` also tells
   * them the room's reveal started (a time) or was taken back (null); it goes first, the record after.
   */
  function announceCohort(cohort: Cohort, reveal?: { revealedAt: string | null }) {
    const record: CohortEvent = { type: 'cohort', cohort };
    return reveal
      ? app.announce.cohort(cohort.tag, { type: 'reveal', ...reveal }, record)
      : app.announce.cohort(cohort.tag, record);
  }

  /** Moves the teams; every cohort that lost or gained one hears its counts, the dashboards each team. */
  async function moveTeams(teamIds: string[], tag: string | null): Promise<number> {
    let moved: Awaited<ReturnType<typeof setTeamsCohort>>;
    try {
      moved = await setTeamsCohort(app.db, teamIds, tag);
    } catch (error) {
      if (error instanceof UnknownTeamsError) throw badRequest(MESSAGES.unknownTeams);
      throw error;
    }
    for (const cohortTag of moved.cohortTags) await app.announce.ballotCounts(cohortTag);
    await app.announce.progress(moved.teamIds, 'cohort');
    return moved.teamIds.length;
  }

  app.get(
    '/api/cohorts/:tag',
    { schema: { params: CohortTagParams, response: { 200: CohortSchema, 404: ErrorResponseSchema } } },
    async (request) => toCohort(await loadCohort(request.params.tag)),
  );

  app.get(
    '/api/cohorts/:tag/status',
    { schema: { params: CohortTagParams, response: { 200: CohortStatusSchema, 404: ErrorResponseSchema } } },
    async (request) => {
      const cohort = toCohort(await loadCohort(request.params.tag));
      const { name, competitionEnabled, votingOpen, resultsVisible, revealedAt } = cohort;
      const counts = await countBallots(app.db, cohort.tag);
      return { name, competitionEnabled, votingOpen, resultsVisible, revealedAt, ...counts };
    },
  );

  app.get(
    '/api/admin/cohorts',
    { onRequest: adminOnly, schema: { response: { 200: z.array(AdminCohortSchema), ...errors } } },
    async () => listCohortsForAdmin(app.db, false),
  );

  app.get(
    '/api/admin/cohorts/archived',
    { onRequest: adminOnly, schema: { response: { 200: z.array(AdminCohortSchema), ...errors } } },
    async () => listCohortsForAdmin(app.db, true),
  );

  app.post(
    '/api/admin/cohorts',
    {
      onRequest: adminOnly,
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
    {
      onRequest: adminOnly,
      schema: { body: TeamIdsBodySchema, response: { 200: TeamAssignmentResultSchema, ...errors } },
    },
    async (request) => {
      const updated = await moveTeams(request.body.teamIds, null);
      return { cohortTag: null, updated };
    },
  );

  app.patch(
    '/api/admin/cohorts/:tag',
    {
      onRequest: adminOnly,
      schema: {
        params: CohortTagParams,
        body: UpdateCohortBodySchema,
        response: { 200: CohortSchema, ...errors },
      },
    },
    async (request) => {
      const [name, value] = Object.entries(request.body).find(([, v]) => v !== undefined) as [
        CohortSwitch,
        boolean,
      ];
      const row = await setCohortSwitch(app.db, cohortTag(request.params.tag), name, value);
      if (!row) throw notFound(MESSAGES.cohortNotFound);
      const cohort = toCohort(row);
      // Hiding the results takes the reveal back: every open results page hides the winners again.
      await announceCohort(cohort, name === 'resultsVisible' && !value ? { revealedAt: null } : undefined);
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
      onRequest: adminOnly,
      schema: {
        params: CohortTagParams,
        response: { 200: RevealResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await revealCohort(app.db, cohortTag(request.params.tag));
      if (result.outcome === 'unknown') throw notFound(MESSAGES.cohortNotFound);
      if (result.outcome === 'hidden') throw conflict(MESSAGES.revealBeforeRelease);
      const cohort = toCohort(result.cohort);
      const revealedAt = cohort.revealedAt!;
      if (result.outcome === 'started') {
        request.log.info({ tag: cohort.tag }, 'reveal started');
        await announceCohort(cohort, { revealedAt });
      }
      return { revealedAt };
    },
  );

  app.post(
    '/api/admin/cohorts/:tag/teams',
    {
      onRequest: adminOnly,
      schema: {
        params: CohortTagParams,
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
      {
        onRequest: adminOnly,
        schema: { params: CohortTagParams, response: { 200: CohortSchema, ...errors } },
      },
      async (request) => {
        const archived = action === 'archive';
        const row = await setCohortArchived(app.db, cohortTag(request.params.tag), archived);
        if (!row) throw notFound(MESSAGES.cohortNotFound);
        const cohort = toCohort(row);
        await announceCohort(cohort);
        return cohort;
      },
    );
  }

  /** Deleting data on request: an archived cohort goes; its teams stay, in no cohort. */
  app.delete(
    '/api/admin/cohorts/:tag',
    {
      onRequest: adminOnly,
      schema: {
        params: CohortTagParams,
        response: { 200: DeletedCohortSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const cohort = await loadCohort(request.params.tag);
      if (!cohort.archivedAt) throw conflict(MESSAGES.cohortStillActive);
      const deleted = await deleteArchivedCohort(app.db, cohort.tag);
      // Restored or deleted by another instructor in the meantime.
      if (!deleted) {
        if (await findCohortByTag(app.db, cohort.tag)) throw conflict(MESSAGES.cohortStillActive);
        throw notFound(MESSAGES.cohortNotFound);
      }
      await app.announce.endStreams({ cohort: deleted.tag });
      await app.announce.ballotCounts(deleted.tag);
      return deleted;
    },
  );
};
