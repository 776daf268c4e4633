import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import {
  PHASE_DATA_MAX_BYTES,
  PhaseDataRecordSchema,
  PhaseParamSchema,
  SavePhaseDataBodySchema,
} from '../../shared/schemas/phase-data.ts';
import {
  findPhaseData,
  listPhaseData,
  savePhaseData,
  savePhaseDataForTeamSession,
  toPhaseDataRecord,
} from '../db/phase-data.ts';
import { findTeamById } from '../db/teams.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { COOKIE_NAMES, requireTeamAccess } from '../plugins/sessions.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  413: ErrorResponseSchema,
};

export const phaseDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/phase-data',
    {
      // Room for 64 KiB of answers plus the envelope; the answers themselves are measured below.
      bodyLimit: PHASE_DATA_MAX_BYTES * 2,
      schema: { body: SavePhaseDataBodySchema, response: { 200: PhaseDataRecordSchema, ...errors } },
    },
    async (request) => {
      const { teamId, phaseNumber, data } = request.body;
      // Serialised once: measured here, stored as is.
      const dataJson = JSON.stringify(data);
      const tooLarge = Buffer.byteLength(dataJson) > PHASE_DATA_MAX_BYTES;
      // A team saving its own answers: checked and saved in one query. Anything else (no or another
      // team's session, an admin, too much data) takes the general path below, which refuses exactly as
      // before; nothing has been written.
      const token = request.cookies[COOKIE_NAMES.team];
      if (token && !tooLarge) {
        const saved = await savePhaseDataForTeamSession(app.db, token, teamId, phaseNumber, dataJson);
        if (saved) {
          // The save proved the session: from now on the flood limit counts it per session.
          app.knownSessions.remember(token, teamId);
          return saved;
        }
      }
      await requireTeamAccess(request, teamId);
      if (tooLarge) throw new HttpError(413, MESSAGES.answersTooLarge);
      // An admin may name a team that does not exist; a team's own session proves it does.
      if (!(await request.sessionTeam()) && !(await findTeamById(app.db, teamId))) {
        throw notFound(MESSAGES.workspaceNotFound);
      }
      return savePhaseData(app.db, teamId, phaseNumber, dataJson);
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
};
