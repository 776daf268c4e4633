import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TeamAssignmentResultSchema } from '../../shared/schemas/admin.ts';
import {
  AdminCohortSchema,
  type Cohort,
  CohortJoinBodySchema,
  CohortJoinPreviewSchema,
  CohortJoinResultSchema,
  type CohortEvent,
  type CohortSwitch,
  CohortSchema,
  CohortStatusSchema,
  CreateCohortBodySchema,
  REVEAL_STEPS,
  RevealBodySchema,
  RevealHoldResponseSchema,
  RevealResponseSchema,
  TeamIdsBodySchema,
  UpdateCohortBodySchema,
  joinCodeOf,
} from '../../shared/schemas/cohort.ts';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import { NO_PACE, PaceStateSchema, UpdatePaceBodySchema } from '../../shared/schemas/pace.ts';
import { DeletedCohortSchema } from '../../shared/schemas/data-deletion.ts';
import { guarded } from '../lib/attempt-limiter.ts';
import { clientKey } from '../lib/client-key.ts';
import { badRequest, conflict, notFound } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { adminOnly, requireTeamAccess } from '../plugins/sessions.ts';
import { findTeamById } from '../teams/queries.ts';
import { countBallots } from '../voting/queries.ts';
import { runnableProgramme } from '../programmes/lookup.ts';
import { cohortProgramme } from '../programmes/queries.ts';
import { STANDARD_PROGRAMME_ID } from '../../shared/schemas/programmes.ts';
import { joinMissLimiter } from './join-limit.ts';
import { CohortTagParams, cohortLoader, cohortTag } from './lookup.ts';
import {
  CohortTagTakenError,
  cohortPaceState,
  createCohort,
  deleteArchivedCohort,
  findCohortByJoinCode,
  findCohortByTag,
  holdCohortReveal,
  type JoinOutcome,
  joinCohortByCode,
  listCohortsForAdmin,
  listCohortTeamIds,
  revealCohort,
  setCohortArchived,
  setCohortPace,
  setCohortSwitch,
  setTeamsCohort,
  toCohort,
  toPace,
  UnknownTeamsError,
} from './queries.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

const JoinParams = z.object({ teamId: IdSchema });
const JoinPreviewParams = z.object({ teamId: IdSchema, code: z.string().max(64) });

/**
 * Cohorts: anyone reads a cohort's record and its switches (its live stream: src/server/live/routes.ts);
 * instructors (`adminOnly`) list, create, switch, reveal, fill, archive and delete them.
 */
