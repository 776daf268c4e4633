import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import {
  PHASE_DATA_MAX_BYTES,
  PhaseDataRecordSchema,
  PhaseParamSchema,
  SavePhaseDataBodySchema,
} from '../../shared/schemas/phase-data.ts';
import { FactsResponseSchema, SaveFactsBodySchema } from '../../shared/schemas/facts.ts';
import type { AnswersEvent } from '../../shared/schemas/team-events.ts';
import { teamChange } from '../live/admin-events.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { liveChannel } from '../live/event-bus.ts';
import { MESSAGES } from '../lib/messages.ts';
import { COOKIE_NAMES, requireTeamAccess } from '../plugins/sessions.ts';
import {
  findPhaseData,
  isAnswersTooLarge,
  listFacts,
  listPhaseData,
  type SavedAnswers,
  saveFacts,
  savePhaseData,
  savePhaseDataForTeamSession,
  toPhaseDataRecord,
} from './queries.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  413: ErrorResponseSchema,
};

const tooLargeError = () => new HttpError(413, MESSAGES.answersTooLarge);

const FactParams = z.object({ teamId: IdSchema });

/**
 * A team's work: each activity's answers (merged field by field, docs/decisions/014-merging-saves.md) and
 * its shared facts (one copy per team, read and written by every activity that shows them). The team's own
 * session or an admin's.
 */
export const phaseDataRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Every open page of the team hears of the save, with the values it wrote, and every instructor's
   * progress stream that the team saved: both built here from the shared event schemas. Another instance
   * is told only when the save found a stream there that would hear it; else nothing leaves this process.
   */
  function announceSave({ record, written, elsewhere }: SavedAnswers, clientId: string | null) {
    const answers: AnswersEvent = {
      type: 'answers',
      teamId: record.teamId,
      phaseNumber: record.phaseNumber,
      version: record.version,
      updatedAt: record.updatedAt,
      clientId,
      changed: written,
      values: Object.fromEntries(
        written.filter((id) => id in record.data).map((id) => [id, record.data[id]]),
      ),
    };
    return app.announce.each([
      { channel: liveChannel.team(record.teamId), event: answers, others: elsewhere.teamPage },
      {
        channel: liveChannel.admin(),
        event: teamChange(record.teamId, 'saved'),
        others: elsewhere.adminStream,
      },
    ]);
  }

  app.post(
    '/api/phase-data',
    {
      // Room for 64 KiB of answers plus the envelope; the answers themselves are measured below.
      bodyLimit: PHASE_DATA_MAX_BYTES * 2,
      schema: { body: SavePhaseDataBodySchema, response: { 200: PhaseDataRecordSchema, ...errors } },
    },
    async (request) => {
      const { teamId, phaseNumber, data, changed, baseVersion, clientId } = request.body;
      const tooLarge = Buffer.byteLength(JSON.stringify(data)) > PHASE_DATA_MAX_BYTES;
      const save = { data, changed, baseVersion };
      // Other instances listen only through the database; the only instance has nobody to tell.
      const context = { instance: app.liveEvents.notifyTarget ? app.liveEvents.instanceId : null };
      let saved: SavedAnswers | undefined;
      try {
        // A team saving its own answers: checked and saved in one query. Anything else (no or another
        // team's session, an admin, too much data) takes the general path below, which refuses exactly
        // as before; nothing has been written.
        const token = request.cookies[COOKIE_NAMES.team];
        if (token && !tooLarge) {
          saved = await savePhaseDataForTeamSession(app.database, token, teamId, phaseNumber, save, context);
          // The save proved the session: from now on the flood limit counts it per session.
          if (saved) app.knownSessions.remember(token, teamId);
        }
        if (!saved) {
          await requireTeamAccess(request, teamId);
          if (tooLarge) throw tooLargeError();
          saved = await savePhaseData(app.database, teamId, phaseNumber, save, context);
        }
      } catch (error) {
        // Each save is small, but merged answers grow: the stored activity has the same bound.
        if (isAnswersTooLarge(error)) throw tooLargeError();
        throw error;
      }
      await announceSave(saved, clientId ?? null);
      return saved.record;
    },
  );

  app.get(
    '/api/phase-data/:teamId/:phase',
    {
      schema: {
        params: z.object({ teamId: IdSchema, phase: PhaseParamSchema }),
        response: { 200: PhaseDataRecordSchema, ...errors },
      },
    },
    async (request) => {
      await requireTeamAccess(request, request.params.teamId);
      const row = await findPhaseData(app.db, request.params.teamId, request.params.phase);
      if (!row) throw notFound(MESSAGES.noSavedAnswers);
      return toPhaseDataRecord(row);
    },
  );

  app.get(
    '/api/phase-data/:teamId',
    {
      schema: {
        params: z.object({ teamId: IdSchema }),
        response: { 200: z.array(PhaseDataRecordSchema), ...errors },
      },
    },
    async (request) => {
      await requireTeamAccess(request, request.params.teamId);
      const rows = await listPhaseData(app.db, request.params.teamId);
      return rows.map(toPhaseDataRecord);
    },
  );

  app.get(
    '/api/teams/:teamId/facts',
    { schema: { params: FactParams, response: { 200: FactsResponseSchema, ...errors } } },
    async (request) => {
      await requireTeamAccess(request, request.params.teamId);
      return { facts: await listFacts(app.db, request.params.teamId) };
    },
  );

  app.post(
    '/api/teams/:teamId/facts',
    {
      schema: {
        params: FactParams,
        body: SaveFactsBodySchema,
        response: { 200: FactsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { teamId } = request.params;
      await requireTeamAccess(request, teamId);
      const { values, givenIn, clientId } = request.body;
      const saved = await saveFacts(app.db, teamId, values as Record<string, string>, givenIn);
      // Every open page of the team hears of the save (on PostgreSQL, other instances' pages too), and the
      // instructors' dashboards follow the team's progress.
      await app.announce.team(teamId, { type: 'facts', clientId: clientId ?? null, facts: saved.written });
      await app.announce.progress(teamId, 'saved');
      return { facts: saved.facts };
    },
  );
};
