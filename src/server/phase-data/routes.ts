import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import {
  PHASE_DATA_BODY_LIMIT,
  PHASE_DATA_MAX_BYTES,
  PhaseDataRecordSchema,
  PhaseParamSchema,
  SavedPhaseDataSchema,
  SavePhaseDataBodySchema,
} from '../../shared/schemas/phase-data.ts';
import { FACT_VALUE_MAX, FactsResponseSchema, SaveFactsBodySchema } from '../../shared/schemas/facts.ts';
import type { AnswersEvent } from '../../shared/schemas/team-events.ts';
import { planSave, type SaveRequest } from '../../shared/answer-merge.ts';
import { wholeNumberProblem } from '../../shared/phase-config.ts';
import type { TeamActivityFields } from '../programmes/team-fields.ts';
import { teamChange } from '../live/admin-events.ts';
import { badRequest, conflict, HttpError, notFound, unavailable } from '../lib/http-error.ts';
import { liveChannel } from '../live/event-bus.ts';
import { MESSAGES } from '../lib/messages.ts';
import { COOKIE_NAMES, requireTeamAccess } from '../plugins/sessions.ts';
import {
  findPhaseData,
  isAnswersTooLarge,
  listFacts,
  listPhaseData,
  type SavedAnswers,
  FactTooLong,
  SaveContended,
  saveFacts,
  savePhaseData,
  savePhaseDataForTeamSession,
  TextEditRefused,
  toPhaseDataRecord,
} from './queries.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  413: ErrorResponseSchema,
  503: ErrorResponseSchema,
};

const tooLargeError = () => new HttpError(413, MESSAGES.answersTooLarge);

/**
 * A save's failure as the caller is told it: a text edit that cannot be read (400) or no longer fits the
 * stored text (409: the page reads the answer again and types its change on it), saves that kept crossing
 * (503), an activity past its bound (413). Anything else is the server's own.
 */
function saveError(error: unknown): unknown {
  if (error instanceof TextEditRefused) {
    return error.refusal === 'unreadable'
      ? badRequest(MESSAGES.textEditUnreadable(error.field))
      : conflict(MESSAGES.textEditConflict(error.field));
  }
  if (error instanceof SaveContended) return unavailable(MESSAGES.saveContended);
  if (error instanceof FactTooLong)
    return new HttpError(413, MESSAGES.factTooLong(error.field, FACT_VALUE_MAX));
  if (isAnswersTooLarge(error)) return tooLargeError();
  return error;
}

const FactParams = z.object({ teamId: IdSchema });

/**
 * A team's work: each activity's answers (merged field by field, docs/decisions/014-merging-saves.md) and
 * its shared facts (one copy per team, read and written by every activity that shows them). The team's own
 * session or an admin's.
 */
export const phaseDataRoutes: FastifyPluginAsyncZod<{ activityFields: TeamActivityFields }> = async (
  app,
  { activityFields },
) => {
  /**
   * A save's values that break a rule of their field as the team runs the activity (a number field takes a
   * whole number in its range): 400 naming the first, nothing written; to a caller who may save the team's
   * answers only (anyone else is refused as ever, 401 or 403).
   */
  async function refuseBadNumbers(
    request: FastifyRequest,
    teamId: string,
    phaseNumber: number,
    save: SaveRequest,
  ) {
    const fields = await activityFields.of(teamId, phaseNumber);
    const { values } = planSave(save);
    for (const field of fields) {
      if (field.type !== 'number' || !Object.hasOwn(values, field.id)) continue;
      const problem = wholeNumberProblem(field, values[field.id]);
      if (!problem) continue;
      await requireTeamAccess(request, teamId);
      throw badRequest(MESSAGES.numberAnswer(field.id, field.label, problem));
    }
  }

  /**
   * Every open page of the team hears of the save, with the values it wrote, and every instructor's
   * progress stream that the team saved: both built here from the shared event schemas. Another instance
   * is told only when the save found a stream there that would hear it; else nothing leaves this process.
   */
  function announceSave({ record, written, elsewhere, deltas }: SavedAnswers, clientId: string | null) {
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
      ...(Object.keys(deltas).length > 0 ? { textUpdates: deltas } : {}),
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
      // The answers themselves are measured below.
      bodyLimit: PHASE_DATA_BODY_LIMIT,
      schema: { body: SavePhaseDataBodySchema, response: { 200: SavedPhaseDataSchema, ...errors } },
    },
    async (request) => {
      const { teamId, phaseNumber, data, changed, baseVersion, clientId, text } = request.body;
      const tooLarge = Buffer.byteLength(JSON.stringify(data)) > PHASE_DATA_MAX_BYTES;
      const save = { data, changed, baseVersion, text };
      await refuseBadNumbers(request, teamId, phaseNumber, save);
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
        throw saveError(error);
      }
      await announceSave(saved, clientId ?? null);
      const { replies } = saved;
      return Object.keys(replies).length > 0 ? { ...saved.record, textUpdates: replies } : saved.record;
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
      const { values, givenIn, clientId, text } = request.body;
      let saved: Awaited<ReturnType<typeof saveFacts>>;
      try {
        saved = await saveFacts(
          app.db,
          teamId,
          values as Record<string, string>,
          givenIn,
          (text ?? {}) as Record<string, { update: string; sv: string }>,
        );
      } catch (error) {
        throw saveError(error);
      }
      // Every open page of the team hears of the save (on PostgreSQL, other instances' pages too), and the
      // instructors' dashboards follow the team's progress.
      await app.announce.team(teamId, { type: 'facts', clientId: clientId ?? null, facts: saved.written });
      await app.announce.progress(teamId, 'saved');
      return { facts: saved.facts };
    },
  );
};