export const cohortRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadCohort = cohortLoader(app.db);
  const joinMisses = joinMissLimiter(app.db, app.database?.kind === 'postgres');
  /**
   * A join or room code looked up: a miss counts against the address, on the bucket every code look-up of
   * the app shares (a Workspace Code's too: decision 036), and against the team (decision 035). A room code
   * has 24 bits, so the address's bucket is what bounds a guesser; a code that exists counts for neither.
   */
  const guardedJoin = <T>(request: FastifyRequest, teamId: string, attempt: () => Promise<T | undefined>) =>
    guarded(app.lookupAttempts, clientKey(request), () => guarded(joinMisses, teamId, attempt));

  /** The cohort's pace now, to its stream and its teams' (after a change of the pace or of its archive). */
  async function announcePace(tag: string) {
    // Like a failed publish (the announcer's policy): the change has landed, so a failed read is logged once.
    const state = await cohortPaceState(app.db, tag).catch((error: unknown) => {
      app.log.warn({ err: error, tag }, 'pace not read after a change; not published');
      return undefined;
    });
    if (state) await app.announce.pace(tag, state);
  }

  /**
   * Live classroom: open showcase and results pages of the cohort follow the change. `reveal` also tells
   * them the room's reveal started (a time) or was taken back (null); it goes first, the record after.
   */
  function announceCohort(cohort: Cohort, reveal?: { revealedAt: string | null; revealStep: number }) {
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
    // A team whose avatar another team of the cohort held got a free one.
    if (moved.avatarsChanged.length > 0) await app.announce.progress(moved.avatarsChanged, 'avatar');
    await app.announce.paceOfTeams(moved.teamIds, tag);
    await app.announce.programmeOfTeams(moved.teamIds);
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
      const { name, competitionEnabled, votingOpen, resultsVisible, revealedAt, revealStep, revealHeld } =
        cohort;
      const [counts, paceState, programme] = await Promise.all([
        countBallots(app.db, cohort.tag),
        cohortPaceState(app.db, cohort.tag),
        cohortProgramme(app.db, cohort.tag),
      ]);
      const { pace, now: clock } = paceState ?? { pace: NO_PACE, now: new Date().toISOString() };
      return {
        name,
        competitionEnabled,
        votingOpen,
        resultsVisible,
        revealedAt,
        revealStep,
        revealHeld,
        ...counts,
        pace,
        clock,
        programme,
      };
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
      // Programmes are never deleted, nor their versions: one found runnable here still is at the insert.
      const { stored: programmeId } = await runnableProgramme(
        app.db,
        request.body.programmeId ?? STANDARD_PROGRAMME_ID,
      );
      try {
        const row = await createCohort(app.db, { ...request.body, programmeId });
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
      await announceCohort(
        cohort,
        name === 'resultsVisible' && !value ? { revealedAt: null, revealStep: 0 } : undefined,
      );
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
        body: RevealBodySchema,
        response: { 200: RevealResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const step = request.body?.step ?? REVEAL_STEPS.all;
      const result = await revealCohort(app.db, cohortTag(request.params.tag), step);
      if (result.outcome === 'unknown') throw notFound(MESSAGES.cohortNotFound);
      if (result.outcome === 'hidden') throw conflict(MESSAGES.revealBeforeRelease);
      const cohort = toCohort(result.cohort);
      const revealedAt = cohort.revealedAt!;
      const { revealStep } = cohort;
      if (result.outcome === 'started') {
        request.log.info({ tag: cohort.tag, revealStep }, 'reveal moved');
        await announceCohort(cohort, { revealedAt, revealStep });
      }
      return { revealedAt, revealStep };
    },
  );

  app.post(
    '/api/admin/cohorts/:tag/reveal/hold',
    {
      onRequest: adminOnly,
      schema: { params: CohortTagParams, response: { 200: RevealHoldResponseSchema, ...errors } },
    },
    async (request) => {
      const held = await holdCohortReveal(app.db, cohortTag(request.params.tag));
      if (!held) throw notFound(MESSAGES.cohortNotFound);
      // Teams' pages drop any result they hold and wait for the big screen.
      if (held.changed) await announceCohort(toCohort(held.cohort));
      return { revealHeld: true };
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
        // An archived cohort's room has no pace; restored, it has its own again.
        await announcePace(cohort.tag);
        return cohort;
      },
    );
  }

  /**
   * Pacing the room (docs/product.md, Pacing the room and joining a cohort): sets or clears the message,
   * "Now: Activity N" and the countdown; every open page of the cohort's teams, its projector view and the
   * instructors' cards follow.
   */
  app.patch(
    '/api/admin/cohorts/:tag/pace',
    {
      onRequest: adminOnly,
      schema: {
        params: CohortTagParams,
        body: UpdatePaceBodySchema,
        response: { 200: PaceStateSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const cohort = await loadCohort(request.params.tag);
      if (cohort.archivedAt) throw conflict(MESSAGES.cohortArchivedNoPace);
      const updated = await setCohortPace(app.db, cohort.tag, request.body);
      if (!updated) throw notFound(MESSAGES.cohortNotFound);
      const state = { pace: toPace(updated.cohort), now: updated.now };
      await app.announce.pace(cohort.tag, state);
      return state;
    },
  );

  /** What the team would join: the cohort's name, and the cohort it is in now. */
  app.get(
    '/api/teams/:teamId/cohort-join/:code',
    {
      schema: {
        params: JoinPreviewParams,
        response: {
          200: CohortJoinPreviewSchema,
          403: ErrorResponseSchema,
          409: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { teamId } = request.params;
      await requireTeamAccess(request, teamId);
      const cohort = await guardedJoin(request, teamId, async () => {
        const code = joinCodeOf(request.params.code);
        return code ? findCohortByJoinCode(app.db, code) : undefined;
      });
      if (!cohort) throw notFound(MESSAGES.unknownJoinCode);
      if (cohort.archivedAt) throw conflict(MESSAGES.joinArchived(cohort.name));
      if (!cohort.joiningOpen) throw conflict(MESSAGES.joiningClosed(cohort.name));
      const team = await findTeamById(app.db, teamId);
      if (!team) throw notFound(MESSAGES.workspaceNotFound);
      const current = team.cohortTag ? await findCohortByTag(app.db, team.cohortTag) : undefined;
      return {
        cohort: { tag: cohort.tag, name: cohort.name },
        from: current ? { tag: current.tag, name: current.name } : null,
      };
    },
  );

  /**
   * A team joins a cohort by its join code, once it confirmed ("Join cohort X?"); a team in another cohort
   * also confirms the move (`move: true`). Joining again is harmless (`joined: false`).
   */
  app.post(
    '/api/teams/:teamId/cohort-join',
    {
      schema: {
        params: JoinParams,
        body: CohortJoinBodySchema,
        response: {
          200: CohortJoinResultSchema,
          403: ErrorResponseSchema,
          409: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { teamId } = request.params;
      await requireTeamAccess(request, teamId);
      const code = joinCodeOf(request.body.code);
      const result: JoinOutcome = (await guardedJoin(request, teamId, async () => {
        if (!code) return undefined;
        const outcome = await joinCohortByCode(app.db, teamId, code, request.body.move === true);
        return outcome.outcome === 'unknown-code' ? undefined : outcome;
      })) ?? { outcome: 'unknown-code' };
      switch (result.outcome) {
        case 'unknown-code':
          throw notFound(MESSAGES.unknownJoinCode);
        case 'unknown-team':
          throw notFound(MESSAGES.workspaceNotFound);
        case 'archived':
          throw conflict(MESSAGES.joinArchived(result.cohort.name));
        case 'closed':
          throw conflict(MESSAGES.joiningClosed(result.cohort.name));
        case 'needs-move':
          throw conflict(MESSAGES.confirmMove(result.from.name, result.cohort.name));
        case 'already':
          return { cohort: result.cohort, from: result.from, joined: false };
        case 'joined': {
          const { cohort, from } = result;
          request.log.info({ tag: cohort.tag, teamId }, 'team joined a cohort by its join link');
          for (const tag of [from?.tag, cohort.tag]) if (tag) await app.announce.ballotCounts(tag);
          await app.announce.progress(teamId, 'cohort');
          if (result.avatarChanged) await app.announce.progress(teamId, 'avatar');
          await app.announce.paceOfTeams([teamId], cohort.tag);
          await app.announce.programmeOfTeams([teamId]);
          const team = await findTeamById(app.db, teamId).catch(() => undefined);
          await app.announce.joined({
            type: 'joined',
            teamId,
            teamName: team?.name ?? '',
            cohortTag: cohort.tag,
            cohortName: cohort.name,
          });
          return { cohort, from, joined: true };
        }
      }
    },
  );

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
      // Its teams run the standard from now on (their programme was the cohort's): their pages are told.
      const teamIds = await listCohortTeamIds(app.db, cohort.tag);
      const deleted = await deleteArchivedCohort(app.db, cohort.tag);
      // Restored or deleted by another instructor in the meantime.
      if (!deleted) {
        if (await findCohortByTag(app.db, cohort.tag)) throw conflict(MESSAGES.cohortStillActive);
        throw notFound(MESSAGES.cohortNotFound);
      }
      await app.announce.endStreams({ cohort: deleted.tag });
      await app.announce.ballotCounts(deleted.tag);
      await app.announce.programmeOfTeams(teamIds);
      return deleted;
    },
  );
};
